import type { SchedulingMode } from './scheduling-config';

/**
 * The outreach state of an intake lead (the `outreach` member of the lead). One record per lead,
 * identified by stl_call_id; its status moves:
 *   scheduled ──(due)──▶ queued ──(worker claims)──▶ placing ──▶ in_progress ──(report)──▶ completed
 *                           ▲                           │ transient error
 *                           └───────────────────────────┘            provider 4xx ──▶ completed (failed)
 * `dispatch_failed` marks a lead whose message could not be queued or scheduled (docs/api/intake.md).
 */
export const OUTREACH_STATUSES = ['scheduled', 'queued', 'placing', 'in_progress', 'completed', 'dispatch_failed'] as const;
export type OutreachStatus = (typeof OUTREACH_STATUSES)[number];

export type OutreachState = {
  stl_call_id: number;
  status: OutreachStatus;
  scheduling_mode: SchedulingMode;
  /** When the current attempt is (or was) due. */
  due_at: string;
  /** 1-based number of the current attempt. */
  attempt: number;
  max_attempts: number;
  retry_spacing_minutes: number;
  provider_call_id: string | null;
  last_attempt_at: string | null;
  /**
   * The queue delivery that claimed the current attempt (see domain/claims.ts), so a later
   * delivery can take over a claim whose worker is gone; absent on leads stored before it existed.
   */
  claim_token?: string | null;
  /**
   * False from the moment the lead is stored until its first call is queued (or scheduled) and
   * lead.created published; a repeat of a request that stopped in between finishes it. Absent on
   * leads stored before it existed (they were dispatched).
   */
  dispatched?: boolean;
  outcome: string | null;
  completed_at: string | null;
  reason: string | null;
};

/** The message on the outreach-calls queue (and in its one-time schedules). */
export interface OutreachMessage {
  stl_call_id: number;
  attempt: number;
}

export function scheduleName(stlCallId: number, attempt: number): string {
  return `stl-${stlCallId}-attempt-${attempt}`;
}
