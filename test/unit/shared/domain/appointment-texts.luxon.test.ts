import fc from 'fast-check';
import { DateTime, Settings } from 'luxon';
import { visitTime } from '#shared/domain/appointment-texts/bodies';
import { latestAllowed, REMINDER_HOURS } from '#shared/domain/appointment-texts/reminder-plan';
import { NANP_ZONE_GROUPS } from '#shared/domain/sms/nanp-zones';

/**
 * The texts read the visit's time with Intl (zoned-time.ts) where they read luxon: a text shows
 * what luxon's `fromISO(start, { zone, locale: 'en-US' }).toFormat("ccc, LLL d 'at' h:mm a ZZZZ")`
 * showed, for a start with or without an offset (an offset-less start is the zone's wall clock,
 * and luxon picks a repeated hour's instant by the offset in force now), and the reminder plan's
 * courtesy hours land where luxon's did.
 */
const NANP_ZONES = [...new Set(NANP_ZONE_GROUPS.flat())];
const ZONES = [
  ...NANP_ZONES,
  'UTC',
  'Etc/GMT+5',
  'Europe/London',
  'America/Havana',
  'America/Santiago',
  'Asia/Kolkata',
  'Australia/Lord_Howe',
  'Pacific/Apia',
  'America/St_Johns',
  'Unknown/Zone',
  'utc+3',
];

/** The texts' visit time as luxon gave it, or the error it threw. */
function luxonVisitTime(start: string, zone: string): string {
  const local = DateTime.fromISO(start, { zone, locale: 'en-US' });
  if (!local.isValid) throw new Error(`visit start ${start} in ${zone} is not a time: ${local.invalidExplanation ?? local.invalidReason}`);
  return local.toFormat("ccc, LLL d 'at' h:mm a ZZZZ");
}

async function outcome(read: () => Promise<string> | string): Promise<string> {
  try {
    return await read();
  } catch (error) {
    return `error: ${(error as Error).message}`;
  }
}

/** The reminder plan's courtesy hours as luxon computed them. */
function luxonLatestAllowed(nominal: Date, zone: string): Date {
  const local = DateTime.fromJSDate(nominal, { zone });
  const opens = local.set({ hour: REMINDER_HOURS.start, minute: 0, second: 0, millisecond: 0 });
  const closes = local.set({ hour: REMINDER_HOURS.end, minute: 0, second: 0, millisecond: 0 });
  if (local < opens) return closes.minus({ days: 1 }).set({ hour: REMINDER_HOURS.end, minute: 0 }).toJSDate();
  if (local > closes) return closes.toJSDate();
  return nominal;
}

// luxon's own fixed-offset names ("utc+3") are no zone a team or visit can have (zones are checked
// with Intl when set); the plan leaves a zone Intl does not know at the nominal instant.
const STORED_ZONES = ZONES.filter((zone) => zone !== 'utc+3');

const two = (n: number) => String(n).padStart(2, '0');

/** Starts as writers store them and as they might: with Z, an offset, none, a fraction, or not ISO at all. */
const startText = fc
  .record({
    year: fc.integer({ min: 1995, max: 2040 }),
    month: fc.integer({ min: 0, max: 13 }),
    day: fc.integer({ min: 0, max: 32 }),
    hour: fc.integer({ min: 0, max: 24 }),
    minute: fc.integer({ min: 0, max: 60 }),
    second: fc.option(fc.integer({ min: 0, max: 60 })),
    fraction: fc.option(fc.stringMatching(/^[.,]\d{1,12}$/)),
    offset: fc.constantFrom('', '', 'Z', '+00:00', '-05:00', '+05:30', '-00:30', '+14:00', '-0500', '+05', 'z'),
  })
  .map((p) => {
    const time = `${two(p.hour)}:${two(p.minute)}${p.second === null ? '' : `:${two(p.second)}${p.fraction ?? ''}`}`;
    return `${p.year}-${two(p.month)}-${two(p.day)}T${time}${p.offset}`;
  });
const otherText = fc.constantFrom(
  'tomorrow',
  '2026-03-10',
  '2026-03-10T14',
  '20260310T1430',
  '2026-W11-2T14:30',
  '2026-069T14:30',
  '2026-03-10 14:30',
  '',
);

describe('appointment texts without luxon', () => {
  afterEach(() => {
    Settings.now = () => Date.now();
    jest.restoreAllMocks();
  });

  it('show the visit time luxon showed for any start text, zone and moment of reading', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof({ weight: 9, arbitrary: startText }, { weight: 1, arbitrary: otherText }),
        fc.constantFrom(...ZONES),
        fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2035, 0, 1) }),
        async (start, zone, now) => {
          Settings.now = () => now;
          jest.spyOn(Date, 'now').mockReturnValue(now);
          expect(await outcome(() => visitTime(start, zone))).toBe(await outcome(() => luxonVisitTime(start, zone)));
        },
      ),
      { numRuns: 20_000, seed: 20_261_129 },
    );
  });

  it('read an offset-less start in the hours a clock change skips or repeats as luxon did, read in summer or in winter', async () => {
    let checked = 0;
    for (const [zone, days] of [
      ['America/New_York', ['2026-03-08', '2026-11-01']],
      ['America/Havana', ['2026-03-08', '2026-11-01']],
      ['America/Santiago', ['2026-04-05', '2026-09-06']],
      ['Australia/Lord_Howe', ['2026-04-05', '2026-10-04']],
    ] as const) {
      for (const day of days) {
        for (const now of [Date.UTC(2026, 0, 15), Date.UTC(2026, 6, 15)]) {
          Settings.now = () => now;
          jest.spyOn(Date, 'now').mockReturnValue(now);
          for (let minutes = 0; minutes < 24 * 60; minutes += 15) {
            const start = `${day}T${two(Math.floor(minutes / 60))}:${two(minutes % 60)}:00`;
            expect(await visitTime(start, zone)).toBe(luxonVisitTime(start, zone));
            checked += 1;
          }
        }
      }
    }
    expect(checked).toBe(4 * 2 * 2 * 96);
  });

  it('move a reminder into courtesy hours where luxon moved it', () => {
    fc.assert(
      fc.property(fc.constantFrom(...STORED_ZONES), fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2040, 0, 1) }), (zone, ms) => {
        const nominal = new Date(ms);
        expect(latestAllowed(nominal, zone).getTime()).toBe(luxonLatestAllowed(nominal, zone).getTime());
      }),
      { numRuns: 20_000, seed: 20_261_129 },
    );
  });

  it('move a reminder as luxon did on every quarter hour of the clock-change days of 2026', () => {
    for (const zone of ['America/New_York', 'America/Havana', 'America/Santiago', 'Australia/Lord_Howe', 'Asia/Beirut']) {
      for (let ms = Date.UTC(2026, 0, 1); ms < Date.UTC(2027, 0, 1); ms += 15 * 60_000) {
        const nominal = new Date(ms);
        const o = DateTime.fromMillis(ms, { zone });
        if (o.offset === o.minus({ days: 1 }).offset && o.offset === o.plus({ days: 1 }).offset) continue;
        expect(latestAllowed(nominal, zone).getTime()).toBe(luxonLatestAllowed(nominal, zone).getTime());
      }
    }
  });
});
