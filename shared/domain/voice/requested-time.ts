import * as chrono from 'chrono-node';
import { DateTime } from 'luxon';
import { normalizeTimeWords } from './time-words';

export interface RequestedTime {
  /** The instant, when the phrase names a time of day. */
  readonly at: string | null;
  /** The local calendar date the customer asked for. */
  readonly date: string;
  /** The words that named it, e.g. "tomorrow at 11 pm". */
  readonly phrase: string;
}

/**
 * Finds the appointment time a transcript asks for, read in the team's time zone relative to when
 * the call happened. chrono-node parses the words against the team's local wall-clock time (passed
 * as if it were UTC), and luxon turns the wall-clock result back into an instant in the zone, so
 * DST days resolve with that day's offset. The first phrase that lands after the call and names a
 * day wins; one with a time of day gives `at`, a day alone gives only `date`.
 */
export function findRequestedTime(transcript: string, timezone: string, callTime: Date): RequestedTime | null {
  const local = DateTime.fromJSDate(callTime, { zone: timezone });
  const wallClockAsUtc = new Date(Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute, local.second));
  const results = chrono.parse(transcript, { instant: wallClockAsUtc, timezone: 0 }, { forwardDate: true });
  for (const result of results) {
    const c = result.start;
    if (!c.isCertain('day') && !c.isCertain('weekday')) continue;
    const wall = {
      year: c.get('year') ?? local.year,
      month: c.get('month') ?? local.month,
      day: c.get('day') ?? local.day,
      hour: c.get('hour') ?? 0,
      minute: c.get('minute') ?? 0,
    };
    const hasTime = c.isCertain('hour');
    const instant = DateTime.fromObject(hasTime ? wall : { ...wall, hour: 0, minute: 0 }, { zone: timezone });
    if (!instant.isValid) continue;
    const date = instant.toISODate() as string;
    if (hasTime && instant.toMillis() <= callTime.getTime()) continue;
    if (!hasTime && date < (local.toISODate() as string)) continue;
    return { at: hasTime ? (instant.toUTC().toISO() as string) : null, date, phrase: result.text };
  }
  return null;
}

/** Opening hours per weekday in the team's zone (a scheduler's `hours`); null days are closed. */
export type WeeklyHours = Readonly<Record<(typeof WEEKDAY_NAMES)[number], { readonly open: string; readonly close: string } | null>>;

const WEEKDAY_NAMES = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;

/** Parts of the day that name one hour; "morning" or "afternoon" name a window, not a time. */
const NAMED_HOURS: readonly [RegExp, number, number][] = [
  [/^\W{0,3}(right )?after lunch\b/i, 13, 0],
  [/^\W{0,3}(at |around |about )?(noon|midday|lunchtime|lunch time)\b/i, 12, 0],
];

export interface TimeMention extends RequestedTime {
  /** Where the mention starts in the text searched. */
  readonly index: number;
}

/** A named hour after a day without a time ("Tuesday after lunch"), with the words that named it. */
function namedHourAfter(source: string, end: number): { hour: number; minute: number; words: string } | null {
  const after = source.slice(end, end + 30);
  for (const [pattern, hour, minute] of NAMED_HOURS) {
    const named = pattern.exec(after);
    if (named) return { hour, minute, words: after.slice(0, named[0].length) };
  }
  return null;
}

/**
 * A weekday said alone on that same weekday ("Wednesday" on a Wednesday) means the next one:
 * nobody books today by its weekday name. chrono's forward reading gives today.
 */
function weekdayAhead(c: chrono.ParsedComponents, local: DateTime, date: { year: number; month: number; day: number }) {
  const today = local.year === date.year && local.month === date.month && local.day === date.day;
  if (!today || c.isCertain('day') || !c.isCertain('weekday')) return date;
  const next = DateTime.fromObject(date, { zone: local.zone }).plus({ weeks: 1 });
  return { year: next.year, month: next.month, day: next.day };
}

