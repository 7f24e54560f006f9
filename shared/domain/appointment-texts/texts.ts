/**
 * Statuses of an appointment's text (a subset of a campaign text's, with the same meanings):
 * sending (claimed, outcome not recorded yet), sent, failed (the provider refused it for good),
 * unconfirmed (the sender stopped before recording the provider's answer: never sent again),
 * suppressed (the number was on the team's suppression list when the text was due: never sent).
 */
export type AppointmentTextStatus = 'sending' | 'sent' | 'failed' | 'unconfirmed' | 'suppressed';
