import { DateTime } from 'luxon';
import type { TimeMention } from './requested-time';

/**
 * Times said as an offset from one named before: "an hour later than that", "half an hour
 * earlier", "two hours after the inspection at 1", "the day after that, same time", "the following
 * Monday", "same time next week", "a week from then", "Tuesday, same time". chrono reads none of them (or reads "the following Monday" as the
 * coming one), so the turn reading resolves them against the last time the call named.
 */

const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
const COUNTS: Readonly<Record<string, number>> = { a: 1, an: 1, one: 1, two: 2, three: 3, 'half an': 0.5, 'half a': 0.5 };

/** A shift in hours or minutes; not the time of a call ("he'll call you an hour before"), which is no visit. */
const SHIFT = /\b(half an?|an?|one|two|three|\d{1,3}) (hours?|minutes?|mins?) (later|earlier|after|before)\b/i;
const PHONE_BEFORE = /\b(call|text|ring|phone)\b[^.?!,]{0,20}$/i;
const FOLLOWING = new RegExp(`\\bthe following (${WEEKDAYS.join('|')})\\b`, 'i');
const DAY_AFTER = /\bthe (day after (that|then)|next day)\b/i;
const NEXT_WEEK = /\b((same|that) time next week|a week (later|from then|after that))\b/i;
/** "I said Thursday, not Tuesday": a day said against another corrects the day of the time named, not its hour. */
const NOT_THAT_DAY = new RegExp(`\\bnot\\s+(on\\s+)?(${WEEKDAYS.join('|')}|today|tomorrow)\\b`, 'i');
/** "Same time" of the time named; "same time as last time" names none the call said. */
const SAME_TIME = /\b(same|that) time\b(?! as\b)/i;

const mentionAt = (at: DateTime, phrase: string): TimeMention => ({
  at: at.toUTC().toISO() as string,
  date: at.toISODate() as string,
  phrase,
  index: 0,
});
const dayOnly = (day: DateTime, phrase: string): TimeMention => ({ at: null, date: day.toISODate() as string, phrase, index: 0 });

/** The hour a day offset keeps: one said with it, or the named time's on "same time". */
function hourFor(sentence: string, said: readonly TimeMention[], named: TimeMention | null, timezone: string): DateTime | null {
  const timed = said.find((m) => m.at !== null)?.at ?? (SAME_TIME.test(sentence) ? named?.at : null);
  return timed ? DateTime.fromISO(timed, { zone: timezone }) : null;
}

function onDay(day: DateTime, hour: DateTime | null, phrase: string): TimeMention {
  return hour ? mentionAt(day.set({ hour: hour.hour, minute: hour.minute }), phrase) : dayOnly(day, phrase);
}

/**
 * The time an offset in the sentence names, counted from a time said with it ("after the
 * inspection at 1") or else from `named`, the last time the call named; null when the sentence
 * holds no offset or nothing to count from.
 */
export function offsetMention(
  sentence: string,
  said: readonly TimeMention[],
  named: TimeMention | null,
  timezone: string,
): TimeMention | null {
  const shift = SHIFT.exec(sentence);
  if (shift && !PHONE_BEFORE.test(sentence.slice(0, shift.index))) {
    const base = said.find((m) => m.at !== null)?.at ?? named?.at;
    if (!base) return null;
    const [, count = '', unit = '', way = ''] = shift;
    const minutes = (COUNTS[count.toLowerCase()] ?? Number(count)) * (/^h/i.test(unit) ? 60 : 1);
    const sign = /^(later|after)$/i.test(way) ? 1 : -1;
    return mentionAt(DateTime.fromISO(base, { zone: timezone }).plus({ minutes: sign * minutes }), shift[0]);
  }
  const following = FOLLOWING.exec(sentence);
  if (following && named) {
    const from = DateTime.fromISO(named.date, { zone: timezone });
    const weekday = WEEKDAYS.indexOf((following[1] ?? '').toLowerCase()) + 1;
    const day = from.plus({ days: (weekday - from.weekday + 7) % 7 || 7 });
    return onDay(day, hourFor(sentence, said, named, timezone), following[0]);
  }
  const after = DAY_AFTER.exec(sentence);
  if (after && named) {
    return onDay(DateTime.fromISO(named.date, { zone: timezone }).plus({ days: 1 }), hourFor(sentence, said, named, timezone), after[0]);
  }
  const week = NEXT_WEEK.exec(sentence);
  if (week && named?.at) return mentionAt(DateTime.fromISO(named.at, { zone: timezone }).plus({ weeks: 1 }), week[0]);
  // "Move it to Tuesday, same time", "I said Thursday, not Tuesday": the day said, at the hour named.
  const [day] = said;
  if (said.length === 1 && day?.at === null && named?.at && (SAME_TIME.test(sentence) || NOT_THAT_DAY.test(sentence)))
    return onDay(DateTime.fromISO(day.date, { zone: timezone }), DateTime.fromISO(named.at, { zone: timezone }), `${day.phrase} same time`);
  return null;
}
