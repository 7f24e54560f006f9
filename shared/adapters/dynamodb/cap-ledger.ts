import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, type BatchGetCommandOutput, type DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { CapSlot } from '#shared/domain/sms/frequency-cap';
import { teamPk } from './keys';

/**
 * Frequency-cap ledgers in the campaigns table (`TEAM#<t>#CAP` / <e164>: the slots and a version;
 * shared/domain/sms/frequency-cap.ts): read in batches, changed only by a write conditioned on the
 * version read, so two writers never both take the last slot.
 */

export async function readCapLedgers(
  client: DynamoDBDocumentClient,
  tableName: string,
  teamId: number,
  phones: readonly string[],
): Promise<Map<string, CapSlot[]>> {
  const ledgers = new Map<string, CapSlot[]>();
  const pk = `${teamPk(teamId)}#CAP`;
  for (let i = 0; i < phones.length; i += 100) {
    let keys: Record<string, unknown>[] | undefined = [...new Set(phones.slice(i, i + 100))].map((p) => ({ pk, sk: p }));
    while (keys && keys.length > 0) {
      const result: BatchGetCommandOutput = await client.send(
        new BatchGetCommand({ RequestItems: { [tableName]: { Keys: keys, ConsistentRead: true } } }),
      );
      for (const item of result.Responses?.[tableName] ?? []) ledgers.set(String(item.sk), (item.slots as CapSlot[]) ?? []);
      keys = result.UnprocessedKeys?.[tableName]?.Keys;
    }
  }
  return ledgers;
}

export async function updateCapLedger<T>(
  client: DynamoDBDocumentClient,
  tableName: string,
  teamId: number,
  phone: string,
  change: (slots: CapSlot[]) => { slots: CapSlot[] | null; result: T },
): Promise<T> {
  const key = { pk: `${teamPk(teamId)}#CAP`, sk: phone };
  for (let attempt = 0; ; attempt++) {
    const current = await client.send(new GetCommand({ TableName: tableName, Key: key, ConsistentRead: true }));
    const version = typeof current.Item?.version === 'number' ? current.Item.version : 0;
    const { slots, result } = change((current.Item?.slots as CapSlot[] | undefined) ?? []);
    if (slots === null) return result;
    try {
      await client.send(
        new PutCommand({
          TableName: tableName,
          Item: { ...key, slots, version: version + 1 },
          ConditionExpression: version === 0 ? 'attribute_not_exists(pk)' : 'version = :version',
          ...(version === 0 ? {} : { ExpressionAttributeValues: { ':version': version } }),
        }),
      );
      return result;
    } catch (error) {
      // Another campaign changed the ledger between the read and the write: read it again.
      if (!(error instanceof ConditionalCheckFailedException) || attempt >= 50) throw error;
    }
  }
}
