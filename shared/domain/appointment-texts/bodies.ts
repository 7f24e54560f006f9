import { DateTime } from 'luxon';
import type { AppointmentNotice } from './notice';

/**
 * The words of an appointment's texts. Each names the business first (the customer must know who
 * writes), the service and the visit's local date and time with its zone's abbreviation ("EST" in
 * winter, "EDT" in summer: read at the visit's instant, so a visit across a DST change shows the
 * offset it will have), and the manage link. Only the first text of an appointment (its
 * confirmation) repeats the opt-out instruction: the customer has read it once, and the later
 * ones stay as short as they can.
 */

/** "Tue, Mar 10 at 2:30 PM EDT": the visit's start in its own zone, in US English. */
export function visitTime(start: string, zone: string): string {
  const local = DateTime.fromISO(start, { zone, locale: 'en-US' });
  if (!local.isValid) throw new Error(`visit start ${start} in ${zone} is not a time: ${local.invalidExplanation ?? local.invalidReason}`);
  return local.toFormat("ccc, LLL d 'at' h:mm a ZZZZ");
}

export const REPLY_CHOICES = 'Reply C to confirm, R to reschedule.';

export function confirmationBody(n: AppointmentNotice): string {
  return `${n.businessName}: your ${n.service} visit is booked for ${visitTime(n.start, n.zone)}. Manage it: ${n.manageUrl} ${REPLY_CHOICES} STOP to opt out.`;
}

export function reminderBody(n: AppointmentNotice): string {
  return `${n.businessName} reminder: your ${n.service} visit is ${visitTime(n.start, n.zone)}. Manage it: ${n.manageUrl} ${REPLY_CHOICES}`;
}

/** What changed: the visit moved (from `previousStart`), or it was cancelled. */
export type AppointmentChange = { readonly kind: 'rescheduled'; readonly previousStart: string } | { readonly kind: 'cancelled' };

export function changeBody(n: AppointmentNotice, change: AppointmentChange): string {
  if (change.kind === 'cancelled') {
    // No manage link: there is nothing left to manage, and a reply reaches the business's staff.
    return `${n.businessName}: your ${n.service} visit on ${visitTime(n.start, n.zone)} is cancelled. Reply to this text to book again.`;
  }
  return `${n.businessName}: your ${n.service} visit moved from ${visitTime(change.previousStart, n.zone)} to ${visitTime(n.start, n.zone)}. Manage it: ${n.manageUrl}`;
}
