import fc from 'fast-check';
import { DateTime } from 'luxon';
import { localDateTime, localDays } from '#shared/domain/local-days';

/** luxon is the oracle: the local days of [start, end) and the instant each begins. */
function expected(startMs: number, endMs: number, zone: string): { date: string; startMs: number }[] {
  const days: { date: string; startMs: number }[] = [];
  let day = DateTime.fromMillis(startMs, { zone }).startOf('day');
  while (day.toMillis() < endMs) {
    days.push({ date: day.toISODate() as string, startMs: day.toMillis() });
    day = day.plus({ days: 1 }).startOf('day');
  }
  return days;
}

const ZONES = [
  'America/New_York',
  'America/Los_Angeles',
  'Europe/London',
  'Australia/Lord_Howe',
  'America/Santiago',
  'America/Havana',
  'Asia/Beirut',
  'America/Asuncion',
  'Asia/Kolkata',
  'Pacific/Chatham',
  'UTC',
];

describe('localDays', () => {
  it('matches luxon for any range in zones with DST, half-hour offsets and midnight transitions (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ZONES),
        fc.integer({ min: Date.UTC(2024, 0, 1), max: Date.UTC(2027, 0, 1) }),
        fc.integer({ min: 1, max: 40 * 86_400_000 }),
        (zone, startMs, length) => {
          expect(localDays(startMs, startMs + length, zone)).toEqual(expected(startMs, startMs + length, zone));
        },
      ),
      { numRuns: 300 },
    );
  });

  it.each([
    ['America/Santiago', '2026-09-01T00:00:00Z'],
    ['America/Santiago', '2026-04-01T00:00:00Z'],
    ['Asia/Beirut', '2026-03-25T00:00:00Z'],
    ['America/Havana', '2026-03-05T00:00:00Z'],
  ])('starts days where %s changes its clocks at midnight (from %s)', (zone, from) => {
    const startMs = Date.parse(from);
    expect(localDays(startMs, startMs + 12 * 86_400_000, zone)).toEqual(expected(startMs, startMs + 12 * 86_400_000, zone));
  });

  it('matches luxon on every day of 2024–2027 in zones that change their clocks at midnight', () => {
    for (const zone of ['America/Santiago', 'America/Havana', 'Asia/Beirut', 'America/Asuncion', 'Africa/Cairo']) {
      const start = Date.UTC(2024, 0, 1);
      const end = Date.UTC(2028, 0, 1);
      expect(localDays(start, end, zone)).toEqual(expected(start, end, zone));
    }
  });

  it('makes 23- and 25-hour days in New York', () => {
    const spring = localDays(Date.parse('2026-03-08T05:00:00Z'), Date.parse('2026-03-10T04:00:00Z'), 'America/New_York');
    expect(((spring[1]?.startMs ?? 0) - (spring[0]?.startMs ?? 0)) / 3_600_000).toBe(23);
    const fall = localDays(Date.parse('2026-11-01T04:00:00Z'), Date.parse('2026-11-03T05:00:00Z'), 'America/New_York');
    expect(((fall[1]?.startMs ?? 0) - (fall[0]?.startMs ?? 0)) / 3_600_000).toBe(25);
  });
});

describe('localDateTime', () => {
  it('matches luxon for any instant in zones with DST, half-hour offsets and midnight transitions (property)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ZONES), fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2040, 0, 1) }), (zone, ms) => {
        const local = DateTime.fromMillis(ms, { zone });
        expect(localDateTime(ms, zone)).toEqual({ date: local.toFormat('yyyy-MM-dd'), time: local.toFormat('HH:mm') });
      }),
      { numRuns: 500 },
    );
  });

  it('writes midnight as 00:00 and the last minute of a day as 23:59', () => {
    expect(localDateTime(Date.parse('2026-06-12T05:00:00Z'), 'America/Chicago')).toEqual({ date: '2026-06-12', time: '00:00' });
    expect(localDateTime(Date.parse('2026-06-13T04:59:00Z'), 'America/Chicago')).toEqual({ date: '2026-06-12', time: '23:59' });
  });
});
