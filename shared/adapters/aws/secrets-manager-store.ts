import type { SecretsProvider } from '@aws-lambda-powertools/parameters/secrets';
import { lazy } from '#shared/lazy';
import type { SecretStore } from '#shared/ports/secret-store';

/** Powertools' provider and the SDK's Secrets Manager client, loaded on the first read, not at cold start. */
const provider = lazy(
  async (): Promise<SecretsProvider> => new (await import('@aws-lambda-powertools/parameters/secrets')).SecretsProvider(),
);

/**
 * Secrets Manager through Powertools Parameters: each value is cached in the execution environment
 * for `maxAgeSeconds`, then read again, so a rotated or newly put secret reaches warm functions
 * within that time, and a busy function asks Secrets Manager at most once per secret per period.
 */
export class SecretsManagerSecretStore implements SecretStore {
  constructor(private readonly maxAgeSeconds: number) {}

  async get(secretId: string): Promise<string> {
    const value = await (await provider()).get(secretId, { maxAge: this.maxAgeSeconds });
    if (typeof value !== 'string' || value === '') throw new Error(`secret ${secretId} has no string value`);
    return value;
  }
}
