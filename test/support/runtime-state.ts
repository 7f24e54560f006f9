import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ensureLocalTable, type LocalDynamo, localDynamoClient, startLocalDynamo } from '../../local/dynamodb/embedded';
import { RUNTIME_STATE_TABLE, RuntimeStateStore, runtimeStateTableName } from '../../local/runtime/state';

/** An in-memory embedded DynamoDB holding only the local runtime's state table, and a store on it. */
export async function startRuntimeState(): Promise<{ dynamo: LocalDynamo; state: RuntimeStateStore; stop(): Promise<void> }> {
  const dynamo = await startLocalDynamo();
  await ensureLocalTable(dynamo.endpoint, runtimeStateTableName('state-test'), RUNTIME_STATE_TABLE);
  const client = DynamoDBDocumentClient.from(localDynamoClient(dynamo.endpoint));
  return {
    dynamo,
    state: new RuntimeStateStore(client, runtimeStateTableName('state-test')),
    async stop() {
      client.destroy();
      await dynamo.stop();
    },
  };
}
