import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, type BatchGetCommandOutput, type DynamoDBDocumentClient, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { RecipientOutcome, SendRecord, TextRecipient, UnsentRecipient } from '#shared/ports/sms-campaign-store';
import { campaignPk } from './keys';
import { textsPk, textsSk, textsStatusPk } from './outbound-keys';
import { parseSendItem, phoneOfSendSk, type SendItem, sendRecordOf, sendSk } from './sms-campaign-items';
import { isTransactionCancelled, MAX_TRANSACTION_ITEMS, transactWrite } from './transact';

/**
 * A campaign's send records in the campaigns table (`CAMPAIGN#<id>` / SEND#<e164>, the exactly-once
 * guard of each recipient, with the outbound texts feed's index keys): claimed before a text goes
 * out, recorded when it is not sent, given back when a claim lapses, settled with the provider's
 * answer (and counted on the campaign's META), and read back by phone.
 */

interface Table {
  readonly client: DynamoDBDocumentClient;
  readonly tableName: string;
}

export async function claimRecipients(
  t: Table,
  campaignId: string,
  recipients: readonly TextRecipient[],
  claim: { at: string; token: string; teamId: number },
): Promise<Set<string>> {
  const claimed = new Set<string>();
  if (recipients.length === 0) return claimed;
  // A deferred record is claimed like an absent one; it then sorts at its claim time.
  const put = (r: TextRecipient) => ({
    TableName: t.tableName,
    Item: {
      pk: campaignPk(campaignId),
      sk: sendSk(r.phone),
      status: 'sending',
      claimed_at: claim.at,
      claim_token: claim.token,
      team_id: claim.teamId,
      segments: r.segments,
      body: r.body,
      send_at: r.sendAt ?? null,
      rule: r.rule ?? null,
      recorded_at: claim.at,
      updated_at: claim.at,
      textsPk: textsPk(claim.teamId),
      textsStatusPk: textsStatusPk(claim.teamId, 'sending'),
      textsSk: textsSk(claim.at, campaignId, r.phone),
    } satisfies SendItem,
    ConditionExpression: 'attribute_not_exists(pk) OR #status = :deferred',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':deferred': 'deferred' },
  });
  // One transaction claims the whole chunk in the usual case (no record yet); when any phone is
  // already claimed, claim one by one and keep the ones that succeed.
  if (recipients.length <= MAX_TRANSACTION_ITEMS) {
    try {
      await transactWrite(t.client, { TransactItems: recipients.map((r) => ({ Put: put(r) })) });
      for (const r of recipients) claimed.add(r.phone);
      return claimed;
    } catch (error) {
      if (!isTransactionCancelled(error)) throw error;
    }
  }
  for (const r of recipients) {
    try {
      await t.client.send(new PutCommand(put(r)));
      claimed.add(r.phone);
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    }
  }
  return claimed;
}

export async function recordUnsent(
  t: Table,
  campaignId: string,
  teamId: number,
  recipients: readonly UnsentRecipient[],
  at: string,
): Promise<void> {
  for (const r of recipients) {
    try {
      await t.client.send(
        new UpdateCommand({
          TableName: t.tableName,
          Key: { pk: campaignPk(campaignId), sk: sendSk(r.phone) },
          UpdateExpression:
            'SET #status = :status, team_id = :team, #segments = :segments, body = :body, deferred_until = :until, #error = :error, send_at = :sendAt, #rule = :rule, updated_at = :at, recorded_at = if_not_exists(recorded_at, :at), textsPk = :tpk, textsStatusPk = :tspk, textsSk = if_not_exists(textsSk, :tsk)',
          // A suppressed or capped record is written once; a deferred one moves its window, never over another status.
          ConditionExpression: r.status === 'deferred' ? 'attribute_not_exists(pk) OR #status = :status' : 'attribute_not_exists(pk)',
          ExpressionAttributeNames: { '#status': 'status', '#segments': 'segments', '#error': 'error', '#rule': 'rule' },
          ExpressionAttributeValues: {
            ':status': r.status,
            ':team': teamId,
            ':segments': r.segments,
            ':body': r.body,
            ':until': r.until ?? null,
            ':error': r.reason ?? null,
            ':sendAt': r.sendAt ?? null,
            ':rule': r.rule ?? null,
            ':at': at,
            ':tpk': textsPk(teamId),
            ':tspk': textsStatusPk(teamId, r.status),
            ':tsk': textsSk(at, campaignId, r.phone),
          },
        }),
      );
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    }
  }
}

export async function releaseClaims(
  t: Table,
  campaignId: string,
  teamId: number,
  phones: readonly string[],
  token: string,
  at: string,
): Promise<void> {
  for (const phone of phones) {
    try {
      await t.client.send(
        new UpdateCommand({
          TableName: t.tableName,
          Key: { pk: campaignPk(campaignId), sk: sendSk(phone) },
          UpdateExpression:
            'SET #status = :deferred, deferred_until = :at, updated_at = :at, textsStatusPk = :tspk REMOVE claim_token, claimed_at',
          ConditionExpression: '#status = :sending AND claim_token = :token',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ':deferred': 'deferred',
            ':sending': 'sending',
            ':token': token,
            ':at': at,
            ':tspk': textsStatusPk(teamId, 'deferred'),
          },
        }),
      );
    } catch (error) {
      // Settled or taken over meanwhile: not ours to give back.
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    }
  }
}

