import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { type DynamoDBDocumentClient, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { RECOVERY_MODES } from '#shared/domain/appointment-texts/scheduler-settings';
import type { SessionRecord } from '#shared/domain/sessions';
import type { BookedCounts } from '#shared/domain/widget/availability';
import { atLoad } from '#shared/lazy';
import type {
  BookingWriteResult,
  StoredWidgetSession,
  WidgetSessionExtras,
  WidgetSessionRef,
  WidgetSessionStore,
} from '#shared/ports/widget-session-store';
import { type Item, parseStoredItem, queryAll } from './query';
import { fromSessionItem } from './session-item-read';
import { isTransactionCancelled, transactWrite } from './transact';
import { sessionKey, slotAttribute, slotPk, toWidgetSessionItem } from './widget-session-items';

/**
 * The widget sessions' store: the rows and the slot counters widget-session-items.ts writes, read
 * back with the widget's attributes checked. Apart from the items because what only writes a
 * widget session (an appointment's move or cancel follows its session) need not build this read's
 * schema.
 */
const timeOfAttribute = (name: string): string | null => (/^t[0-9]{4}$/.test(name) ? `${name.slice(1, 3)}:${name.slice(3, 5)}` : null);

/**
 * The widget's attributes of a row as stored, validated when read (the session's own are
 * session-store.ts's); members added later read as null on older rows.
 */
const storedWidgetAttributes = /* @__PURE__ */ atLoad(() => {
  // One instance per kind of member, shared by the members (a schema is immutable; each built is
  // work at every cold start of a function reading widget sessions).
  const text = z.string();
  const number = z.number();
  const optionalText = z.optional(text);
  const absentAsNullText = z._default(z.nullable(text), null);
  const absentAsNullNumber = z._default(z.nullable(number), null);
  return z.object({
    token_hash: text,
    version: number,
    enterpriseId: number,
    testTeam: z.optional(z.boolean()),
    effects_recorded_at: optionalText,
    job_failed_at: optionalText,
    widget: z.object({
      page_url: absentAsNullText,
      referrer_url: absentAsNullText,
      lead_uuid: absentAsNullText,
      lead_id: absentAsNullNumber,
      stl_call_id: absentAsNullNumber,
      manage_nonce: absentAsNullText,
      manage_token_hash: absentAsNullText,
      recovery: z._default(
        z.nullable(
          z.object({
            at: text,
            mode: z.enum(RECOVERY_MODES.filter((mode) => mode !== 'off')),
            resume: z.object({ nonce: text, tokenHash: text, expiresAt: text }),
          }),
        ),
        null,
      ),
    }),
  });
});

/** The widget session of a row; null for a session row the widget did not write (no token). */
function fromWidgetSessionItem(stored: Item): StoredWidgetSession | null {
  if (typeof stored.token_hash !== 'string') return null;
  const item = parseStoredItem(storedWidgetAttributes, stored, 'widget session');
  return {
    session: fromSessionItem(stored),
    extras: item.widget,
    tokenHash: item.token_hash,
    placement: { enterpriseId: item.enterpriseId, isTest: item.testTeam === true },
    version: item.version,
    effectsRecordedAt: item.effects_recorded_at ?? null,
    jobFailedAt: item.job_failed_at ?? null,
  };
}

export class DynamoWidgetSessionStore implements WidgetSessionStore {
  constructor(
    protected readonly client: DynamoDBDocumentClient,
    protected readonly tableName: string,
  ) {}

  async bookedCounts(teamId: number, schedulerId: number, first: string, last: string): Promise<BookedCounts> {
    const items = await queryAll(this.client, {
      TableName: this.tableName,
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :first AND :last',
      ExpressionAttributeValues: { ':pk': slotPk(teamId, schedulerId), ':first': first, ':last': last },
    });
    const counts = new Map<string, Record<string, number>>();
    for (const item of items) {
      const day: Record<string, number> = {};
      for (const [name, value] of Object.entries(item)) {
        const time = timeOfAttribute(name);
        if (time) day[time] = Number(value);
      }
      counts.set(String(item.sk), day);
    }
    return counts;
  }

  async createSession(stored: StoredWidgetSession): Promise<void> {
    await this.client.send(
      new PutCommand({ TableName: this.tableName, Item: toWidgetSessionItem(stored), ConditionExpression: 'attribute_not_exists(pk)' }),
    );
  }

  async getSession(ref: WidgetSessionRef): Promise<StoredWidgetSession | null> {
    const result = await this.client.send(new GetCommand({ TableName: this.tableName, Key: sessionKey(ref), ConsistentRead: true }));
    return result.Item ? fromWidgetSessionItem(result.Item) : null;
  }

  async claimJob(ref: WidgetSessionRef, until: string, now: string): Promise<boolean> {
    try {
      await this.client.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: sessionKey(ref),
          UpdateExpression: 'SET job_claim_until = :until',
          ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(job_claim_until) OR job_claim_until < :now)',
          ExpressionAttributeValues: { ':until': until, ':now': now },
        }),
      );
      return true;
    } catch (error) {
      if ((error as Error)?.name === 'ConditionalCheckFailedException') return false;
      throw error;
    }
  }

  async markEffectsRecorded(ref: WidgetSessionRef, at: string): Promise<void> {
    // The version moves too, so a rewrite based on an earlier read is refused and reads this mark again.
    await this.client.send(
      new UpdateCommand({
        TableName: this.tableName,
        Key: sessionKey(ref),
        UpdateExpression: 'SET effects_recorded_at = :at ADD version :one',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':at': at, ':one': 1 },
      }),
    );
  }

  async markJobFailed(ref: WidgetSessionRef, at: string): Promise<void> {
    // The version moves too, so a rewrite based on an earlier read is refused and reads this mark again.
    await this.client.send(
      new UpdateCommand({
        TableName: this.tableName,
        Key: sessionKey(ref),
        UpdateExpression: 'SET job_failed_at = :at ADD version :one',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':at': at, ':one': 1 },
      }),
    );
  }

  async releaseJob(ref: WidgetSessionRef): Promise<void> {
    await this.client.send(
      new UpdateCommand({ TableName: this.tableName, Key: sessionKey(ref), UpdateExpression: 'REMOVE job_claim_until' }),
    );
  }

  async updateSession(previous: StoredWidgetSession, next: SessionRecord, extras?: WidgetSessionExtras): Promise<boolean> {
    try {
      await this.client.send(
        new PutCommand({
          TableName: this.tableName,
          Item: toWidgetSessionItem({ ...previous, session: next, extras: extras ?? previous.extras, version: previous.version + 1 }),
          ConditionExpression: 'version = :version',
          ExpressionAttributeValues: { ':version': previous.version },
        }),
      );
      return true;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException || (error as Error)?.name === 'ConditionalCheckFailedException') return false;
      throw error;
    }
  }

  async book(
    previous: StoredWidgetSession,
    next: SessionRecord,
    extras: WidgetSessionExtras,
    slot: { readonly date: string; readonly time: string; readonly capacity: number },
  ): Promise<BookingWriteResult> {
    try {
      await transactWrite(this.client, {
        TransactItems: [
          {
            Update: {
              TableName: this.tableName,
              Key: { pk: slotPk(next.team_id, next.scheduler_id), sk: slot.date },
              UpdateExpression: 'ADD #slot :one',
              ConditionExpression: 'attribute_not_exists(#slot) OR #slot < :capacity',
              ExpressionAttributeNames: { '#slot': slotAttribute(slot.time) },
              ExpressionAttributeValues: { ':one': 1, ':capacity': slot.capacity },
            },
          },
          {
            Put: {
              TableName: this.tableName,
              Item: toWidgetSessionItem({ ...previous, session: next, extras, version: previous.version + 1 }),
              ConditionExpression: 'version = :version',
              ExpressionAttributeValues: { ':version': previous.version },
            },
          },
        ],
      });
      return 'booked';
    } catch (error) {
      if (!isTransactionCancelled(error)) throw error;
      const [slotReason, sessionReason] = (error.CancellationReasons ?? []).map((r) => r.Code);
      if (sessionReason === 'ConditionalCheckFailed') return 'session_changed';
      if (slotReason === 'ConditionalCheckFailed') return 'slot_full';
      throw error;
    }
  }
}
