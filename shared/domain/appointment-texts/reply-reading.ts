import { normalize, readInbound } from '#shared/domain/sms/revocation';

/**
 * Reading a reply to an appointment's text: "C", "confirm", "yes", "Y", "sí", 👍 confirm the
 * visit; "R", "reschedule", "change" ask for another time; anything else is for the business's
 * staff. The opt-out reading (revocation.ts) goes first and wins: STOP, CANCEL, UNSUBSCRIBE…
 * opt the number out exactly as for any text, so "cancel" never cancels a visit. HELP, START and
 * UNSTOP keep their keyword meaning. Pure, like revocation.ts.
 *
 * A reply is a confirmation or a reschedule request only when it is made of that intent's words
 * and polite filler ("Yes please", "C 👍", "change pls"); a longer text that mentions them ("yes
 * but can you come at 3?") is for staff, who can read it.
 */
export type AppointmentReplyIntent =
  /** Opted out by revocation.ts: the opt-out handling applies, nothing about the visit. */
  | 'opt_out'
  /** HELP, START, UNSTOP: their keyword handling applies, nothing about the visit. */
  | 'keyword'
  | 'confirm'
  | 'reschedule'
  | 'other';

const CONFIRM_WORDS = new Set(['c', 'confirm', 'confirmed', 'yes', 'y', 'si']);
const RESCHEDULE_WORDS = new Set(['r', 'reschedule', 'change']);
/** Politeness around the choice: "yes please", "C thanks", "ok, confirm". */
const FILLER = new Set(['please', 'pls', 'plz', 'thanks', 'thank', 'you', 'thx', 'ty', 'ok', 'okay', 'por', 'favor', 'gracias']);

/** Thumbs up, any skin tone, with or without the emoji presentation selector. */
const THUMBS_UP = /\u{1F44D}[\u{1F3FB}-\u{1F3FF}]?\u{FE0F}?/gu;

export function readAppointmentReply(body: string): AppointmentReplyIntent {
  const reading = readInbound(body);
  if (reading.action === 'opted_out') return 'opt_out';
  if (reading.action === 'help' || (reading.action === 'opted_in' && reading.keyword !== 'YES')) return 'keyword';
  const thumbsUp = THUMBS_UP.test(body);
  THUMBS_UP.lastIndex = 0;
  const words = normalize(body.replace(THUMBS_UP, ' '))
    .split(' ')
    .filter((w) => w !== '' && !FILLER.has(w));
  if (words.length === 0) return thumbsUp ? 'confirm' : 'other';
  if (words.every((w) => CONFIRM_WORDS.has(w))) return 'confirm';
  if (!thumbsUp && words.every((w) => RESCHEDULE_WORDS.has(w))) return 'reschedule';
  return 'other';
}
