import fc from 'fast-check';
import { DateTime } from 'luxon';
import { NANP_ZONE_GROUPS } from '#shared/domain/sms/nanp-zones';
import { atHour, inZone, isoDate, plusDays, startOfDay, weekday } from '#shared/domain/sms/zoned-time';

/**
 * Calling hours read zoned time with Intl (zoned-time.ts) where they read luxon: every step they
 * take (a day's start, the days after it, an hour of a day, its weekday and date) must give
 * luxon's answer, on DST days, in skipped hours and in zones that skip midnight or a whole day.
 */
const NANP_ZONES = [...new Set(NANP_ZONE_GROUPS.flat())];
// A team's own zone is any IANA zone: some move their clocks at midnight, by half an hour, or skipped a day.
const OTHER_ZONES = [
  'UTC',
  'Europe/London',
  'America/Havana',
  'America/Santiago',
  'America/Asuncion',
  'Asia/Beirut',
  'Asia/Tehran',
  'Australia/Lord_Howe',
  'Pacific/Apia',
  'America/St_Johns',
  'Africa/Casablanca',
];
const ZONES = [...NANP_ZONES, ...OTHER_ZONES];

/** What calling hours take of a day: its start instant and offset, its weekday and date. */
const fromLuxon = (d: DateTime) => ({ ts: d.toMillis(), o: d.offset, weekday: d.weekday, date: d.toISODate() });
const fromIntl = (z: ReturnType<typeof inZone>) => ({ ts: z.ts, o: z.o, weekday: weekday(z), date: isoDate(z) });

describe('zoned time', () => {
  it('reads the NANP zones and the odd ones', () => {
    expect(NANP_ZONES.length).toBeGreaterThan(20);
    expect(NANP_ZONES).toContain('America/Phoenix');
  });

  it('answers as luxon for a day’s start, the next two weeks, every hour of a day and the day after', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ZONES),
        fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2040, 0, 1) }),
        fc.integer({ min: 0, max: 13 }),
        fc.integer({ min: 0, max: 23 }),
        (zone, ms, days, hour) => {
          const luxonDay = DateTime.fromMillis(ms, { zone }).startOf('day').plus({ days });
          const day = plusDays(startOfDay(inZone(ms, zone)), days);
          expect(fromIntl(day)).toEqual(fromLuxon(luxonDay));
          expect(fromIntl(atHour(day, hour))).toEqual(fromLuxon(luxonDay.set({ hour })));
          expect(fromIntl(plusDays(day, 1))).toEqual(fromLuxon(luxonDay.plus({ days: 1 })));
        },
      ),
      { numRuns: 20_000, seed: 20_261_129 },
    );
  });

  it('answers as luxon on every day around the clock changes of 2026 and 2027 in zones that skip an hour or midnight', () => {
    let checked = 0;
    for (const zone of ['America/New_York', 'America/Havana', 'America/Santiago', 'Asia/Beirut', 'Australia/Lord_Howe']) {
      for (let ms = Date.UTC(2026, 0, 1, 7, 30); ms < Date.UTC(2028, 0, 1); ms += 86_400_000) {
        const luxonDay = DateTime.fromMillis(ms, { zone }).startOf('day');
        const day = startOfDay(inZone(ms, zone));
        expect(fromIntl(day)).toEqual(fromLuxon(luxonDay));
        for (const hour of [0, 1, 2, 3, 8, 12, 21, 23]) expect(fromIntl(atHour(day, hour))).toEqual(fromLuxon(luxonDay.set({ hour })));
        expect(fromIntl(plusDays(day, 1))).toEqual(fromLuxon(luxonDay.plus({ days: 1 })));
        checked += 1;
      }
    }
    expect(checked).toBe(5 * 730);
  });
});
