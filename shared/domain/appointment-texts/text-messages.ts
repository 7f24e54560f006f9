import * as z from 'zod/mini';
import { atLoad } from '#shared/lazy';

/**
 * The messages of the appointment-texts queue. They carry ids, never the customer's number or
 * name: the worker reads the appointment as it is when the text is due (a reminder scheduled days
 * ahead sees a move or a cancel), and nothing personal sits in a queue or a schedule's payload.
 * - `booked`: an appointment was made: its confirmation, and its reminders planned;
 * - `changed`: it was moved (its reminders planned again for the new start) or cancelled; one
 *   change text per `change_id` (the change's id or version on the appointment's history);
 * - `reminder`: one reminder, due now, for the start it was planned for.
 */
/** Built atLoad (shared/lazy.ts): only the appointment-texter parses these messages. */
export const appointmentTextMessageSchema = /* @__PURE__ */ atLoad(() => {
  const ids = { team_id: z.int().check(z.positive()), appointment_id: z.string().check(z.minLength(1), z.maxLength(200)) };
  return z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('booked'), ...ids }),
    z.object({
      kind: z.literal('changed'),
      ...ids,
      change: z.enum(['rescheduled', 'cancelled']),
      change_id: z.string().check(z.minLength(1), z.maxLength(200)),
      /** The start before a move (for the text "moved from … to …"). */
      previous_start: z.optional(z.iso.datetime({ offset: true })),
    }),
    z.object({
      kind: z.literal('reminder'),
      ...ids,
      /** The visit's start the reminder was planned for: another start now means the visit moved. */
      start: z.iso.datetime({ offset: true }),
      offset_minutes: z.int().check(z.positive()),
    }),
  ]);
});

export type AppointmentTextMessage = z.output<typeof appointmentTextMessageSchema>;