/** "Move it from Thursday at 10 to Friday": a time and the day it goes to, which chrono reads as one range. */
function movedToDay(result: chrono.ParsedResult, local: DateTime): { date: string; phrase: string; index: number } | null {
  const end = result.end;
  if (!end || end.isCertain('hour') || !(end.isCertain('day') || end.isCertain('weekday'))) return null;
  const day = DateTime.fromObject(
    { year: end.get('year') ?? local.year, month: end.get('month') ?? local.month, day: end.get('day') ?? local.day },
    { zone: local.zone },
  );
  const phrase = result.text.split(/\s(?:to|until|till|through)\s/i).at(-1) ?? result.text;
  return day.isValid ? { date: day.toISODate() as string, phrase, index: result.index + result.text.length - phrase.length } : null;
}

interface WallClock {
  readonly date: { year: number; month: number; day: number };
  readonly hour: number | null;
  readonly minute: number;
  readonly phrase: string;
}

/** The day and time one chrono result names; a time without a day takes the day named before it. */
function wallClockOf(result: chrono.ParsedResult, source: string, local: DateTime, dayBefore: WallClock['date'] | null): WallClock | null {
  const c = result.start;
  const hasDay = c.isCertain('day') || c.isCertain('weekday');
  // A range of hours ("8 to 1", "from 2 to 4") is a window, or opening hours, not a time agreed.
  const range = result.end?.isCertain('hour') === true;
  let hour: number | null = c.isCertain('hour') && !range ? (c.get('hour') ?? 0) : null;
  if (!hasDay && (hour === null || dayBefore === null)) return null;
  let minute = c.get('minute') ?? 0;
  let phrase = result.text;
  if (hour !== null && !c.isCertain('meridiem') && hour >= 1 && hour < 7) hour += 12;
  if (hour === null && !range) {
    const named = namedHourAfter(source, result.index + result.text.length);
    if (named) ({ hour, minute } = named);
    if (named) phrase = `${result.text}${named.words}`;
  }
  const parsed = { year: c.get('year') ?? local.year, month: c.get('month') ?? local.month, day: c.get('day') ?? local.day };
  const date = hasDay ? weekdayAhead(c, local, parsed) : (dayBefore ?? parsed);
  return { date, hour, minute: hour === null ? 0 : minute, phrase: phrase.trim() };
}

/**
 * Every day (with or without a time) a text names after the call, in the team's zone. An hour
 * without am or pm ("Thursday at 2") is read as the afternoon when the morning hour is before
 * 7 am; "after lunch" is 1 pm and "noon" 12 pm. A time said without a day ("Friday morning, like
 * 8:30", "Wednesday works. At 2?") is on the day named before it in the same text, or on
 * `dayBefore` (the day the conversation was on) when given.
 */
export function timeMentions(
  text: string,
  timezone: string,
  callTime: Date,
  spanish = false,
  dayBefore: string | null = null,
): TimeMention[] {
  return mentionsOf(text, timezone, callTime, spanish, dayBefore, false);
}

/**
 * The times of day a text names that are already past at the call ("your painter came today at
 * 9"): no visit, but what "same time next week" counts from.
 */
export function pastTimes(text: string, timezone: string, callTime: Date, dayBefore: string | null): TimeMention[] {
  return mentionsOf(text, timezone, callTime, false, dayBefore, true).filter(
    (m) => m.at !== null && Date.parse(m.at) <= callTime.getTime(),
  );
}

