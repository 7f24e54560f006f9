import { atLoad } from '#shared/lazy';

/**
 * Legal holidays computed for any year (never a per-year list to keep up to date), for the states
 * whose telephone-solicitation rules forbid texting on them (calling-hours.ts). A fixed-date
 * holiday that falls on a weekend is also closed on its observed weekday (Saturday → Friday,
 * Sunday → Monday, as 5 U.S.C. 6103(b) and Ala. Code § 1-3-8 move them): both days are closed,
 * the stricter reading.
 */

/** A calendar day as the UTC instant of its midnight: date arithmetic with no zone involved. */
type Day = number;
type HolidayRule = { readonly name: string; readonly on: (year: number) => Day; readonly fixed: boolean };

const DAY_MS = 86_400_000;
const date = (year: number, month: number, day: number): Day => Date.UTC(year, month - 1, day);
/** 1 = Monday … 7 = Sunday. */
const weekdayOf = (day: Day) => ((new Date(day).getUTCDay() + 6) % 7) + 1;
const plusDays = (day: Day, days: number): Day => day + days * DAY_MS;
const isoOf = (day: Day) => new Date(day).toISOString().slice(0, 10);

/** The n-th (1-based) weekday (1 = Monday … 7 = Sunday) of a month. */
function nthWeekday(year: number, month: number, weekday: number, n: number): Day {
  const first = date(year, month, 1);
  return plusDays(first, ((weekday - weekdayOf(first) + 7) % 7) + (n - 1) * 7);
}

function lastWeekday(year: number, month: number, weekday: number): Day {
  const last = date(year, month + 1, 0);
  return plusDays(last, -((weekdayOf(last) - weekday + 7) % 7));
}

/** Western Easter Sunday (the anonymous Gregorian algorithm). */
function easterDay(year: number): Day {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return date(year, month, day);
}

/** Western Easter Sunday of a year (YYYY-MM-DD). */
export function easterSunday(year: number): string {
  return isoOf(easterDay(year));
}

const fixed = (name: string, month: number, day: number): HolidayRule => ({ name, on: (y) => date(y, month, day), fixed: true });
const floating = (name: string, on: (year: number) => Day): HolidayRule => ({ name, on, fixed: false });

/** Federal legal holidays, 5 U.S.C. 6103(a). */
const FEDERAL: readonly HolidayRule[] = /* @__PURE__ */ atLoad(() => [
  fixed("New Year's Day", 1, 1),
  floating('Martin Luther King Jr. Day', (y) => nthWeekday(y, 1, 1, 3)),
  floating("Washington's Birthday", (y) => nthWeekday(y, 2, 1, 3)),
  floating('Memorial Day', (y) => lastWeekday(y, 5, 1)),
  fixed('Juneteenth', 6, 19),
  fixed('Independence Day', 7, 4),
  floating('Labor Day', (y) => nthWeekday(y, 9, 1, 1)),
  floating('Columbus Day', (y) => nthWeekday(y, 10, 1, 2)),
  fixed('Veterans Day', 11, 11),
  floating('Thanksgiving Day', (y) => nthWeekday(y, 11, 4, 4)),
  fixed('Christmas Day', 12, 25),
]);

/**
 * Alabama's state holidays beyond the federal ones (Ala. Code § 1-3-8): Confederate Memorial Day
 * (fourth Monday of April), Jefferson Davis' birthday (first Monday of June), and Mardi Gras,
 * which § 1-3-8 makes a holiday in Mobile and Baldwin counties: kept statewide, the stricter
 * reading (the area code cannot tell the county).
 */
const ALABAMA: readonly HolidayRule[] = /* @__PURE__ */ atLoad(() => [
  ...FEDERAL,
  floating('Mardi Gras', (y) => plusDays(easterDay(y), -47)),
  floating('Confederate Memorial Day', (y) => nthWeekday(y, 4, 1, 4)),
  floating("Jefferson Davis' Birthday", (y) => nthWeekday(y, 6, 1, 1)),
]);

/**
 * Louisiana's legal holidays beyond the federal ones (La. R.S. 1:55): Mardi Gras, Good Friday and
 * All Saints' Day. Holidays the governor declares in a given year (La. R.S. 1:55 lets them) cannot
 * be computed: an operator must pause solicitations by hand on those days.
 */
const LOUISIANA: readonly HolidayRule[] = /* @__PURE__ */ atLoad(() => [
  ...FEDERAL,
  floating('Mardi Gras', (y) => plusDays(easterDay(y), -47)),
  floating('Good Friday', (y) => plusDays(easterDay(y), -2)),
  fixed("All Saints' Day", 11, 1),
]);

export const HOLIDAY_CALENDARS = { AL: ALABAMA, LA: LOUISIANA } as const;
export type HolidayCalendar = keyof typeof HOLIDAY_CALENDARS;

const cache = new Map<string, Map<string, string>>();

function holidaysOf(calendar: HolidayCalendar, year: number): Map<string, string> {
  const key = `${calendar}:${year}`;
  let days = cache.get(key);
  if (days) return days;
  days = new Map();
  // The next year's New Year's Day observed on a Friday falls in this year (31 December).
  for (const y of [year, year + 1]) {
    for (const rule of HOLIDAY_CALENDARS[calendar]) {
      const day = rule.on(y);
      const observed = !rule.fixed ? null : weekdayOf(day) === 6 ? plusDays(day, -1) : weekdayOf(day) === 7 ? plusDays(day, 1) : null;
      for (const d of observed !== null ? [day, observed] : [day]) {
        if (new Date(d).getUTCFullYear() === year && !days.has(isoOf(d))) {
          days.set(isoOf(d), d === observed ? `${rule.name} (observed)` : rule.name);
        }
      }
    }
  }
  cache.set(key, days);
  return days;
}

/** The holiday a local calendar day (YYYY-MM-DD) is in a state's calendar, or null. */
export function holidayOn(calendar: HolidayCalendar, isoDate: string): string | null {
  return holidaysOf(calendar, Number(isoDate.slice(0, 4))).get(isoDate) ?? null;
}
