import fc from 'fast-check';
import { DateTime } from 'luxon';
import { latestAllowed, planReminders } from '#shared/domain/appointment-texts/reminder-plan';

const NY = 'America/New_York';
const iso = (d: Date) => d.toISOString();
const local = (d: Date, zone: string) => DateTime.fromJSDate(d, { zone }).toFormat('yyyy-LL-dd HH:mm');

describe('planning reminders', () => {
  it('sends each offset before the visit when that time is inside 8:00–21:00 for the customer', () => {
    // A visit on Tuesday 10 March 2026 at 14:30 in New York.
    const start = new Date('2026-03-10T18:30:00.000Z');
    const plan = planReminders({ start, zone: NY, offsetsMinutes: [1440, 120], now: new Date('2026-03-05T12:00:00.000Z') });
    expect(plan.map((r) => [r.offsetMinutes, local(r.at, NY), r.moved])).toEqual([
      [1440, '2026-03-09 14:30', false],
      [120, '2026-03-10 12:30', false],
    ]);
  });

  it('moves a reminder due at night to the latest allowed time before it: 21:00 that evening or the evening before', () => {
    // A visit at 8:00: its 2 h reminder (6:00) goes at 21:00 the day before; its 24 h one stays at 8:00.
    const early = DateTime.fromObject({ year: 2026, month: 6, day: 16, hour: 8 }, { zone: NY }).toJSDate();
    expect(planReminders({ start: early, zone: NY, offsetsMinutes: [1440, 120], now: new Date('2026-06-01T00:00:00Z') })).toEqual([
      { offsetMinutes: 1440, at: DateTime.fromObject({ year: 2026, month: 6, day: 15, hour: 8 }, { zone: NY }).toJSDate(), moved: false },
      { offsetMinutes: 120, at: DateTime.fromObject({ year: 2026, month: 6, day: 15, hour: 21 }, { zone: NY }).toJSDate(), moved: true },
    ]);
    // 23:30 moves back to 21:00 the same evening.
    const nominal = DateTime.fromObject({ year: 2026, month: 6, day: 15, hour: 23, minute: 30 }, { zone: NY }).toJSDate();
    expect(local(latestAllowed(nominal, NY), NY)).toBe('2026-06-15 21:00');
  });

  it('skips a reminder whose time has passed when the visit is booked, never sending it late', () => {
    const start = new Date('2026-03-10T18:30:00.000Z');
    const plan = planReminders({ start, zone: NY, offsetsMinutes: [1440, 120], now: new Date('2026-03-10T10:00:00.000Z') });
    expect(plan.map((r) => r.offsetMinutes)).toEqual([120]);
    // Booked at 22:00 for 9:00 tomorrow: the 2 h reminder would have gone at 21:00 tonight: already past.
    const late = DateTime.fromObject({ year: 2026, month: 6, day: 15, hour: 22 }, { zone: NY }).toJSDate();
    const tomorrow = DateTime.fromObject({ year: 2026, month: 6, day: 16, hour: 9 }, { zone: NY }).toJSDate();
    expect(planReminders({ start: tomorrow, zone: NY, offsetsMinutes: [120], now: late })).toEqual([]);
  });

  it('sends reminders that land on the same instant once, and none for no offsets', () => {
    const start = DateTime.fromObject({ year: 2026, month: 6, day: 16, hour: 9 }, { zone: NY }).toJSDate();
    const plan = planReminders({ start, zone: NY, offsetsMinutes: [120, 180], now: new Date('2026-06-01T00:00:00Z') });
    expect(plan).toHaveLength(1);
    expect(local(plan[0]?.at ?? new Date(0), NY)).toBe('2026-06-15 21:00');
    expect(planReminders({ start, zone: NY, offsetsMinutes: [], now: new Date('2026-06-01T00:00:00Z') })).toEqual([]);
  });

  it('counts offsets in real time across a DST change, and keeps the evening limit in local time', () => {
    // Spring forward (8 March 2026, 2:00 → 3:00): 24 h before 10:00 on the 8th is 9:00 on the 7th, by the clock.
    const springDay = DateTime.fromObject({ year: 2026, month: 3, day: 8, hour: 10 }, { zone: NY }).toJSDate();
    const [spring] = planReminders({ start: springDay, zone: NY, offsetsMinutes: [1440], now: new Date('2026-03-01T00:00:00Z') });
    expect(local(spring?.at ?? new Date(0), NY)).toBe('2026-03-07 09:00');
    // 6 h before 8:30 on the spring-forward day is 1:30 (EST): moved to 21:00 EST the evening before.
    const [night] = planReminders({
      start: DateTime.fromObject({ year: 2026, month: 3, day: 8, hour: 8, minute: 30 }, { zone: NY }).toJSDate(),
      zone: NY,
      offsetsMinutes: [360],
      now: new Date('2026-03-01T00:00:00Z'),
    });
    expect(iso(night?.at ?? new Date(0))).toBe('2026-03-08T02:00:00.000Z');
    // Fall back (1 November 2026): 24 h before 10:00 on the 1st is 11:00 on 31 October, by the clock.
    const fallDay = DateTime.fromObject({ year: 2026, month: 11, day: 1, hour: 10 }, { zone: NY }).toJSDate();
    const [fall] = planReminders({ start: fallDay, zone: NY, offsetsMinutes: [1440], now: new Date('2026-10-01T00:00:00Z') });
    expect(local(fall?.at ?? new Date(0), NY)).toBe('2026-10-31 11:00');
  });

  it('keeps every reminder after now, at or before its nominal time, inside courtesy hours, and the latest such (property)', () => {
    const zones = [
      NY,
      'America/Chicago',
      'America/Phoenix',
      'America/Los_Angeles',
      'Pacific/Honolulu',
      'Europe/London',
      'Australia/Lord_Howe',
    ];
    const minute = 60_000;
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2026-01-01T00:00:00Z'), max: new Date('2029-12-31T00:00:00Z'), noInvalidDate: true }),
        fc.integer({ min: 0, max: 10 * 24 * 60 }),
        fc.uniqueArray(fc.integer({ min: 1, max: 14 * 24 * 60 }), { maxLength: 5 }),
        fc.constantFrom(...zones),
        (now, leadMinutes, offsets, zone) => {
          const start = new Date(now.getTime() + leadMinutes * minute);
          const plan = planReminders({ start, zone, offsetsMinutes: offsets, now });
          expect(plan.length).toBeLessThanOrEqual(offsets.length);
          for (const [i, r] of plan.entries()) {
            const nominal = start.getTime() - r.offsetMinutes * minute;
            expect(r.at.getTime()).toBeGreaterThan(now.getTime());
            expect(r.at.getTime()).toBeLessThanOrEqual(nominal);
            const l = DateTime.fromJSDate(r.at, { zone });
            const minutes = l.hour * 60 + l.minute;
            expect(minutes).toBeGreaterThanOrEqual(8 * 60);
            expect(minutes).toBeLessThanOrEqual(21 * 60);
            expect(r.moved).toBe(r.at.getTime() !== nominal);
            // The latest: no allowed minute lies between it and the nominal time.
            for (let t = r.at.getTime() + minute; t <= nominal; t += Math.max(minute, Math.floor((nominal - r.at.getTime()) / 50))) {
              const lt = DateTime.fromMillis(t, { zone });
              const m = lt.hour * 60 + lt.minute;
              expect(m < 8 * 60 || m > 21 * 60 || (m === 21 * 60 && lt.second + lt.millisecond > 0)).toBe(true);
            }
            if (i > 0) expect(r.at.getTime()).toBeGreaterThan(plan[i - 1]?.at.getTime() ?? 0);
          }
          // A reminder is left out only when its allowed time is not after now (or it shares one).
          const kept = new Set(plan.map((r) => r.offsetMinutes));
          for (const offset of offsets.filter((o) => !kept.has(o))) {
            const at = latestAllowed(new Date(start.getTime() - offset * minute), zone).getTime();
            expect(at <= now.getTime() || plan.some((r) => r.at.getTime() === at)).toBe(true);
          }
        },
      ),
      { numRuns: Number(process.env.PROPERTY_RUNS ?? 300) },
    );
  });
});