function mentionsOf(
  text: string,
  timezone: string,
  callTime: Date,
  spanish: boolean,
  dayBefore: string | null,
  keepPast: boolean,
): TimeMention[] {
  const local = DateTime.fromJSDate(callTime, { zone: timezone });
  const source = normalizeTimeWords(text, local, spanish);
  const wallClockAsUtc = new Date(Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute, local.second));
  const results = chrono.parse(source, { instant: wallClockAsUtc, timezone: 0 }, { forwardDate: true });
  const before = dayBefore ? DateTime.fromISO(dayBefore, { zone: timezone }) : null;
  let lastDay: WallClock['date'] | null = before?.isValid ? { year: before.year, month: before.month, day: before.day } : null;
  const mentions: TimeMention[] = [];
  for (const result of results) {
    // "about 5 minutes", "in two hours": a wait, not an appointment.
    if (/\b(minutes?|mins?|hours?|hrs?|minutos?|horas?)\b/i.test(result.text)) continue;
    // "anything later in the day?": a part of whatever day is on the table, which chrono reads as tomorrow.
    if (/^(in|during|within|of) the day$/i.test(result.text.trim())) continue;
    // "your visit last Friday at 2": a day said as past, which chrono's forward reading puts in the coming week.
    if (/^(last|this past|past|previous)\b/i.test(result.text.trim())) continue;
    const wall = wallClockOf(result, source, local, lastDay);
    if (!wall) continue;
    const instant = DateTime.fromObject({ ...wall.date, hour: wall.hour ?? 0, minute: wall.minute }, { zone: timezone });
    if (!instant.isValid) continue;
    lastDay = wall.date;
    const date = instant.toISODate() as string;
    if (wall.hour !== null && instant.toMillis() <= callTime.getTime() && !keepPast) continue;
    if (wall.hour === null && date < (local.toISODate() as string)) continue;
    // Nobody books a visit more than a year out: such a reading is a number misread ("150 y 250 dólares").
    if (date > (local.plus({ years: 1 }).toISODate() as string)) continue;
    mentions.push({ at: wall.hour !== null ? (instant.toUTC().toISO() as string) : null, date, phrase: wall.phrase, index: result.index });
    const moved = wall.hour !== null ? movedToDay(result, local) : null;
    if (moved && moved.date !== date && moved.date >= (local.toISODate() as string)) mentions.push({ at: null, ...moved });
  }
  return mentions;
}

/**
 * The appointment time a conversation settles on: in the assistant's confirmation when it has one,
 * else the last time named (calls converge: "Friday?" "Friday is full, Monday at 9?" "OK"); an hour
 * without a day is today's when someone is sent (`sentToday`). A later
 * mention of another day without a time wins over an earlier time (the caller moved to that day).
 */
export function findAgreedTime(
  conversation: string,
  confirmation: string | null,
  timezone: string,
  callTime: Date,
  spanish = false,
  sentToday = false,
): RequestedTime | null {
  const dayBefore = sentToday ? DateTime.fromJSDate(callTime, { zone: timezone }).toISODate() : null;
  const pick = (mentions: readonly TimeMention[]): RequestedTime | null => {
    const last = mentions.at(-1);
    if (!last) return null;
    const lastTimed = mentions.filter((m) => m.at !== null).at(-1);
    const chosen = lastTimed && lastTimed.date === last.date ? lastTimed : last;
    return { at: chosen.at, date: chosen.date, phrase: chosen.phrase };
  };
  if (confirmation) {
    const confirmed = pick(timeMentions(confirmation, timezone, callTime, spanish, dayBefore));
    if (confirmed) return confirmed;
  }
  return pick(timeMentions(conversation, timezone, callTime, spanish, dayBefore));
}

/** Whether an instant falls within the opening hours of its weekday, in the zone; the reason when not. */
export function outsideHours(at: string, timezone: string, hours: WeeklyHours): string | null {
  const local = DateTime.fromISO(at, { zone: timezone });
  const day = WEEKDAY_NAMES[local.weekday - 1] as (typeof WEEKDAY_NAMES)[number];
  const open = hours[day];
  if (!open) return `the scheduler is closed on ${day[0]?.toUpperCase()}${day.slice(1)}s`;
  const clock = local.toFormat('HH:mm');
  if (clock < open.open || clock >= open.close) return `${clock} is outside the scheduler's hours on ${day} (${open.open}–${open.close})`;
  return null;
}
