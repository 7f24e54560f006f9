import { type TimeWindow, WEEKDAYS, type Weekday, type WeeklyWindows } from '#shared/domain/intake/scheduling';
import { UsageError } from '../errors';

/*
 * Weekly windows as operators type them, "mon-fri 08:00-17:00; sat 09:00-12:00", and back: one
 * line per week rather than the JSON of seven days that the configuration stores.
 */

/** A Map, not an object: the key is the operator's word, and "constructor" must name no day. */
const DAY_WORDS: ReadonlyMap<string, readonly Weekday[]> = new Map<string, readonly Weekday[]>([
  ['mon', ['monday']],
  ['monday', ['monday']],
  ['tue', ['tuesday']],
  ['tues', ['tuesday']],
  ['tuesday', ['tuesday']],
  ['wed', ['wednesday']],
  ['wednesday', ['wednesday']],
  ['thu', ['thursday']],
  ['thur', ['thursday']],
  ['thurs', ['thursday']],
  ['thursday', ['thursday']],
  ['fri', ['friday']],
  ['friday', ['friday']],
  ['sat', ['saturday']],
  ['saturday', ['saturday']],
  ['sun', ['sunday']],
  ['sunday', ['sunday']],
  ['daily', WEEKDAYS],
  ['everyday', WEEKDAYS],
  ['weekdays', WEEKDAYS.slice(0, 5)],
  ['weekends', ['saturday', 'sunday']],
]);
const DAY_HINT = 'use mon, tue, wed, thu, fri, sat, sun, a range such as mon-fri, daily, weekdays or weekends';

/** Parses the compact weekly syntax (see the usage text); "none" is no windows. */
export function parseWeek(text: string, flag: string): WeeklyWindows {
  const trimmed = text.trim();
  if (trimmed === '') throw new UsageError(`${flag} must not be empty (${flag} none clears it)`, flag);
  if (trimmed.toLowerCase() === 'none') return {};
  const week: Partial<Record<Weekday, TimeWindow[]>> = {};
  for (const rawEntry of trimmed.split(';')) {
    const entry = rawEntry
      .trim()
      .toLowerCase()
      .replace(/\s*([,-])\s*/g, '$1');
    if (entry === '') continue;
    const fail = (why: string) => new UsageError(`${flag}: "${rawEntry.trim()}": ${why}`, flag);
    const [daysPart = '', ...rangeParts] = entry.split(/\s+/);
    if (rangeParts.length === 0) throw fail('expected DAYS HH:MM-HH:MM, e.g. mon-fri 08:00-17:00');
    const days = parseDays(daysPart, fail);
    const windows = rangeParts
      .join(',')
      .split(',')
      .filter((r) => r !== '')
      .map((range) => parseTimeRange(range, fail));
    for (const day of days) week[day] = [...(week[day] ?? []), ...windows];
  }
  const ordered: Partial<Record<Weekday, TimeWindow[]>> = {};
  for (const day of WEEKDAYS) {
    const list = week[day];
    if (list) ordered[day] = [...list].sort((a, b) => a.start.localeCompare(b.start) || a.end.localeCompare(b.end));
  }
  return ordered;
}

function parseDays(text: string, fail: (why: string) => UsageError): Weekday[] {
  const days: Weekday[] = [];
  for (const item of text.split(',').filter((i) => i !== '')) {
    const range = /^([a-z]+)-([a-z]+)$/.exec(item);
    if (range) {
      const from = DAY_WORDS.get(range[1] ?? '');
      const to = DAY_WORDS.get(range[2] ?? '');
      const unknown = [range[1], range[2]].find((word) => DAY_WORDS.get(word ?? '')?.length !== 1);
      if (from?.length !== 1 || to?.length !== 1) throw fail(`"${item}": "${unknown}" is not a single day (${DAY_HINT})`);
      let i = WEEKDAYS.indexOf(from[0] as Weekday);
      const end = WEEKDAYS.indexOf(to[0] as Weekday);
      // A range wraps round the week end: fri-mon is fri, sat, sun, mon.
      for (;;) {
        days.push(WEEKDAYS[i] as Weekday);
        if (i === end) break;
        i = (i + 1) % WEEKDAYS.length;
      }
      continue;
    }
    const named = DAY_WORDS.get(item);
    if (!named) throw fail(`unknown day "${item}" (${DAY_HINT})`);
    days.push(...named);
  }
  if (days.length === 0) throw fail(`no day given (${DAY_HINT})`);
  return [...new Set(days)];
}

function parseTimeRange(text: string, fail: (why: string) => UsageError): TimeWindow {
  const match = /^(\d{1,2}):(\d{2})-(\d{1,2}):(\d{2})$/.exec(text);
  const bad = () => fail(`"${text}" is not a time range HH:MM-HH:MM (24-hour; 24:00 is midnight at the end)`);
  if (!match) throw bad();
  const [sh, sm, eh, em] = match.slice(1).map(Number) as [number, number, number, number];
  if (sh > 23 || sm > 59 || em > 59 || eh > 24 || (eh === 24 && em !== 0)) throw bad();
  const hhmm = (h: number, m: number) => `${String(h % 24).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
  return { start: hhmm(sh, sm), end: hhmm(eh, em) };
}

export function isEmptyWeek(week: WeeklyWindows): boolean {
  return Object.values(week).every((list) => !list || list.length === 0);
}

/** The compact syntax back: consecutive days with the same windows are joined (mon-fri 08:00-17:00). */
export function formatWeek(week: WeeklyWindows): string {
  const key = (i: number) => (week[WEEKDAYS[i] as Weekday] ?? []).map((w) => `${w.start}-${w.end}`).join(',');
  const parts: string[] = [];
  for (let i = 0; i < WEEKDAYS.length; ) {
    const windows = key(i);
    let j = i;
    while (j + 1 < WEEKDAYS.length && key(j + 1) === windows) j++;
    if (windows !== '') {
      const first = (WEEKDAYS[i] as Weekday).slice(0, 3);
      const last = (WEEKDAYS[j] as Weekday).slice(0, 3);
      parts.push(`${i === 0 && j === WEEKDAYS.length - 1 ? 'daily' : i === j ? first : `${first}-${last}`} ${windows}`);
    }
    i = j + 1;
  }
  return parts.length === 0 ? 'none' : parts.join('; ');
}
