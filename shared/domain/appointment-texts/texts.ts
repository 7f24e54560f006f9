/**
 * Statuses of a text outside campaigns (a subset of a campaign text's, with the same meanings):
 * deferred, capped and skipped only for a recovery text (it waits for the customer's calling
 * hours; a frequency cap skipped it; it waited and its session was booked before it went);
 * sending (claimed, outcome not recorded yet), sent, failed (the provider refused it for good),
 * unconfirmed (the sender stopped before recording the provider's answer: never sent again),
 * suppressed (the number was on the team's suppression list when the text was due: never sent).
 */
export const APPOINTMENT_TEXT_STATUSES = [
  'sending',
  'sent',
  'failed',
  'unconfirmed',
  'suppressed',
  'deferred',
  'capped',
  'skipped',
] as const;
export type AppointmentTextStatus = (typeof APPOINTMENT_TEXT_STATUSES)[number];
