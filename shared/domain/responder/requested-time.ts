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
