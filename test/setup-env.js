/** Test-wide environment: quiet logs, and no AWS SDK notice about the local Node 20 (Lambda runs 22). */
process.env.LOG_LEVEL ??= 'silent';
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
