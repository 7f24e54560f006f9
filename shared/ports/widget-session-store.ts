import type { RecoveryMode } from '#shared/domain/appointment-texts/scheduler-settings';
import type { LeadRecord } from '#shared/domain/leads';
import type { SessionRecord } from '#shared/domain/sessions';
import type { TeamPlacement } from '#shared/domain/tenancy';
import type { BookedCounts } from '#shared/domain/widget/availability';
import type { DomainEvent } from './event-bus';

/** What addresses a widget session's stored row (the session token carries it). */
export interface WidgetSessionRef {
  readonly teamId: number;
  readonly schedulerId: number;
  readonly startedAt: string;
  readonly sessionId: string;
}

/** What the widget keeps beside the session's public shape; never shown on the read API. */
export interface WidgetSessionExtras {
  /** The page the widget was opened on (the host page, or the hosted booking page), query included. */
  readonly page_url: string | null;
  readonly referrer_url: string | null;
  /** The unified lead's ids, drawn when the booking is written so its effects are the same on every retry. */
  readonly lead_uuid: string | null;
  readonly lead_id: number | null;
  readonly stl_call_id: number | null;
  /**
   * The booking's appointment manage link, sealed when the booking is written (the nonce and the
   * hash of its secret: shared/domain/appointments/manage-token.ts), so the appointment made from
   * it is the same on every retry, and a retry in a function that holds no key can still make it.
   */
  readonly manage_nonce: string | null;
  readonly manage_token_hash: string | null;
  /**
   * The session's recovery, planned when it dropped off qualified (shared/domain/widget/recovery.ts):
   * the scheduler's mode then and the resume link's seal; absent until then, and never planned twice.
   */
  readonly recovery?: SessionRecovery | null;
}

export interface SessionRecovery {
  /** When the session dropped off (its recovery lead's time). */
  readonly at: string;
  readonly mode: Exclude<RecoveryMode, 'off'>;
  /** The resume link's seal (shared/domain/widget/resume-token.ts): its nonce, the hash of its secret, when it lapses. */
  readonly resume: { readonly nonce: string; readonly tokenHash: string; readonly expiresAt: string };
}

export interface StoredWidgetSession {
  readonly session: SessionRecord;
  readonly extras: WidgetSessionExtras;
  /** SHA-256 (hex) of the token's secret. */
  readonly tokenHash: string;
  readonly placement: TeamPlacement;
  /** Bumped by every write: a write is refused when the row changed since it was read. */
  readonly version: number;
  /** When the booking's effects (lead, events, job request) were all recorded; null until then. */
  readonly effectsRecordedAt?: string | null;
  /** When the making of its field-service job ended without a job (refused, or its last attempt failed); null otherwise. */
  readonly jobFailedAt?: string | null;
}

export type BookingWriteResult = 'booked' | 'slot_full' | 'session_changed';

/** Widget sessions and the per-slot booking counters, in the sessions table. */
export interface WidgetSessionStore {
  /** Bookings held per slot on the local dates first..last (one Query over those days' counter rows). */
  bookedCounts(teamId: number, schedulerId: number, first: string, last: string): Promise<BookedCounts>;
  createSession(stored: StoredWidgetSession): Promise<void>;
  getSession(ref: WidgetSessionRef): Promise<StoredWidgetSession | null>;
  /** Replaces the session unless it changed since `previous` was read (false then). */
  updateSession(previous: StoredWidgetSession, next: SessionRecord, extras?: WidgetSessionExtras): Promise<boolean>;
  /**
   * Claims the making of the session's field-service job until `until` (ISO instant), unless
   * another delivery holds an unexpired claim (false then): two deliveries of the same request
   * never ask the system for a job at once.
   */
  claimJob(ref: WidgetSessionRef, until: string, now: string): Promise<boolean>;
  /** Marks the booking's effects recorded (a write of its own, which later rewrites keep). */
  markEffectsRecorded(ref: WidgetSessionRef, at: string): Promise<void>;
  /**
   * Marks that no job will be made for the booking (its request was refused, or its last attempt
   * failed): a change of the visit then has no job to follow and need not wait for one.
   */
  markJobFailed(ref: WidgetSessionRef, at: string): Promise<void>;
  /** Ends a claim early (the attempt failed: its retry need not wait for the claim to lapse). */
  releaseJob(ref: WidgetSessionRef): Promise<void>;
  /**
   * Takes a place in the slot and writes the booked session in one transaction: `slot_full` when
   * the slot already holds `capacity` bookings, `session_changed` when the session changed since
   * `previous` was read (nothing is written then).
   */
  book(
    previous: StoredWidgetSession,
    next: SessionRecord,
    extras: WidgetSessionExtras,
    slot: { readonly date: string; readonly time: string; readonly capacity: number },
  ): Promise<BookingWriteResult>;
}

/**
 * A drop-off's write (the widget worker's): apart from the session store, so that what only reads
 * and books sessions does not load the lead and outbox items this write adds.
 */
export interface WidgetRecoveryStore {
  /**
   * Drops the session off with its recovery in one transaction: the session (unless it changed
   * since `previous` was read: false then, nothing written), the recovery lead (with its outreach
   * record's pointer when it has one) and `events` due in the outbox.
   */
  dropOffWithRecovery(
    previous: StoredWidgetSession,
    next: SessionRecord,
    extras: WidgetSessionExtras,
    lead: LeadRecord,
    events: readonly DomainEvent[],
  ): Promise<boolean>;
}
