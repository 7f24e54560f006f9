import { CURSOR_SECRET_ENV } from '#shared/adapters/runtime/resource-env';
import { secretStore } from '#shared/adapters/runtime/secrets';
import { ensureTables, type LocalDynamo, startLocalDynamo } from '../../local/dynamodb/embedded';
import { LocalSecretStore, localSecretId } from '../../local/runtime/secrets';

/** An in-memory embedded DynamoDB with every table created; sets the env vars the adapters read. */
export async function startEmulator(): Promise<LocalDynamo> {
  process.env.LOG_LEVEL = 'silent';
  process.env.CURSOR_SECRET ??= 'integration-test-cursor-secret';
  process.env[CURSOR_SECRET_ENV] ??= localSecretId('CURSOR_SECRET');
  secretStore.use(new LocalSecretStore());
  const dynamo = await startLocalDynamo();
  process.env.DYNAMODB_ENDPOINT = dynamo.endpoint;
  await ensureTables(dynamo.endpoint, 'test');
  return dynamo;
}
