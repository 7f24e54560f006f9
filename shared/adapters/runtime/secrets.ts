import { requireEnv } from '#shared/config';
import type { SecretStore } from '#shared/ports/secret-store';

/**
 * How long a function keeps a secret before reading it again: a secret put or rotated in Secrets
 * Manager reaches every warm function within five minutes, with no redeployment.
 */
export const SECRET_MAX_AGE_SECONDS = 300;

/** Loaded on first use: a function pays for the SDK's Secrets Manager client when it first reads a secret, not at cold start. */
async function secretsManager(): Promise<SecretStore> {
  const { SecretsManagerSecretStore } = await import('#shared/adapters/aws/secrets-manager-store');
  return new SecretsManagerSecretStore(SECRET_MAX_AGE_SECONDS);
}

let build: () => Promise<SecretStore> = secretsManager;
let store: Promise<SecretStore> | undefined;

/** Where secrets come from: Secrets Manager in AWS; the local runtime and tests put their own store here first. */
export const secretStore = {
  use(local: SecretStore): void {
    build = async () => local;
    store = undefined;
  },
  reset(): void {
    build = secretsManager;
    store = undefined;
  },
};

/**
 * The reader of the secret whose id (ARN or name) the environment variable `idVariable` holds, as
 * the stack sets it (lib/service-function.ts bindSecret). The variable is read now, at module load,
 * failing fast when the function was not given the secret; the value is read when the returned
 * function is first called, and again once it is older than SECRET_MAX_AGE_SECONDS.
 */
export function secretReader(idVariable: string): () => Promise<string> {
  const secretId = requireEnv(idVariable);
  return async () => {
    store ??= build();
    return (await store).get(secretId);
  };
}
