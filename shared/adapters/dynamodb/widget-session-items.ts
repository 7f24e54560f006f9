import type { StoredWidgetSession, WidgetSessionExtras, WidgetSessionRef } from '#shared/ports/widget-session-store';
import { padId, teamPk, timeSortKey } from './keys';
import { type SessionItem, toSessionItem } from './session-items';

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

export function sessionKey(ref: WidgetSessionRef): { pk: string; sk: string } {
  return { pk: teamPk(ref.teamId), sk: timeSortKey(ref.startedAt, ref.teamId, ref.sessionId) };
}

/** A widget session's row: a session row (session-store.ts) with the widget's attributes beside it. */
export type WidgetSessionItem = SessionItem & {
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