export async function settleRecipients(t: Table, campaignId: string, teamId: number, outcomes: readonly RecipientOutcome[]): Promise<void> {
  for (let i = 0; i < outcomes.length; i += MAX_TRANSACTION_ITEMS - 1) {
    const batch = outcomes.slice(i, i + MAX_TRANSACTION_ITEMS - 1);
    try {
      await transactWrite(t.client, {
        TransactItems: [...batch.map((o) => settleItem(t, campaignId, teamId, o)), countItem(t, campaignId, batch)],
      });
    } catch (error) {
      if (!isTransactionCancelled(error)) throw error;
      // A record was settled meanwhile (a concurrent sender): settle one by one, counting only
      // the ones this call changes.
      for (const o of batch) {
        try {
          await transactWrite(t.client, { TransactItems: [settleItem(t, campaignId, teamId, o), countItem(t, campaignId, [o])] });
        } catch (inner) {
          if (!isTransactionCancelled(inner)) throw inner;
        }
      }
    }
  }
}

function settleItem(t: Table, campaignId: string, teamId: number, o: RecipientOutcome) {
  return {
    Update: {
      TableName: t.tableName,
      Key: { pk: campaignPk(campaignId), sk: sendSk(o.phone) },
      UpdateExpression:
        'SET #status = :status, settled_at = :at, updated_at = :at, provider_message_id = :pid, #error = :error, cost_micros = :cost, team_id = :team, #segments = :segments, recorded_at = if_not_exists(recorded_at, :at), textsPk = :tpk, textsStatusPk = :tspk, textsSk = if_not_exists(textsSk, :tsk)',
      // An opt-out may settle a recipient whose record is deferred (opted out while waiting).
      ConditionExpression: 'attribute_not_exists(pk) OR #status = :sending OR #status = :deferred',
      ExpressionAttributeNames: { '#status': 'status', '#error': 'error', '#segments': 'segments' },
      ExpressionAttributeValues: {
        ':status': o.status,
        ':at': o.at,
        ':pid': o.providerMessageId ?? null,
        ':error': o.error ?? null,
        ':cost': o.costMicros,
        ':sending': 'sending',
        ':deferred': 'deferred',
        ':team': teamId,
        ':segments': o.segments,
        ':tpk': textsPk(teamId),
        ':tspk': textsStatusPk(teamId, o.status),
        ':tsk': textsSk(o.at, campaignId, o.phone),
      },
    },
  };
}

function countItem(t: Table, campaignId: string, outcomes: readonly RecipientOutcome[]) {
  const add: Record<RecipientOutcome['status'], number> = { sent: 0, failed: 0, opted_out: 0, unconfirmed: 0 };
  let cost = 0;
  for (const o of outcomes) {
    add[o.status]++;
    cost += o.costMicros;
  }
  return {
    Update: {
      TableName: t.tableName,
      Key: { pk: campaignPk(campaignId), sk: 'META' },
      UpdateExpression:
        'SET #counts.sent = #counts.sent + :sent, #counts.failed = #counts.failed + :failed, #counts.opted_out = #counts.opted_out + :opted, #counts.unconfirmed = if_not_exists(#counts.unconfirmed, :zero) + :unconfirmed, actual_cost_micros = actual_cost_micros + :cost',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: { '#counts': 'counts' },
      ExpressionAttributeValues: {
        ':sent': add.sent,
        ':failed': add.failed,
        ':opted': add.opted_out,
        ':unconfirmed': add.unconfirmed,
        ':zero': 0,
        ':cost': cost,
      },
    },
  };
}

export async function getSendStatuses(t: Table, campaignId: string, phones: readonly string[]): Promise<Map<string, SendRecord>> {
  const statuses = new Map<string, SendRecord>();
  for (let i = 0; i < phones.length; i += 100) {
    let keys: Record<string, unknown>[] | undefined = [...new Set(phones.slice(i, i + 100))].map((p) => ({
      pk: campaignPk(campaignId),
      sk: sendSk(p),
    }));
    while (keys && keys.length > 0) {
      const result: BatchGetCommandOutput = await t.client.send(
        new BatchGetCommand({ RequestItems: { [t.tableName]: { Keys: keys, ConsistentRead: true } } }),
      );
      for (const item of result.Responses?.[t.tableName] ?? []) {
        const record = parseSendItem(item);
        statuses.set(phoneOfSendSk(record.sk), sendRecordOf(record));
      }
      keys = result.UnprocessedKeys?.[t.tableName]?.Keys;
    }
  }
  return statuses;
}
