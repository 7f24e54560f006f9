import * as z from 'zod/mini';
import { BOOKING_TEXT_PURPOSES, type OwnTextPurpose } from '#shared/domain/appointment-texts/notice';
import { APPOINTMENT_TEXT_STATUSES, type AppointmentTextStatus } from '#shared/domain/appointment-texts/texts';
import type { OutboundText } from '#shared/domain/sms-campaigns/outbound-texts';
import { atLoad } from '#shared/lazy';
import { teamPk } from './keys';
import { type Item, parseStoredItem } from './query';
import { storedNumber, storedOptionalNullableText, storedOptionalNumber, storedOptionalText, storedText } from './stored-members';

/**
 * `TEAM#<t>#APPOINTMENT#<appointment id>` / `TEXT#<purpose>#<occurrence>` (campaigns table): one
 * text an appointment sends on its own, its exactly-once guard, with the outbound texts feed's
 * index keys (outbound-keys.ts), so it is listed beside campaign texts. Written as a claim, then
 * settled; `purpose` tells it from a campaign's send record when the feed reads it.
 */
const storedAppointmentText = /* @__PURE__ */ atLoad(() =>
  z.object({
    purpose: z.enum([...BOOKING_TEXT_PURPOSES, 'booking_recovery']),
    appointment_id: storedText,
    occurrence: storedText,
    team_id: storedNumber,
    recipient: storedText,
    body: storedText,
    segments: storedNumber,
    status: z.enum(APPOINTMENT_TEXT_STATUSES),
    cost_micros: storedOptionalNumber,
    claimed_at: storedOptionalText,
    claim_token: storedOptionalText,
    provider_message_id: storedOptionalNullableText,
    error: storedOptionalNullableText,
    recorded_at: storedText,
    // A recovery text's plan under the calling-hours rules; absent on appointment texts.
    send_at: storedOptionalNullableText,
    rule: storedOptionalNullableText,
    deferred_until: storedOptionalNullableText,
    settled_at: storedOptionalText,
    updated_at: storedText,
  }),
) satisfies z.ZodMiniType<{ purpose: OwnTextPurpose; status: AppointmentTextStatus }>;

export type AppointmentTextItem = {
  readonly pk: string;
  readonly sk: string;
  readonly textsPk: string;
  readonly textsStatusPk: string;
  readonly textsSk: string;
} & z.input<typeof storedAppointmentText>;

type StoredAppointmentText = z.output<typeof storedAppointmentText>;

/** An appointment's text read back, validated. */
export function parseAppointmentTextItem(raw: Item): StoredAppointmentText {
  return parseStoredItem(storedAppointmentText, raw, 'appointment text');
}

export const appointmentTextPk = (teamId: number, appointmentId: string) => `${teamPk(teamId)}#APPOINTMENT#${appointmentId}`;
export const appointmentTextSk = (purpose: OwnTextPurpose, occurrence: string) => `TEXT#${purpose}#${occurrence}`;
/** The feed's sort key: unique per text (the appointment, purpose and occurrence stand where a campaign's id does). */
export const appointmentTextsSk = (at: string, key: { appointmentId: string; purpose: string; occurrence: string }, phone: string) =>
  `${at}#${key.appointmentId}:${key.purpose}:${key.occurrence}#${phone}`;

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/** Whether an item of the feed's indexes is an appointment's text rather than a campaign's send record. */
export function isAppointmentTextItem(item: Record<string, unknown>): boolean {
  return typeof item.purpose === 'string' && item.purpose !== 'campaign';
}

/** An appointment's text as the outbound texts feed lists it. */
export function outboundTextOfAppointmentText(item: StoredAppointmentText): OutboundText {
  return {
    campaign_id: null,
    purpose: item.purpose,
    // A recovery text is about a session left unfinished, not an appointment.
    appointment_id: item.purpose === 'booking_recovery' ? null : item.appointment_id,
    team_id: item.team_id,
    recipient: item.recipient,
    body: item.body,
    segments: item.segments,
    cost_micros: typeof item.cost_micros === 'number' ? item.cost_micros : 0,
    status: item.status,
    provider_message_id: str(item.provider_message_id),
    error: str(item.error),
    queued_at: item.recorded_at,
    sent_at: item.status === 'sent' ? str(item.settled_at) : null,
    updated_at: item.updated_at,
    // Appointment texts wait for no window (transactional); a recovery text may (a solicitation).
    deferred_until: item.status === 'deferred' ? str(item.deferred_until) : null,
    send_at: str(item.send_at),
    rule: str(item.rule),
  };
}
