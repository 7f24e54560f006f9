import * as z from 'zod/mini';
import { atLoad } from '#shared/lazy';
import { FOLLOW_THROUGH_DEFAULTS, MAX_OFFSET_MINUTES, MAX_REMINDERS, RECOVERY_MODES } from './scheduler-settings';

// Apart from scheduler-settings.ts's constants and helpers: what reads only those (an appointment
// text's reminder offsets, a session's recovery mode) does not build the settings' schema.

/** The members the scheduler's settings schema takes (domain/schedulers.ts). */
export const followThroughMembers = /* @__PURE__ */ atLoad(() => {
  // One bare integer refined by both members: check() answers a new schema and leaves it as it was.
  const whole = z.int();
  return {
    /** Minutes before the visit each reminder is due, distinct, largest first; empty: no reminders. */
    reminder_offsets_minutes: z._default(
      z.pipe(
        z.array(whole.check(z.gte(1), z.lte(MAX_OFFSET_MINUTES))).check(
          z.maxLength(MAX_REMINDERS),
          z.refine((offsets) => new Set(offsets).size === offsets.length, { error: 'must not repeat an offset' }),
        ),
        z.transform((offsets: number[]) => [...offsets].sort((a, b) => b - a)),
      ),
      [...FOLLOW_THROUGH_DEFAULTS.reminder_offsets_minutes],
    ),
    /** A customer's own change or cancel is refused this close to the visit. */
    change_cutoff_minutes: z._default(whole.check(z.gte(0), z.lte(MAX_OFFSET_MINUTES)), FOLLOW_THROUGH_DEFAULTS.change_cutoff_minutes),
    /** How a qualified session that dropped off is reached: a call, a text, both, or not at all. */
    recovery: z._default(z.enum(RECOVERY_MODES), FOLLOW_THROUGH_DEFAULTS.recovery),
  };
});
