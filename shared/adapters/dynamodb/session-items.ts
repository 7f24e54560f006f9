import type { SessionRecord, SessionStatus } from '#shared/domain/sessions';
import type { TeamPlacement } from '#shared/domain/tenancy';
import { changeSortKey, enterpriseShardPk, padId, shardOf, teamPk, timeSortKey } from './keys';
import type { Item } from './query';

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
  readonly session_id: string;
  readonly team_id: number;
  readonly scheduler_id: number;
  readonly status: SessionStatus;
  readonly customer_info: SessionRecord['customer_info'];
  readonly issue_type: string | null;
  readonly job_type: string | null;
  readonly selected_date: string | null;
  readonly selected_time: string | null;
  readonly utm: SessionRecord['utm'];
  readonly google_ads: SessionRecord['google_ads'];
  readonly st_job_id: number | null;
  readonly started_at: string;
  readonly completed_at: string | null;
  readonly last_activity_at: string | null;
  readonly events: SessionRecord['events'];
  /** Absent on rows written before it was kept. */
  readonly service_area?: string | null;
  readonly conversion_value?: number | null;
};

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
  };
}

/** The session of an item; keys, placement and the widget's attributes (widget-session-store.ts) stay behind. */
export function fromSessionItem(stored: Item): SessionRecord {
  const item = stored as unknown as SessionItem;
  const { customer_info: customer, utm, google_ads: ads } = item;
  return {
    session_id: item.session_id,
    team_id: item.team_id,
    scheduler_id: item.scheduler_id,
    status: item.status,
    customer_info: { name: customer.name, email: customer.email, phone: customer.phone, address: customer.address },
    issue_type: item.issue_type,
    job_type: item.job_type,
    selected_date: item.selected_date,
    selected_time: item.selected_time,
    utm: { source: utm.source, medium: utm.medium, campaign: utm.campaign, term: utm.term, content: utm.content },
    google_ads: { gclid: ads.gclid, wbraid: ads.wbraid, gbraid: ads.gbraid },
    st_job_id: item.st_job_id,
    started_at: item.started_at,
    completed_at: item.completed_at,
    last_activity_at: item.last_activity_at,
    events: item.events.map((event) => ({ event_type: event.event_type, created_at: event.created_at })),
    service_area: item.service_area ?? null,
    conversion_value: item.conversion_value ?? null,
  };
}
