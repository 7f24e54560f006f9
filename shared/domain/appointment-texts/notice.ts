import type { TextPurpose } from '#shared/domain/sms-campaigns/outbound-texts';

/** The texts an appointment sends on its own: transactional, not solicitations. */
export const BOOKING_TEXT_PURPOSES = [
  'booking_confirmation',
  'booking_reminder',
  'booking_change',
] as const satisfies readonly TextPurpose[];
export type BookingTextPurpose = (typeof BOOKING_TEXT_PURPOSES)[number];

/**
 * The texts outside campaigns, each sent once through the same record and claim: an
 * appointment's own, and the recovery text of a session left unfinished (a solicitation, held by
 * calling hours and caps before it is claimed: shared/domain/widget/recovery-followup.ts).
 */
export type OwnTextPurpose = BookingTextPurpose | 'booking_recovery';

/**
 * What the texts of one appointment need to know about it: enough to write and address them, and
 * nothing of the appointment's own record (the appointment store maps its record to this).
 */
export interface AppointmentNotice {
  readonly teamId: number;
  readonly appointmentId: string;
  /** The customer's phone, E.164. */
  readonly phone: string;
  readonly businessName: string;
  /** The service booked, as the customer chose it ("Water heater repair"). */
  readonly service: string;
  /** The visit's start, a UTC ISO 8601 instant. */
  readonly start: string;
  /** The visit's IANA zone: its local date, time and abbreviation are read in it. */
  readonly zone: string;
  /** The customer's link to see, move or cancel the visit. */
  readonly manageUrl: string;
}
