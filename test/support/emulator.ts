import { ensureTables, type LocalDynamo, startLocalDynamo } from '../../local/dynamodb';

/** An in-memory embedded DynamoDB with every table created; sets the env vars the adapters read. */
export async function startEmulator(): Promise<LocalDynamo> {
  process.env.LOG_LEVEL = 'silent';
  process.env.CURSOR_SECRET ??= 'integration-test-cursor-secret';
  const dynamo = await startLocalDynamo();
  process.env.DYNAMODB_ENDPOINT = dynamo.endpoint;
  await ensureTables(dynamo.endpoint, 'test');
  return dynamo;
}
