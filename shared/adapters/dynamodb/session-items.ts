import type { SessionRecord } from '#shared/domain/sessions';
import type { TeamPlacement } from '#shared/domain/tenancy';
import { changeSortKey, enterpriseShardPk, padId, shardOf, teamPk, timeSortKey } from './keys';
import type { StoredSessionAttributes } from './session-item-read';

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
} & StoredSessionAttributes;

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
