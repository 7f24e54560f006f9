/** Test-wide environment: quiet logs, and no AWS SDK notice about the local Node 20 (Lambda runs 22). */
process.env.LOG_LEVEL ??= 'silent';
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

// The response check builds the contracts' response schemas, written in zod's classic API, which
// no deployed function loads: the tests hand it over, as the document generator does (ADR 0183).
require('#shared/contracts/contract').provideResponseZod(require('zod'));
