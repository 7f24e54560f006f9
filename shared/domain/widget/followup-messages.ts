import * as z from 'zod/mini';
import type { Session } from '#shared/domain/sessions';
import { atLoad } from '#shared/lazy';
import type { WidgetSessionRef } from '#shared/ports/widget-session-store';

/**
 * The widget-followups queue's messages: a booking's field-service job, the job following a change
 * of its visit, a session's drop-off check and its recovery. Apart from what the worker does with
 * them (field-service-jobs.ts, field-service-changes.ts, drop-off.ts, recovery-followup.ts) so that
 * the routes that only send one (a session's start schedules its drop-off check) do not reach the
 * booking's effects.
 *
 * One instance per kind of member (a schema is immutable), across the messages: every worker
 * message is read with them.
 */
const members = /* @__PURE__ */ atLoad(() => ({
  id: z.int().check(z.gte(1)),
  key: z.string().check(z.minLength(1), z.maxLength(64)),
  instant: z.string().check(z.minLength(1), z.maxLength(40)),
}));

const sessionRefSchema = /* @__PURE__ */ atLoad(() =>
  z.object({
    team_id: members.id,
    scheduler_id: members.id,
    started_at: z.string().check(z.minLength(1)),
    session_id: members.key,
  }),
);

/** A change of a widget booking's visit, which its field-service job follows (field-service-changes.ts). */
export const fieldServiceChangeSchema = /* @__PURE__ */ atLoad(() =>
  z.object({
    team_id: members.id,
    appointment_id: members.key,
    action: z.enum(['reschedule', 'cancel']),
    /** The change's event id: what its requests and schedules are keyed on. */
    change_id: members.key,
    /** When the change was made: its line of the visit's history. */
    occurred_at: members.instant,
    /** The visit's start after the change (a cancel: the start given up). */
    starts_at: members.instant,
  }),
);
export type FieldServiceChange = z.output<typeof fieldServiceChangeSchema>;

const attemptSchema = (min: number) => z._default(z.int().check(z.gte(min), z.lte(100)), min);

/** The widget-followups queue's messages: read by the worker, so built only in its bundle. */
export const widgetFollowupSchema = /* @__PURE__ */ atLoad(() => {
  // Shared by the job's and the change's messages, as sessionRefSchema is by four kinds.
  const attempt = attemptSchema(1);
  const requestedAt = z.optional(members.instant);
  return z.discriminatedUnion('kind', [
    z.object({
      kind: z.literal('field_service_job'),
      session: sessionRefSchema,
      attempt,
      /** When a retry was scheduled for: the attempt's requested_at, the same on every delivery. */
      requested_at: requestedAt,
    }),
    z.object({
      kind: z.literal('field_service_change'),
      change: fieldServiceChangeSchema,
      attempt,
      requested_at: requestedAt,
      /** How many times the change has waited for the booking's job to be made. */
      waits: attemptSchema(0),
    }),
    z.object({ kind: z.literal('drop_off'), session: sessionRefSchema }),
    // A dropped-off session's recovery (recovery-followup.ts): from its outbox event, or again when a deferred text's window opens.
    z.object({ kind: z.literal('recovery'), session: sessionRefSchema }),
  ]);
});

export function refOf(m: z.output<typeof sessionRefSchema>): WidgetSessionRef {
  return { teamId: m.team_id, schedulerId: m.scheduler_id, startedAt: m.started_at, sessionId: m.session_id };
}

export function refMessage(s: Pick<Session, 'team_id' | 'scheduler_id' | 'started_at' | 'session_id'>): z.output<typeof sessionRefSchema> {
  return { team_id: s.team_id, scheduler_id: s.scheduler_id, started_at: s.started_at, session_id: s.session_id };
}
