import * as z from 'zod/mini';
import { RECOVERY_CHANNELS, SESSION_STATUSES, type SessionRecord } from '#shared/domain/sessions';
import type { TeamPlacement } from '#shared/domain/tenancy';
import { atLoad } from '#shared/lazy';
import { changeSortKey, enterpriseShardPk, padId, shardOf, teamPk, timeSortKey } from './keys';
import { type Item, parseStoredItem } from './query';
import { storedNullableNumber, storedNullableText, storedNumber, storedText, storedTextOrNull } from './stored-members';

/**
 * Items: pk TEAM#<team>, sk <started_at>#<team>#<session>, the session's attributes, and its
 * placement (`enterpriseId`, `testTeam`) so stream consumers know where a row counts. Indexes:
 * - byStatus: statusPk TEAM#<team>#<status> + sk.
 * - bookings (sparse, booked sessions only): bookedPk TEAM#<team> + bookedSk <completed_at>#<team>#<session>.
 * - byActivity / bySchedulerActivity: activityPk TEAM#<team> (schedulerActivityPk
 *   TEAM#<team>#SCHED#<scheduler>) + activitySk <last activity>#<session>, the customerEvents order.
 * - byEnterprise / byEnterpriseStatus / enterpriseBookings: enterprisePk ENT#<enterprise>#LIVE|TEST#<shard>
 *   (+ #<status>) with sk or bookedSk, the cross-team lists.
 * - changes / enterpriseChanges: pk or enterprisePk + changeSk <updated_at>#<team>#<session>, the
 *   change feeds (`updated_since`, ADR 0147); bookings read them keeping booked rows only.
 * The session's own attributes keep the domain's names: the rollup consumer reads `team_id` and
 * `started_at` from the stream's images (sessionChangeOfStreamRecord), and the list filters read
 * `scheduler_id` and `started_at`.
 */
export type SessionItem = {
  readonly pk: string;
  readonly sk: string;
  readonly statusPk: string;
  readonly activityPk: string;
  readonly schedulerActivityPk: string;
  readonly activitySk: string;
  readonly enterprisePk: string;
  readonly enterpriseStatusPk: string;
  readonly enterpriseId: number;
  readonly testTeam: boolean;
  /** Booked sessions only (the sparse bookings indexes). */
  readonly bookedPk?: string;
  readonly bookedSk?: string;
  readonly enterpriseBookedPk?: string;
  /**
   * When the row last changed (every write of the session stamps it) and the change-feed sort key.
   * Absent on rows written before the change feeds until `admin rollups rebuild --all` restamps
   * them (legacyUpdatedAt).
   */
  readonly updated_at?: string;
  readonly changeSk?: string;
} & z.input<typeof storedSession>;

/**
 * When a row written before the change feeds last changed, as far as it tells: its latest instant
 * (start, last activity, completion). ADR 0147.
 */
export function legacyUpdatedAt(session: SessionRecord): string {
  return [session.started_at, session.last_activity_at, session.completed_at].reduce<string>(
    (latest, at) => (at !== null && at > latest ? at : latest),
    session.started_at,
  );
}

/** The row of a session; `updatedAt` is when this write happens (now), unless a restamp keeps the row's own. */
export function toSessionItem(session: SessionRecord, placement: TeamPlacement, updatedAt: string = new Date().toISOString()): SessionItem {
  const team = teamPk(session.team_id);
  const enterprisePk = enterpriseShardPk(placement.enterpriseId, placement.isTest, shardOf(session.session_id));
  const booked =
    session.status === 'booked' && session.completed_at
      ? {
          bookedPk: team,
          bookedSk: timeSortKey(session.completed_at, session.team_id, session.session_id),
          enterpriseBookedPk: enterprisePk,
        }
      : {};
  const sk = timeSortKey(session.started_at, session.team_id, session.session_id);
  return {
    pk: team,
    sk,
    statusPk: `${team}#${session.status}`,
    activityPk: team,
    schedulerActivityPk: `${team}#SCHED#${padId(session.scheduler_id)}`,
    activitySk: `${session.last_activity_at ?? session.started_at}#${session.session_id}`,
    enterprisePk,
    enterpriseStatusPk: `${enterprisePk}#${session.status}`,
    enterpriseId: placement.enterpriseId,
    testTeam: placement.isTest,
    ...booked,
    updated_at: updatedAt,
    changeSk: changeSortKey(updatedAt, sk),
    session_id: session.session_id,
    team_id: session.team_id,
    scheduler_id: session.scheduler_id,
    status: session.status,
    customer_info: session.customer_info,
    issue_type: session.issue_type,
    job_type: session.job_type,
    selected_date: session.selected_date,
    selected_time: session.selected_time,
    utm: session.utm,
    google_ads: session.google_ads,
    st_job_id: session.st_job_id,
    started_at: session.started_at,
    completed_at: session.completed_at,
    last_activity_at: session.last_activity_at,
    events: session.events,
    service_area: session.service_area,
    conversion_value: session.conversion_value,
    ...(session.recovered ? { recovered: true as const } : {}),
    ...(session.qualified_drop_off ? { qualified_drop_off: true as const } : {}),
  };
}

/**
 * The session's attributes as stored: the domain record's own fields under their own names (the
 * item and the record are the same shape, less the keys, placement and change stamp), so this one
 * list is both the item's validation and its mapping; rows written before service_area and
 * conversion_value were kept read them as null. `satisfies` keeps it equal to SessionRecord.
 */
const storedSession = /* @__PURE__ */ atLoad(() => {
  // Written only when true (booking recovery): absent reads as not set.
  const flag = z.optional(z.literal(true));
  return z.object({
    session_id: storedText,
    team_id: storedNumber,
    scheduler_id: storedNumber,
    status: z.enum(SESSION_STATUSES),
    customer_info: z.object({
      name: storedNullableText,
      email: storedNullableText,
      phone: storedNullableText,
      address: storedNullableText,
    }),
    issue_type: storedNullableText,
    job_type: storedNullableText,
    selected_date: storedNullableText,
    selected_time: storedNullableText,
    utm: z.object({
      source: storedNullableText,
      medium: storedNullableText,
      campaign: storedNullableText,
      term: storedNullableText,
      content: storedNullableText,
    }),
    google_ads: z.object({ gclid: storedNullableText, wbraid: storedNullableText, gbraid: storedNullableText }),
    st_job_id: storedNullableNumber,
    started_at: storedText,
    completed_at: storedNullableText,
    last_activity_at: storedNullableText,
    events: z.array(z.object({ event_type: storedText, created_at: storedText, channel: z.optional(z.enum(RECOVERY_CHANNELS)) })),
    service_area: storedTextOrNull,
    conversion_value: z._default(storedNullableNumber, null),
    recovered: flag,
    qualified_drop_off: flag,
  });
}) satisfies z.ZodMiniType<SessionRecord>;

/**
 * The attributes fromSessionItem reads: a list reads only these, not the keys and index
 * attributes beside them (a third of a row's bytes on the wire).
 */
export const SESSION_ATTRIBUTES: readonly string[] = /* @__PURE__ */ atLoad(() => Object.keys(storedSession.shape));

/**
 * The session of an item, validated: keys, placement, the change stamp and the widget's attributes
 * (widget-session-store.ts) are left behind (zod drops members its object does not name).
 */
export function fromSessionItem(stored: Item): SessionRecord {
  return parseStoredItem(storedSession, stored, 'session');
}
