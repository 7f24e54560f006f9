import * as z from 'zod/mini';
import {
  APPOINTMENT_ACTORS,
  APPOINTMENT_CHANGES,
  APPOINTMENT_CHANNELS,
  APPOINTMENT_STATUSES,
  type StoredAppointment,
} from '#shared/domain/appointments/appointment';
import { atLoad } from '#shared/lazy';
import { type Item, parseStoredItem } from './query';
import { storedNullableText, storedText, storedTextOrNull } from './stored-members';

// The read of an appointment item, apart from its keys and writes (appointment-items.ts): the
// inbound-SMS webhook looks a number's next visit up in the phone index on every text
// (appointment-phone-index.ts) and reads the item, with this schema, only when there is one.

/**
 * An appointment as stored: the domain's own fields under their own names, with what only storage
 * keeps (the manage link's nonce and hash, the held slot, the version); validated when read, keys
 * and index attributes dropped. Numbers are read as numbers whatever wrote them.
 */
const storedAppointment = /* @__PURE__ */ atLoad(() => {
  // The texts are the stored members every table's items share (stored-members.ts); numbers are
  // coerced here alone, so this item keeps its own.
  const text = storedText;
  const nullableString = storedNullableText;
  const number = z.coerce.number();
  const nullableNumber = z.nullable(number);
  return z.object({
    appointment_id: text,
    team_id: number,
    scheduler_id: nullableNumber,
    channel: z.enum(APPOINTMENT_CHANNELS),
    status: z.enum(APPOINTMENT_STATUSES),
    customer: z.object({ name: nullableString, phone: nullableString, email: nullableString, address: nullableString }),
    service: nullableString,
    starts_at: text,
    time_zone: text,
    duration_minutes: number,
    lead: z.object({ id: nullableString, lead_id: nullableNumber }),
    session_id: nullableString,
    call_id: nullableString,
    history: z.array(
      z.object({
        change: z.enum(APPOINTMENT_CHANGES),
        at: text,
        by: z.enum(APPOINTMENT_ACTORS),
        starts_at: text,
        previous_starts_at: nullableString,
        note: nullableString,
      }),
    ),
    created_at: text,
    updated_at: text,
    manage_nonce: text,
    manage_token_hash: text,
    held_slot: z._default(z.nullable(z.object({ date: text, time: text })), null),
    session_started_at: storedTextOrNull,
    version: number,
  });
});

export function fromAppointmentItem(raw: Item): StoredAppointment {
  const {
    manage_nonce: nonce,
    manage_token_hash: tokenHash,
    held_slot: heldSlot,
    session_started_at: sessionStartedAt,
    version,
    ...appointment
  } = parseStoredItem(storedAppointment, raw, 'appointment');
  return { appointment, manage: { nonce, tokenHash }, heldSlot, sessionStartedAt, version };
}
