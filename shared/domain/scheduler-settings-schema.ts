import * as z from 'zod/mini';
import { atLoad } from '#shared/lazy';
import { followThroughMembers } from './appointment-texts/follow-through-members';
import {
  ALLOWED_ORIGIN,
  BOOKING_DEFAULTS,
  type SchedulerSettings,
  type SchedulerSettingsInput,
  WEEKDAYS,
  type Weekday,
} from './schedulers';

/**
 * The schema an operator's scheduler settings are checked and filled with before they are stored
 * (`npm run admin -- scheduler set`, the demo's schedulers). Apart from domain/schedulers.ts: a
 * stored scheduler is read with its own schema of types and defaults
 * (shared/adapters/dynamodb/scheduler-config-store.ts), so the functions that only read schedulers
 * do not build these checks at load (docs/adr/0207-widget-visits-read-schedulers-and-items-as-stored.md).
 */

const CLOCK_TIME = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;

/**
 * The bare string and integer every member below refines: `check()` answers a new schema and
 * leaves its base as it was, so one base serves them all.
 */
const base = /* @__PURE__ */ atLoad(() => ({ text: z.string(), whole: z.int() }));

/** Opening hours of one weekday, local to the scheduler's zone; null when closed. "24:00" is no valid close: use 23:59. */
export const dayHoursSchema = /* @__PURE__ */ atLoad(() => {
  // One instance for both members (a schema is immutable).
  const clockTime = base.text.check(z.regex(CLOCK_TIME, { error: 'must be a time HH:MM (00:00 to 23:59)' }));
  return z.nullable(
    z
      .strictObject({ open: clockTime, close: clockTime })
      .check(z.refine((h) => h.open < h.close, { error: 'open must be before close', path: ['open'] })),
  );
});

const label = /* @__PURE__ */ atLoad(() => base.text.check(z.trim(), z.minLength(1), z.maxLength(100)));

const minutes = (min: number, max: number) => base.whole.check(z.gte(min), z.lte(max));

/**
 * Whether Intl knows the zone, checked as luxon's `IANAZone.isValidZone` does: an operator's change
 * re-checks the stored settings it starts from, so the check must not narrow. Written on Intl so
 * that no function bundles luxon for it (docs/adr/0168-cold-start-breakdown-and-zod-mini.md).
 */
function intlKnowsZone(zone: string): boolean {
  if (!zone) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone }).format();
    return true;
  } catch {
    return false;
  }
}

/**
 * Built `atLoad` (shared/lazy.ts), as are its members: a function bundles it only in the chunk of
 * a scheduler's write, which no function's request makes. On zod/mini, as every schema a deployed
 * function builds (docs/adr/0185-widget-cold-start.md).
 */
export const schedulerSettingsSchema = /* @__PURE__ */ atLoad(() => {
  // A visit's length and the slots' spacing take the same range.
  const slotMinutes = minutes(5, 720);
  return z.strictObject({
    name: label,
    services: z.array(label).check(z.maxLength(100)),
    job_types: z.array(label).check(z.maxLength(50)),
    service_areas: z.array(label).check(z.maxLength(200)),
    time_zone: base.text.check(z.refine((zone) => intlKnowsZone(zone), { error: 'must be an IANA time zone such as America/Chicago' })),
    hours: z.strictObject(Object.fromEntries(WEEKDAYS.map((day) => [day, dayHoursSchema])) as Record<Weekday, typeof dayHoursSchema>),
    slot_minutes: z._default(slotMinutes, BOOKING_DEFAULTS.slot_minutes),
    interval_minutes: z._default(slotMinutes, BOOKING_DEFAULTS.interval_minutes),
    lead_time_minutes: z._default(minutes(0, 60 * 24 * 30), BOOKING_DEFAULTS.lead_time_minutes),
    days_ahead: z._default(minutes(1, 365), BOOKING_DEFAULTS.days_ahead),
    capacity_per_slot: z._default(minutes(1, 100), BOOKING_DEFAULTS.capacity_per_slot),
    allowed_origins: z._default(
      z
        .array(base.text.check(z.regex(ALLOWED_ORIGIN, { error: 'must be an origin such as https://example.com or http://127.0.0.1:*' })))
        .check(z.maxLength(20)),
      [...BOOKING_DEFAULTS.allowed_origins],
    ),
    ...followThroughMembers,
  });
}) satisfies z.ZodMiniType<SchedulerSettings, SchedulerSettingsInput>;
