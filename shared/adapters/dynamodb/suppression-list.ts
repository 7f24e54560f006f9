import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  type BatchGetCommandOutput,
  DeleteCommand,
  type DeleteCommandInput,
  type DynamoDBDocumentClient,
  PutCommand,
  UpdateCommand,
  type UpdateCommandInput,
} from '@aws-sdk/lib-dynamodb';
import type { SubscriptionEvent } from '#shared/domain/sms-campaigns/subscription-events';
import { assertStorable as assertItemFits } from '#shared/domain/stored-size';
import type { SuppressionChange } from '#shared/ports/sms-campaign-store';
import { teamPk } from './keys';
import { queryAll } from './query';
import { toSubscriptionEventItem } from './sms-campaign-items';
import { isTransactionCancelled, transactWrite } from './transact';

/**
 * A team's suppression list and the inbound messages already handled, in the campaigns table:
 * - `TEAM#<t>#SUPPRESSION` / <e164>: an opted-out number (keyword, opted_out_at, and
 *   confirmation_claimed_at once its one confirmation is claimed);
 * - `TEAM#<t>#INBOUND` / <message id>: an inbound message already handled (received_at);
 * - subscription events (sms-campaign-items.ts) written with the change that caused them.
 */

interface Table {
  readonly client: DynamoDBDocumentClient;
  readonly tableName: string;
}

type SuppressionWrite = { Update: UpdateCommandInput & { UpdateExpression: string } } | { Delete: DeleteCommandInput };

export const suppressionPk = (teamId: number) => `${teamPk(teamId)}#SUPPRESSION`;

export async function suppressedAmong(t: Table, teamId: number, phones: readonly string[]): Promise<Set<string>> {
  const found = new Set<string>();
  const pk = suppressionPk(teamId);
  for (let i = 0; i < phones.length; i += 100) {
    let keys: Record<string, unknown>[] | undefined = [...new Set(phones.slice(i, i + 100))].map((p) => ({ pk, sk: p }));
    while (keys && keys.length > 0) {
      const result: BatchGetCommandOutput = await t.client.send(new BatchGetCommand({ RequestItems: { [t.tableName]: { Keys: keys } } }));
      for (const item of result.Responses?.[t.tableName] ?? []) found.add(String(item.sk));
      keys = result.UnprocessedKeys?.[t.tableName]?.Keys;
    }
  }
  return found;
}

export async function listSuppressed(t: Table, teamId: number): Promise<Set<string>> {
  const items = await queryAll(t.client, {
    TableName: t.tableName,
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': suppressionPk(teamId) },
    ProjectionExpression: 'sk',
  });
  return new Set(items.map((i) => String(i.sk)));
}

/**
 * An opt-out keeps the first opt-out's keyword and time, and the confirmation it claimed: a
 * repeated STOP changes nothing. An opt-in deletes the record, so the next opt-out is a new one.
 */
function suppressionWrite(t: Table, teamId: number, change: SuppressionChange, at: string): SuppressionWrite {
  const key = { pk: suppressionPk(teamId), sk: change.phone };
  if (change.kind === 'remove') return { Delete: { TableName: t.tableName, Key: key } };
  assertItemFits({ ...key, keyword: change.keyword, opted_out_at: at }, 'The opt-out record (with the inbound text)');
  return {
    Update: {
      TableName: t.tableName,
      Key: key,
      UpdateExpression: 'SET keyword = if_not_exists(keyword, :keyword), opted_out_at = if_not_exists(opted_out_at, :at)',
      ExpressionAttributeValues: { ':keyword': change.keyword, ':at': at },
    },
  };
}

function eventPut(t: Table, event: SubscriptionEvent) {
  const item = toSubscriptionEventItem(event);
  assertItemFits(item, 'The subscription event');
  return { TableName: t.tableName, Item: item, ConditionExpression: 'attribute_not_exists(pk)' };
}

/** A change of the suppression list alone, or with its event in one transaction. */
export async function changeSuppression(
  t: Table,
  teamId: number,
  change: SuppressionChange,
  at: string,
  event: SubscriptionEvent | undefined,
): Promise<void> {
  const write = suppressionWrite(t, teamId, change, at);
  if (event) {
    await transactWrite(t.client, { TransactItems: [write, { Put: eventPut(t, event) }] });
    return;
  }
  if ('Update' in write) await t.client.send(new UpdateCommand(write.Update));
  else await t.client.send(new DeleteCommand(write.Delete));
}

export async function claimOptOutConfirmation(t: Table, teamId: number, phone: string, at: string): Promise<boolean> {
  try {
    await t.client.send(
      new UpdateCommand({
        TableName: t.tableName,
        Key: { pk: suppressionPk(teamId), sk: phone },
        UpdateExpression: 'SET confirmation_claimed_at = :at',
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(confirmation_claimed_at)',
        ExpressionAttributeValues: { ':at': at },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

export async function claimInbound(
  t: Table,
  teamId: number,
  messageId: string,
  at: string,
  event: SubscriptionEvent | null,
  change: SuppressionChange | null,
): Promise<boolean> {
  const item = { pk: `${teamPk(teamId)}#INBOUND`, sk: messageId, received_at: at };
  assertItemFits(item, 'The inbound message record');
  const claim = { TableName: t.tableName, Item: item, ConditionExpression: 'attribute_not_exists(pk)' };
  try {
    // The keyword's event and suppression change are written with the claim: a redelivered
    // message writes none of them, and a crash cannot leave the claim without them.
    const rest = [...(event ? [{ Put: eventPut(t, event) }] : []), ...(change ? [suppressionWrite(t, teamId, change, at)] : [])];
    if (rest.length > 0) await transactWrite(t.client, { TransactItems: [{ Put: claim }, ...rest] });
    else await t.client.send(new PutCommand(claim));
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException || isTransactionCancelled(error)) return false;
    throw error;
  }
}
