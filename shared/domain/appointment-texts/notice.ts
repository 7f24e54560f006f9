import type { TextPurpose } from '#shared/domain/sms/outbound-texts';

/** The texts an appointment sends on its own: transactional, not solicitations. */
export const BOOKING_TEXT_PURPOSES = [
  'booking_confirmation',
  'booking_reminder',
  'booking_change',
] as const satisfies readonly TextPurpose[];
export type BookingTextPurpose = (typeof BOOKING_TEXT_PURPOSES)[number];
