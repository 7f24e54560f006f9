import * as chrono from 'chrono-node';
import { DateTime } from 'luxon';

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

/**
 * Spanish time words in their English form, so one parser reads both (chrono's Spanish parser
 * misses "a las 3 de la tarde" and weekdays after "el"). Longest phrases first.
 */
const SPANISH_TO_ENGLISH: readonly [RegExp, string][] = [
  [/\bpasado ma[ñn]ana\b/gi, 'the day after tomorrow'],
  [/\b(de|en|por) la ma[ñn]ana\b/gi, 'am'],
  [/\b(de|en|por) la tarde\b/gi, 'pm'],
  [/\b(de|en|por) la noche\b/gi, 'pm'],
  [/\bal mediod[ií]a\b|\bmediod[ií]a\b/gi, 'at noon'],
  [/\bdespu[eé]s del almuerzo\b|\bdespu[eé]s de comer\b/gi, 'after lunch'],
  [/\bma[ñn]ana\b/gi, 'tomorrow'],
  [/\bhoy\b/gi, 'today'],
  [/\b(el )?(pr[oó]ximo|que viene)\b/gi, 'next'],
  [/\blunes\b/gi, 'Monday'],
  [/\bmartes\b/gi, 'Tuesday'],
  [/\bmi[eé]rcoles\b/gi, 'Wednesday'],
  [/\bjueves\b/gi, 'Thursday'],
  [/\bviernes\b/gi, 'Friday'],
  [/\bs[aá]bado\b/gi, 'Saturday'],
  [/\bdomingo\b/gi, 'Sunday'],
  [/\ba las (\d{1,2})(?::(\d{2}))?\b/gi, 'at $1:$2'],
  [/\ba la (una)\b/gi, 'at 1'],
  [/\by media\b/gi, ':30'],
];

function toEnglish(text: string): string {
  let out = text;
  for (const [pattern, english] of SPANISH_TO_ENGLISH) out = out.replace(pattern, english);
  // "at 3:" left by an hour without minutes
  return out.replace(/\bat (\d{1,2}):(?!\d)/g, 'at $1');
}

/** Parts of the day that name one hour; "morning" or "afternoon" name a window, not a time. */
const NAMED_HOURS: readonly [RegExp, number, number][] = [
  [/^\W{0,3}(right )?after lunch\b/i, 13, 0],
  [/^\W{0,3}(at |around |about )?(noon|midday|lunchtime|lunch time)\b/i, 12, 0],
];

const ORDINAL_DAY = /\b(?:(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday),? )?the (\d{1,2})(?:st|nd|rd|th)\b/gi;

/**
 * "Wednesday the 2nd" names a day of the month without the month, which chrono does not read: the
 * month is the call's when that day is still ahead, else the next one.
 */
function withMonths(text: string, local: DateTime): string {
  return text.replace(ORDINAL_DAY, (whole, day: string) => {
    const n = Number(day);
    if (n < 1 || n > 31) return whole;
    const month = n >= local.day ? local : local.plus({ months: 1 });
    return `${month.toFormat('MMMM', { locale: 'en-US' })} ${n}`;
  });
}

export interface TimeMention extends RequestedTime {
  /** Where the mention starts in the text searched. */
  readonly index: number;
}

/**
 * Every day (with or without a time) a text names after the call, in the team's zone. An hour
 * without am or pm ("Thursday at 2") is read as the afternoon when the morning hour is before
 * 7 am; "after lunch" is 1 pm and "noon" 12 pm.
 */
export function timeMentions(text: string, timezone: string, callTime: Date, spanish = false): TimeMention[] {
  const local = DateTime.fromJSDate(callTime, { zone: timezone });
  const source = withMonths(spanish ? toEnglish(text) : text, local);
  const wallClockAsUtc = new Date(Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute, local.second));
  const results = chrono.parse(source, { instant: wallClockAsUtc, timezone: 0 }, { forwardDate: true });
  const mentions: TimeMention[] = [];
  for (const result of results) {
    const c = result.start;
    if (!c.isCertain('day') && !c.isCertain('weekday')) continue;
    let hour: number | null = c.isCertain('hour') ? (c.get('hour') ?? 0) : null;
    let minute = c.get('minute') ?? 0;
    let phrase = result.text;
    if (hour !== null && !c.isCertain('meridiem') && hour >= 1 && hour < 7) hour += 12;
    if (hour === null) {
      const after = source.slice(result.index + result.text.length, result.index + result.text.length + 30);
      for (const [pattern, h, m] of NAMED_HOURS) {
        const named = pattern.exec(after);
        if (named) {
          hour = h;
          minute = m;
          phrase = `${result.text}${after.slice(0, named[0].length)}`;
          break;
        }
      }
    }
    const wall = { year: c.get('year') ?? local.year, month: c.get('month') ?? local.month, day: c.get('day') ?? local.day };
    const instant = DateTime.fromObject({ ...wall, hour: hour ?? 0, minute: hour === null ? 0 : minute }, { zone: timezone });
    if (!instant.isValid) continue;
    const date = instant.toISODate() as string;
    if (hour !== null && instant.toMillis() <= callTime.getTime()) continue;
    if (hour === null && date < (local.toISODate() as string)) continue;
    mentions.push({ at: hour !== null ? (instant.toUTC().toISO() as string) : null, date, phrase: phrase.trim(), index: result.index });
  }
  return mentions;
}

/**
 * The appointment time a conversation settles on: in the assistant's confirmation when it has one,
 * else the last time named (calls converge: "Friday?" "Friday is full, Monday at 9?" "OK"). A later
 * mention of another day without a time wins over an earlier time (the caller moved to that day).
 */
export function findAgreedTime(
  conversation: string,
  confirmation: string | null,
  timezone: string,
  callTime: Date,
  spanish = false,
): RequestedTime | null {
  const pick = (mentions: readonly TimeMention[]): RequestedTime | null => {
    const last = mentions.at(-1);
    if (!last) return null;
    const lastTimed = mentions.filter((m) => m.at !== null).at(-1);
    const chosen = lastTimed && lastTimed.date === last.date ? lastTimed : last;
    return { at: chosen.at, date: chosen.date, phrase: chosen.phrase };
  };
  if (confirmation) {
    const confirmed = pick(timeMentions(confirmation, timezone, callTime, spanish));
    if (confirmed) return confirmed;
  }
  return pick(timeMentions(conversation, timezone, callTime, spanish));
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
