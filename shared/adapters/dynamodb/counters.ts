import { type DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';

/**
 * Integer ids that are unique and never reused, safe under concurrency: an atomic ADD on a counter
 * item returns the new value to exactly one caller.
 */
export async function nextCounterValue(client: DynamoDBDocumentClient, tableName: string, counter: string): Promise<number> {
  const result = await client.send(
    new UpdateCommand({
      TableName: tableName,
      Key: { pk: 'COUNTER', sk: counter },
      UpdateExpression: 'ADD #v :one',
      ExpressionAttributeNames: { '#v': 'value' },
      ExpressionAttributeValues: { ':one': 1 },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  const value = result.Attributes?.value;
  if (typeof value !== 'number') throw new Error(`counter ${counter} returned no value`);
  return value;
}
