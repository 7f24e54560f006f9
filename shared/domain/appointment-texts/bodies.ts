import { zoneAbbreviation } from '#shared/domain/local-days';
import { fromIsoInZone, wall, weekday, type Zoned } from '#shared/domain/sms/zoned-time';
import type { AppointmentNotice } from './notice';

/**
 * The words of an appointment's texts. Each names the business first (the customer must know who
 * writes), the service and the visit's local date and time with its zone's abbreviation ("EST" in
 * winter, "EDT" in summer: read at the visit's instant, so a visit across a DST change shows the
 * offset it will have), and the manage link. Only the first text of an appointment (its
 * confirmation) repeats the opt-out instruction: the customer has read it once, and the later
 * ones stay as short as they can.
 */

// luxon's English names for `ccc` and `LLL` (en-US reads its own tables, not Intl's).
const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** luxon's `toFormat("ccc, LLL d 'at' h:mm a ZZZZ")` in en-US. */
function shown(z: Zoned): string {
  const w = wall(z);
  const hour = w.hour % 12 === 0 ? 12 : w.hour % 12;
  const minute = String(w.minute).padStart(2, '0');
  const name = zoneAbbreviation(z.ts, z.zone) ?? '';
  return `${WEEKDAYS[weekday(z) - 1]}, ${MONTHS[w.month - 1]} ${w.day} at ${hour}:${minute} ${w.hour < 12 ? 'AM' : 'PM'} ${name}`;
}

/**
 * "Tue, Mar 10 at 2:30 PM EDT": the visit's start in its own zone, in US English. A start in the
 * ISO form every writer stores is read with Intl (zoned-time.ts, luxon's algorithm); any other
 * text luxon reads, on first use: it is 70 KB the texter's cold start would read for no stored start.
 */
export async function visitTime(start: string, zone: string): Promise<string> {
  // luxon names a zone without a slash its own way ("UTC" for utc and gmt), not as Intl does.
  const local = zone.includes('/') ? fromIsoInZone(start, zone, Date.now()) : null;
  if (local) return shown(local);
  const { DateTime } = await import('luxon');
  const parsed = DateTime.fromISO(start, { zone, locale: 'en-US' });
  if (!parsed.isValid)
    throw new Error(`visit start ${start} in ${zone} is not a time: ${parsed.invalidExplanation ?? parsed.invalidReason}`);
  return parsed.toFormat("ccc, LLL d 'at' h:mm a ZZZZ");
}

export const REPLY_CHOICES = 'Reply C to confirm, R to reschedule.';

export async function confirmationBody(n: AppointmentNotice): Promise<string> {
  return `${n.businessName}: your ${n.service} visit is booked for ${await visitTime(n.start, n.zone)}. Manage it: ${n.manageUrl} ${REPLY_CHOICES} STOP to opt out.`;
}

export async function reminderBody(n: AppointmentNotice): Promise<string> {
  return `${n.businessName} reminder: your ${n.service} visit is ${await visitTime(n.start, n.zone)}. Manage it: ${n.manageUrl} ${REPLY_CHOICES}`;
}

/** What changed: the visit moved (from `previousStart`), or it was cancelled. */
export type AppointmentChange = { readonly kind: 'rescheduled'; readonly previousStart: string } | { readonly kind: 'cancelled' };

export async function changeBody(n: AppointmentNotice, change: AppointmentChange): Promise<string> {
  if (change.kind === 'cancelled') {
    // No manage link: there is nothing left to manage, and a reply reaches the business's staff.
    return `${n.businessName}: your ${n.service} visit on ${await visitTime(n.start, n.zone)} is cancelled. Reply to this text to book again.`;
  }
  return `${n.businessName}: your ${n.service} visit moved from ${await visitTime(change.previousStart, n.zone)} to ${await visitTime(n.start, n.zone)}. Manage it: ${n.manageUrl}`;
}
