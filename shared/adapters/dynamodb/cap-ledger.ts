import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  type BatchGetCommandOutput,
  type DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import type { CapLedger, CapLedgerChange, CapSlot } from '#shared/domain/sms/frequency-cap';
import { atLoad } from '#shared/lazy';
import { teamPk } from './keys';
import { type Item, parseStoredItem } from './query';
import { storedBoolean, storedNumber, storedOptionalText, storedText } from './stored-members';
import { isTransactionCancelled, MAX_TRANSACTION_ITEMS, transactWrite } from './transact';

/**
 * Frequency-cap ledgers in the campaigns table (`TEAM#<t>#CAP` / <e164>: the slots and a version;
 * shared/domain/sms/frequency-cap.ts): read in batches, changed only by a write conditioned on the
 * version read, so two writers never both take the last slot.
 */

/**
 * One number's ledger as stored (a number never capped has none); `reserved_at` is absent on slots
 * a sender has claimed and on slots taken before reservations expired.
 */
const storedCapLedger = /* @__PURE__ */ atLoad(() =>
  z.object({
    slots: z.array(z.object({ campaign_id: storedText, at: storedText, sent: storedBoolean, reserved_at: storedOptionalText })),
    version: storedNumber,
  }),
) satisfies z.ZodMiniType<CapLedger>;

type CapLedgerItem = { readonly pk: string; readonly sk: string } & z.input<typeof storedCapLedger>;

const ledgerPk = (teamId: number) => `${teamPk(teamId)}#CAP`;

function toCapLedgerItem(teamId: number, phone: string, slots: readonly CapSlot[], version: number): CapLedgerItem {
  return {
    pk: ledgerPk(teamId),
    sk: phone,
    slots: slots.map((s) => ({
      campaign_id: s.campaign_id,
      at: s.at,
      sent: s.sent,
      ...(s.reserved_at === undefined ? {} : { reserved_at: s.reserved_at }),
    })),
    version,
  };
}

/** A missing item is an empty ledger at version 0 (the first write creates it). */
function fromCapLedgerItem(item: Item | undefined): CapLedger {
  return item ? parseStoredItem(storedCapLedger, item, 'cap ledger') : { slots: [], version: 0 };
}

export async function readCapLedgers(
  client: DynamoDBDocumentClient,
  tableName: string,
  teamId: number,
  phones: readonly string[],
): Promise<Map<string, CapLedger>> {
  const ledgers = new Map<string, CapLedger>();
  const pk = ledgerPk(teamId);
  const unique = [...new Set(phones)];
  const batches = Array.from({ length: Math.ceil(unique.length / 100) }, (_, b) => unique.slice(b * 100, b * 100 + 100));
  await inParallel(batches, async (batch) => {
    let keys: Record<string, unknown>[] | undefined = batch.map((p) => ({ pk, sk: p }));
    while (keys && keys.length > 0) {
      const result: BatchGetCommandOutput = await client.send(
        new BatchGetCommand({ RequestItems: { [tableName]: { Keys: keys, ConsistentRead: true } } }),
      );
      for (const item of result.Responses?.[tableName] ?? []) ledgers.set(String(item.sk), fromCapLedgerItem(item));
      keys = result.UnprocessedKeys?.[tableName]?.Keys;
    }
  });
  return ledgers;
}

export async function updateCapLedger<T>(
  client: DynamoDBDocumentClient,
  tableName: string,
  teamId: number,
  phone: string,
  change: (slots: CapSlot[]) => { slots: CapSlot[] | null; result: T },
  known?: CapLedger,
): Promise<T> {
  const key = { pk: ledgerPk(teamId), sk: phone };
  // A ledger the caller just read saves the first read; a race reads it again.
  let ledger = known;
  for (let attempt = 0; ; attempt++) {
    if (!ledger) {
      const current = await client.send(new GetCommand({ TableName: tableName, Key: key, ConsistentRead: true }));
      ledger = fromCapLedgerItem(current.Item);
    }
    const { version } = ledger;
    const { slots, result } = change(ledger.slots);
    ledger = undefined;
    if (slots === null) return result;
    try {
      await client.send(
        new PutCommand({
          TableName: tableName,
          Item: toCapLedgerItem(teamId, phone, slots, version + 1),
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

/**
 * Many ledgers changed from the versions just read: one transaction per 100 numbers, which holds
 * when nobody changed any of them meanwhile (the usual case: one write call per 100 recipients);
 * a batch that lost a race is changed number by number, each read again.
 */
export async function updateCapLedgers<T>(
  client: DynamoDBDocumentClient,
  tableName: string,
  teamId: number,
  changes: readonly CapLedgerChange<T>[],
): Promise<Map<string, T>> {
  const results = new Map<string, T>();
  const batches = Array.from({ length: Math.ceil(changes.length / MAX_TRANSACTION_ITEMS) }, (_, b) =>
    changes.slice(b * MAX_TRANSACTION_ITEMS, (b + 1) * MAX_TRANSACTION_ITEMS),
  );
  await inParallel(batches, async (batch) => {
    const puts: NonNullable<TransactWriteCommandInput['TransactItems']> = [];
    const answers = new Map<string, T>();
    for (const c of batch) {
      const { slots, result } = c.change(c.known.slots);
      answers.set(c.phone, result);
      if (slots === null) continue;
      const version = c.known.version;
      puts.push({
        Put: {
          TableName: tableName,
          Item: toCapLedgerItem(teamId, c.phone, slots, version + 1),
          ConditionExpression: version === 0 ? 'attribute_not_exists(pk)' : 'version = :version',
          ...(version === 0 ? {} : { ExpressionAttributeValues: { ':version': version } }),
        },
      });
    }
    try {
      if (puts.length > 0) await transactWrite(client, { TransactItems: puts });
      for (const [phone, result] of answers) results.set(phone, result);
    } catch (error) {
      if (!isTransactionCancelled(error)) throw error;
      for (const c of batch) results.set(c.phone, await updateCapLedger(client, tableName, teamId, c.phone, c.change));
    }
  });
  return results;
}

/** Batches in flight at once: each is one request over up to 100 items. */
const BATCHES_AT_ONCE = 4;

async function inParallel<T>(batches: readonly T[], work: (batch: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(BATCHES_AT_ONCE, batches.length) }, async () => {
      while (next < batches.length) await work(batches[next++] as T);
    }),
  );
}
