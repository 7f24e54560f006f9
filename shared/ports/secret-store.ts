/**
 * Where functions read their secrets at run time (API keys, signing keys): Secrets Manager in AWS
 * (shared/adapters/aws/secrets-manager-store.ts), a local store under `npm start` and in tests
 * (local/runtime/secrets.ts). A secret never travels through a function's environment: the environment
 * holds only the secret's id (its ARN or name), and the value is asked for when it is needed.
 */
export interface SecretStore {
  /** The secret's current string value; throws when it does not exist or is not a string. */
  get(secretId: string): Promise<string>;
}
