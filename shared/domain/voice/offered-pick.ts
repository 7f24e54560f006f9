import { DateTime } from 'luxon';
import type { TimeMention } from './requested-time';
import { DAY_TAKEN, HOUR_TAKEN, OFFERS } from './settling-words';

/**
 * Offers read by conversation-times.ts: the bare hours offered or asked on the day on the table,
 * and the one of several offered times an answer picks, by hour ("11 is better", "ten"), weekday
 * ("the Friday one"), part of the day ("the afternoon one"), the order they were said in ("the
 * second one", "the last one", "the latter") or when they are ("the earlier one", "whichever is
 * sooner", "the later slot").
 */

const NUMBER_WORDS = ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];
/** "ten" → "10", so an answer picks an offered hour said as a word. */
export const hoursInDigits = (text: string) =>
  text.replace(new RegExp(`\\b(${NUMBER_WORDS.join('|')})\\b`, 'gi'), (w) => String(NUMBER_WORDS.indexOf(w.toLowerCase()) + 1));

/** "the earlier one", "that one", "the 9 one": "one" said for an offer, not the hour 1. */
const ONE_FOR_AN_OFFER =
  /\b(the|that|this|other|earlier|earliest|later|latest|first|second|third|last|morning|afternoon|evening|monday|tuesday|wednesday|thursday|friday|saturday|sunday|\d{1,2}(?::\d{2})?(?: ?[ap]\.?m\.?)?) one\b/gi;
/** A pick by when the offers are: "the earlier one", "whichever is sooner" (the first in time); "the later slot" (the last). */
const BY_TIME = /\b(?:(earlier|earliest|sooner|soonest)|(later|latest))\b/i;
/** A pick by the order the offers were said in: "first option", "the second one", "the last one", "the latter". */
const BY_ORDER = /\b(first|second|third|fourth|former|last|latter)\b/i;
const ORDINALS = ['first', 'second', 'third', 'fourth'];

const whenOf = (p: { readonly mention: TimeMention }) => p.mention.at ?? p.mention.date;
/** A clock time as said ("2", "3:30"), to find where an offer was said in its sentence. */
const clockSaid = (at: DateTime) => new RegExp(`\\b${at.hour % 12 || 12}${at.minute === 0 ? '(?::00)?' : `:${at.toFormat('mm')}`}\\b(?!:)`);

/**
 * The offers in the order the assistant said them: "I have 2 or 3:30" reads the time of day
 * before the bare hour after "or", so each is placed by where its clock is said; offers whose
 * clocks cannot all be placed apart keep the order they were read in.
 */
export function inOrderSaid<T extends { readonly mention: TimeMention; readonly quote: string }>(
  offered: readonly T[],
  timezone: string,
): readonly T[] {
  const places = offered.map((p) =>
    p.mention.at ? hoursInDigits(p.quote).search(clockSaid(DateTime.fromISO(p.mention.at, { zone: timezone }))) : -1,
  );
  if (places.some((at) => at < 0) || new Set(places).size < places.length) return offered;
  return offered
    .map((p, i) => ({ p, at: places[i] ?? 0 }))
    .sort((a, b) => a.at - b.at)
    .map(({ p }) => p);
}

/** The offer an ordinal ("the second one") or a relation in time ("the earlier one", "whichever is sooner") picks. */
function pickByPlace<T extends { readonly mention: TimeMention; readonly quote: string }>(
  answer: string,
  offered: readonly T[],
  timezone: string,
): T | null {
  const byTime = BY_TIME.exec(answer);
  if (byTime) {
    const sorted = [...offered].sort((a, b) => (whenOf(a) < whenOf(b) ? -1 : whenOf(a) > whenOf(b) ? 1 : 0));
    return (byTime[1] ? sorted[0] : sorted.at(-1)) ?? null;
  }
  const word = BY_ORDER.exec(answer)?.[1]?.toLowerCase();
  if (!word) return null;
  const said = inOrderSaid(offered, timezone);
  return (word === 'last' || word === 'latter' ? said.at(-1) : said[word === 'former' ? 0 : ORDINALS.indexOf(word)]) ?? null;
}

