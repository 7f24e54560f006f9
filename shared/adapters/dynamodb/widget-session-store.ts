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
import { padId, teamPk, timeSortKey } from './keys';
import { type Item, parseStoredItem, queryAll } from './query';
import { fromSessionItem, type SessionItem, toSessionItem } from './session-items';
import { isTransactionCancelled, transactWrite } from './transact';

/**
 * Widget sessions are ordinary session rows (shared/adapters/dynamodb/session-store.ts: the read
 * API, the indexes and the rollups see them like any other) with the widget's own attributes
 * beside them: `token_hash`, `version` and `widget` (WidgetSessionExtras), which the session
 * store leaves out of what it reads.
 *
 * Per-slot booking counters: `TEAM#<t>#SLOTS#<scheduler>` / `<local date>`, one attribute per slot
 * start (`t0930`: bookings held at 09:30). An availability answer reads one such row per day it
 * shows (a Query over the date range); a booking adds one under the condition that the slot is not
 * full, in the same transaction as the booked session, so two customers racing for the last place
 * cannot both have it. The rows carry no `started_at`: the rollup consumer passes over them.
 */
export function slotPk(teamId: number, schedulerId: number): string {
  return `${teamPk(teamId)}#SLOTS#${padId(schedulerId)}`;
}

export const slotAttribute = (time: string): string => `t${time.replace(':', '')}`;
const timeOfAttribute = (name: string): string | null => (/^t[0-9]{4}$/.test(name) ? `${name.slice(1, 3)}:${name.slice(3, 5)}` : null);

export function sessionKey(ref: WidgetSessionRef): { pk: string; sk: string } {
  return { pk: teamPk(ref.teamId), sk: timeSortKey(ref.startedAt, ref.teamId, ref.sessionId) };
}

/** A widget session's row: a session row (session-store.ts) with the widget's attributes beside it. */
type WidgetSessionItem = SessionItem & {
  /** SHA-256 (hex) of the session token's secret. */
  readonly token_hash: string;
  readonly version: number;
  readonly widget: WidgetSessionExtras;
  readonly effects_recorded_at?: string;
  /** Set by markJobFailed: the booking's job will not be made. */
  readonly job_failed_at?: string;
  /** Set by claimJob only, ended by releaseJob or by a rewrite of the row. */
  readonly job_claim_until?: string;
};

export function toWidgetSessionItem(stored: StoredWidgetSession): WidgetSessionItem {
  const { extras } = stored;
  // job_claim_until (claimJob) is left out: a rewrite of the session ends a claim, which only the job's own write does.
  return {
    ...toSessionItem(stored.session, stored.placement),
    token_hash: stored.tokenHash,
    version: stored.version,
    widget: {
      page_url: extras.page_url,
      referrer_url: extras.referrer_url,
      lead_uuid: extras.lead_uuid,
      lead_id: extras.lead_id,
      stl_call_id: extras.stl_call_id,
      manage_nonce: extras.manage_nonce,
      manage_token_hash: extras.manage_token_hash,
      ...(extras.recovery ? { recovery: extras.recovery } : {}),
    },
    ...(stored.effectsRecordedAt ? { effects_recorded_at: stored.effectsRecordedAt } : {}),
    ...(stored.jobFailedAt ? { job_failed_at: stored.jobFailedAt } : {}),
  };
}

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
