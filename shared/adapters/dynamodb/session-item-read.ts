import * as z from 'zod/mini';
import { RECOVERY_CHANNELS, SESSION_STATUSES, type SessionRecord } from '#shared/domain/sessions';
import { atLoad } from '#shared/lazy';
import { type Item, parseStoredItem } from './query';
import { storedNullableNumber, storedNullableText, storedNumber, storedText, storedTextOrNull } from './stored-members';

// The read of a session row, apart from its write (session-items.ts): what only writes a session
// row (an appointment's move or cancel rewrites its widget session) does not build this schema.

/**
 * The session's attributes as stored: the domain record's own fields under their own names (the
 * item and the record are the same shape, less the keys, placement and change stamp), so this one
 * list is both the item's validation and its mapping; rows written before service_area and
 * conversion_value were kept read them as null. `satisfies` keeps it equal to SessionRecord.
 */
const storedSession = /* @__PURE__ */ atLoad(() => {
  // Written only when true (booking recovery): absent reads as not set.
  const flag = z.optional(z.literal(true));
  return z.object({
    session_id: storedText,
    team_id: storedNumber,
    scheduler_id: storedNumber,
    status: z.enum(SESSION_STATUSES),
    customer_info: z.object({
      name: storedNullableText,
      email: storedNullableText,
      phone: storedNullableText,
      address: storedNullableText,
    }),
    issue_type: storedNullableText,
    job_type: storedNullableText,
    selected_date: storedNullableText,
    selected_time: storedNullableText,
    utm: z.object({
      source: storedNullableText,
      medium: storedNullableText,
      campaign: storedNullableText,
      term: storedNullableText,
      content: storedNullableText,
    }),
    google_ads: z.object({ gclid: storedNullableText, wbraid: storedNullableText, gbraid: storedNullableText }),
    st_job_id: storedNullableNumber,
    started_at: storedText,
    completed_at: storedNullableText,
    last_activity_at: storedNullableText,
    events: z.array(z.object({ event_type: storedText, created_at: storedText, channel: z.optional(z.enum(RECOVERY_CHANNELS)) })),
    service_area: storedTextOrNull,
    conversion_value: z._default(storedNullableNumber, null),
    recovered: flag,
    qualified_drop_off: flag,
  });
}) satisfies z.ZodMiniType<SessionRecord>;

/** A session's attributes as a row holds them (session-items.ts writes them). */
export type StoredSessionAttributes = z.input<typeof storedSession>;

/**
 * The attributes fromSessionItem reads: a list reads only these, not the keys and index
 * attributes beside them (a third of a row's bytes on the wire).
 */
export const SESSION_ATTRIBUTES: readonly string[] = /* @__PURE__ */ atLoad(() => Object.keys(storedSession.shape));

/**
 * The session of an item, validated: keys, placement, the change stamp and the widget's attributes
 * (widget-session-store.ts) are left behind (zod drops members its object does not name).
 */
export function fromSessionItem(stored: Item): SessionRecord {
  return parseStoredItem(storedSession, stored, 'session');
}
