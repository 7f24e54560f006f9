import type { SecretStore } from '#shared/ports/secret-store';

/** The id form of a local secret: `local:NAME` names the variable of the local process's environment that holds it. */
const LOCAL_SECRET_PREFIX = 'local:';

/** The id the local runtime gives a function for the secret kept in the process environment variable `name`. */
export function localSecretId(name: string): string {
  return `${LOCAL_SECRET_PREFIX}${name}`;
}

/**
 * The local stand-in for Secrets Manager behind the same port: `local:NAME` is read from the
 * local process's own environment (local/cli/service.ts puts the keys there from the data folder; a
 * test may set them), never from the function's declared environment, where only the id is.
 */
export class LocalSecretStore implements SecretStore {
  async get(secretId: string): Promise<string> {
    if (!secretId.startsWith(LOCAL_SECRET_PREFIX)) throw new Error(`secret ${secretId} is not a local secret (local:NAME)`);
    const value = process.env[secretId.slice(LOCAL_SECRET_PREFIX.length)];
    if (!value) throw new Error(`local secret ${secretId} is not set`);
    return value;
  }
}
