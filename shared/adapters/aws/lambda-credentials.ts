import { type FromEnvInit, fromEnv } from '@aws-sdk/credential-provider-env';

/**
 * What the bundled functions get instead of `@aws-sdk/credential-provider-node`'s `defaultProvider`
 * (lib/function-bundle.ts aliases the package to this file): Lambda always hands a function its
 * role's credentials in AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY and AWS_SESSION_TOKEN, for the
 * life of the execution environment, so the first link of the SDK's chain is the only one that can
 * answer. The other links (shared ini files, SSO, web identity, process, container and instance
 * metadata) and the STS/SSO clients they carry cost every function about 100 KB, 57 KB of it read
 * at every cold start. Code run from source (`npm start`, tests, the CLI) keeps the SDK's chain.
 */
export const defaultProvider = (init: FromEnvInit = {}) => fromEnv(init);