export function pickOffered<T extends { readonly mention: TimeMention; readonly quote: string }>(
  answer: string,
  offered: readonly T[],
  timezone: string,
): T | null {
  if (offered.length === 1) return offered[0] ?? null;
  const local = (p: T) => (p.mention.at ? DateTime.fromISO(p.mention.at, { zone: timezone }) : null);
  const hour = /\b(\d{1,2})(?::(\d{2}))?\b/.exec(hoursInDigits(answer.replace(ONE_FOR_AN_OFFER, '$1')));
  if (hour) {
    const h = Number(hour[1]) % 12;
    const m = Number(hour[2] ?? 0);
    const byHour = offered.filter((p) => (local(p)?.hour ?? -1) % 12 === h && local(p)?.minute === m);
    if (byHour.length === 1) return byHour[0] ?? null;
  }
  const weekday = /\b(monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b/i.exec(answer)?.[1]?.toLowerCase();
  if (weekday) {
    const byDay = offered.filter((p) => DateTime.fromISO(p.mention.date).setLocale('en-US').toFormat('cccc').toLowerCase() === weekday);
    if (byDay.length === 1) return byDay[0] ?? null;
  }
  const part = /\b(morning|afternoon|evening)\b/i.exec(answer)?.[1]?.toLowerCase();
  if (part) {
    const inPart = offered.filter((p) => {
      const hour = local(p)?.hour ?? -1;
      return part === 'morning' ? hour >= 0 && hour < 12 : part === 'afternoon' ? hour >= 12 && hour < 17 : hour >= 17;
    });
    if (inPart.length === 1) return inPart[0] ?? null;
  }
  return pickByPlace(answer, offered, timezone);
}

/** An hour said alone ("2?", "9."), as the assistant answers "what time?" or offers another after one gone. */
const HOUR_ALONE = /^\W*\d{1,2}(:\d{2})?( ?[ap]\.?m\.?)?\s*[.?!]?\s*$/i;
/** Words that make one bare hour an offer: "the earliest I have Monday is 10", "first opening is 9", "a 1 o'clock", "I only have 2." */
const ONE_SLOT =
  /\b((earliest|first|next) (i have|i've got|i can do|we have|opening|slot|available|availability)|(i|we) have an? \d|(i|we) (only|just|still) (have|'ve got|got) \d{1,2}(:\d{2})?(?=\s*([.,!?]|$|[ap]\.?m\b|o'?clock|open|available|left|free)))/i;

/**
 * Bare hours an assistant offers on a day it named ("tomorrow. I have 8 or 11", "the earliest I
 * have Monday is 10"), read as the nearest working hour: two or more, or one said as a slot.
 */
function bareHoursOffered(text: string, day: string | null, timezone: string, callTime: Date): TimeMention[] {
  const offered = bareHours(text, day, timezone, callTime);
  return offered.length >= 2 || (offered.length === 1 && (ONE_SLOT.test(text) || OFFERS.test(text) || HOUR_ALONE.test(text)))
    ? offered
    : [];
}

/**
 * The times an assistant's sentence offers: its times of day, with a bare hour after "or" on
 * their day ("Friday at 9 or 1"); else the bare hours on the day named ("tomorrow. I have 8 or
 * 11"); else its days, only those after the words that offer when a day before them is context
 * ("everyone's out today, the earliest is first thing tomorrow").
 */
export function offersOf(
  sentence: string,
  mentions: readonly TimeMention[],
  lastDay: string | null,
  timezone: string,
  callTime: Date,
): TimeMention[] {
  const timed = mentions.filter((m) => m.at !== null);
  // The numbers of the days named ("March 11") are no hours: only what is left of the sentence is read for them.
  const rest = mentions.reduce((text, m) => text.replace(m.phrase, ' '), sentence);
  if (timed.length > 0) {
    const more = /\bor\b/i.test(rest) ? bareHours(rest, timed.at(-1)?.date ?? null, timezone, callTime) : [];
    return [...timed, ...more.filter((m) => !timed.some((t) => t.at === m.at))];
  }
  const bare = bareHoursOffered(rest, mentions.at(-1)?.date ?? lastDay, timezone, callTime);
  if (bare.length > 0) return bare;
  const offer = OFFERS.exec(sentence);
  const lower = sentence.toLowerCase();
  const after = offer ? mentions.filter((m) => lower.lastIndexOf(m.phrase.toLowerCase()) > offer.index) : [];
  return after.length > 0 ? after : [...mentions];
}

/** A range of hours ("8 to 10", "1-3", "between 1 and 3"): a window. */
const RANGE =
  /\b(?:between )?\d{1,2}(?::\d{2})?\s*(?:to|till|until|through|-|–)\s*\d{1,2}(?::\d{2})?\b|\bbetween \d{1,2}(?::\d{2})? and \d{1,2}(?::\d{2})?\b/gi;

/** The bare hours of a sentence on the day the conversation is on, each read as the nearest working hour. */
export function bareHours(text: string, day: string | null, timezone: string, callTime: Date): TimeMention[] {
  if (!day || !(HOUR_ALONE.test(text) || /\b(have|do|does|got|at|or|how about|what about|is|instead|(can|could) it be)\b/i.test(text)))
    return [];
  const offered: TimeMention[] = [];
  // "8 to 10 or 1 to 3": the hours of a range bound a window, they are no times (blanked, so the places stay).
  const hours = text.replace(RANGE, (range) => ' '.repeat(range.length));
  for (const found of hours.matchAll(/\b(\d{1,2})(?::(\d{2}))?\b(?!\s*(dollars|degrees|minutes|hours|days|%)|(st|nd|rd|th)\b)/gi)) {
    const raw = Number(found[1]);
    if (raw < 1 || raw > 12) continue;
    const hour = raw < 7 ? raw + 12 : raw;
    const instant = DateTime.fromISO(day, { zone: timezone }).set({ hour, minute: Number(found[2] ?? 0) });
    if (!instant.isValid || instant.toMillis() <= callTime.getTime()) continue;
    offered.push({ at: instant.toUTC().toISO() as string, date: day, phrase: `${day} ${found[0]}`, index: found.index ?? 0 });
  }
  return offered;
}

const clockOf = (m: TimeMention, timezone: string) => (m.at ? DateTime.fromISO(m.at, { zone: timezone }).toFormat('HH:mm') : null);
/** Two times at the same clock hour, whatever their day ("the nine am" picks the offer at 9). */
export const sameClock = (a: TimeMention, b: TimeMention, timezone: string) =>
  clockOf(a, timezone) !== null && clockOf(a, timezone) === clockOf(b, timezone);

/** "10 works" said by the assistant to the hour the customer asked. */
export function echoesHour(sentence: string, asked: TimeMention, timezone: string): boolean {
  const said = HOUR_TAKEN.exec(sentence);
  if (!said || asked.at === null) return false;
  const local = DateTime.fromISO(asked.at, { zone: timezone });
  return Number(said[1]) % 12 === local.hour % 12 && Number(said[2] ?? 0) === local.minute;
}

/** "Thursday works." said by the assistant to "Thursday the 3rd at 9?": the asked time taken by its day alone. */
export const echoesDay = (sentence: string, mentions: readonly TimeMention[], asked: TimeMention) =>
  asked.at !== null && mentions.length > 0 && mentions.every((m) => m.at === null && m.date === asked.date) && DAY_TAKEN.test(sentence);
