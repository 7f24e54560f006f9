import fc from 'fast-check';
import { DateTime } from 'luxon';
import { type DayHours, WEEKDAYS, type Weekday } from '#shared/domain/schedulers';
import { type BookingSettings, bookableWindow, offeredSlots, requireBookableSlot, slotStartsOf } from '#shared/domain/widget/availability';
import { hashSecret, mintSessionToken, readSessionToken, secretMatches } from '#shared/domain/widget/session-token';
import { BadRequestError } from '#shared/errors';

const everyDay = (open: string, close: string) =>
  Object.fromEntries(WEEKDAYS.map((day) => [day, { open, close }])) as Record<Weekday, DayHours>;

const settings = (overrides: Partial<BookingSettings> = {}): BookingSettings => ({
  time_zone: 'America/New_York',
  hours: everyDay('08:00', '17:00'),
  slot_minutes: 60,
  interval_minutes: 60,
  lead_time_minutes: 120,
  days_ahead: 14,
  capacity_per_slot: 1,
  ...overrides,
});

describe('slot starts of a day', () => {
  it('runs from opening every interval while the whole visit ends by closing', () => {
    const times = slotStartsOf(settings({ slot_minutes: 90, interval_minutes: 30 }), '2026-06-10').map((s) => s.time);
    expect(times[0]).toBe('08:00');
    expect(times.at(-1)).toBe('15:30');
    expect(times).toHaveLength(16);
  });

  it('offers nothing on a closed day', () => {
    const hours = { ...everyDay('08:00', '17:00'), wednesday: null };
    expect(slotStartsOf(settings({ hours }), '2026-06-10')).toEqual([]);
  });

  it('leaves out the local hour the zone skips when clocks go forward', () => {
    const night = settings({ hours: everyDay('00:00', '06:00') });
    const times = slotStartsOf(night, '2026-03-08').map((s) => s.time);
    expect(times).toEqual(['00:00', '01:00', '03:00', '04:00', '05:00']);
  });

  it('offers a repeated local hour once, at its first occurrence, when clocks go back', () => {
    const night = settings({ hours: everyDay('00:00', '04:00') });
    const starts = slotStartsOf(night, '2026-11-01');
    expect(starts.map((s) => s.time)).toEqual(['00:00', '01:00', '02:00', '03:00']);
    expect(new Date(starts[1]?.startMs ?? 0).toISOString()).toBe('2026-11-01T05:00:00.000Z');
  });

  it('keeps the wall-clock hours on both sides of a change (an 08:00 start is 08:00 local)', () => {
    const before = new Date(slotStartsOf(settings(), '2026-03-07')[0]?.startMs ?? 0).toISOString();
    const after = new Date(slotStartsOf(settings(), '2026-03-09')[0]?.startMs ?? 0).toISOString();
    expect(before).toBe('2026-03-07T13:00:00.000Z');
    expect(after).toBe('2026-03-09T12:00:00.000Z');
  });

  it('every start is a real local time within the hours, in any zone and on any day (property)', () => {
    const zones = ['America/New_York', 'America/Chicago', 'Europe/London', 'Australia/Lord_Howe', 'Asia/Kolkata', 'America/Phoenix'];
    fc.assert(
      fc.property(
        fc.constantFrom(...zones),
        fc.integer({ min: 0, max: 730 }),
        fc.integer({ min: 5, max: 240 }),
        fc.integer({ min: 5, max: 240 }),
        (zone, dayOffset, slot, interval) => {
          const date = DateTime.fromISO('2026-01-01', { zone: 'UTC' }).plus({ days: dayOffset }).toISODate() as string;
          const s = settings({ time_zone: zone, hours: everyDay('00:00', '23:59'), slot_minutes: slot, interval_minutes: interval });
          for (const { time, startMs } of slotStartsOf(s, date)) {
            expect(DateTime.fromMillis(startMs, { zone }).toFormat('yyyy-MM-dd HH:mm')).toBe(`${date} ${time}`);
            const [h, m] = time.split(':').map(Number) as [number, number];
            expect(h * 60 + m + slot).toBeLessThanOrEqual(23 * 60 + 59);
          }
        },
      ),
    );
  });
});

/** The slot starts as luxon computes them (the model's first implementation): the reference for the Intl one. */
function luxonSlotStarts(s: BookingSettings, date: string): { time: string; startMs: number }[] {
  const day = DateTime.fromISO(date, { zone: s.time_zone });
  const hours = s.hours[WEEKDAYS[day.weekday - 1] as Weekday];
  if (!hours) return [];
  const starts: { time: string; startMs: number }[] = [];
  const [openH, openM] = hours.open.split(':').map(Number) as [number, number];
  const [closeH, closeM] = hours.close.split(':').map(Number) as [number, number];
  for (let m = openH * 60 + openM; m + s.slot_minutes <= closeH * 60 + closeM; m += s.interval_minutes) {
    const local = DateTime.fromObject(
      { year: day.year, month: day.month, day: day.day, hour: Math.floor(m / 60), minute: m % 60 },
      { zone: s.time_zone },
    );
    if (local.hour * 60 + local.minute !== m) continue;
    const [first = local] = local.getPossibleOffsets().sort((a, b) => a.toMillis() - b.toMillis());
    starts.push({ time: `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`, startMs: first.toMillis() });
  }
  return starts;
}

describe('the slot model read with Intl', () => {
  const zones = [
    'America/New_York',
    'America/Havana',
    'America/Santiago',
    'Europe/London',
    'Europe/Dublin',
    'Australia/Lord_Howe',
    'Asia/Kolkata',
    'Asia/Beirut',
    'Pacific/Chatham',
    'America/St_Johns',
    'Africa/Casablanca',
    'UTC',
  ];

  it('gives the same starts and instants as luxon, in any zone and on any day, change days included (property)', () => {
    // Weighted to the days clocks change on, where the two could part.
    const changeDays = [
      '2026-03-08',
      '2026-11-01',
      '2026-03-29',
      '2026-10-25',
      '2026-04-05',
      '2026-10-04',
      '2026-09-06',
      '2026-03-14',
      '2026-11-08',
      '2026-03-27',
    ];
    const anyDay = fc
      .integer({ min: 0, max: 3650 })
      .map((d) => DateTime.fromISO('2020-01-01', { zone: 'UTC' }).plus({ days: d }).toISODate() as string);
    fc.assert(
      fc.property(
        fc.constantFrom(...zones),
        fc.oneof(fc.constantFrom(...changeDays), anyDay),
        fc.integer({ min: 5, max: 180 }),
        fc.integer({ min: 5, max: 180 }),
        (zone, date, slot, interval) => {
          const s = settings({ time_zone: zone, hours: everyDay('00:00', '23:59'), slot_minutes: slot, interval_minutes: interval });
          expect(slotStartsOf(s, date)).toEqual(luxonSlotStarts(s, date));
        },
      ),
      { numRuns: 400 },
    );
  });

  it('takes today and the last day offered as luxon does, in any zone at any instant (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...zones),
        fc.integer({ min: 1_577_836_800_000, max: 1_893_456_000_000 }),
        fc.integer({ min: 1, max: 120 }),
        (zone, ms, daysAhead) => {
          const today = DateTime.fromMillis(ms, { zone }).startOf('day');
          const expected = { first: today.toISODate(), last: today.plus({ days: daysAhead - 1 }).toISODate() };
          expect(bookableWindow({ time_zone: zone, days_ahead: daysAhead }, new Date(ms))).toEqual(expected);
        },
      ),
    );
  });

  it('offers no slot on what is not a calendar date', () => {
    expect(slotStartsOf(settings(), '2026-02-30')).toEqual([]);
    expect(slotStartsOf(settings(), 'june')).toEqual([]);
  });
});

describe('offered slots', () => {
  const now = new Date('2026-06-10T13:30:00Z'); // 09:30 in New York

  it('leaves out slots inside the lead time and full slots, and says how many places remain', () => {
    const s = settings({ capacity_per_slot: 2 });
    const booked = new Map([['2026-06-10', { '12:00': 2, '13:00': 1 }]]);
    const [today] = offeredSlots(s, ['2026-06-10'], booked, now);
    expect(today?.slots.map((slot) => [slot.time, slot.remaining])).toEqual([
      ['13:00', 1],
      ['14:00', 2],
      ['15:00', 2],
      ['16:00', 2],
    ]);
    expect(today?.slots[0]?.label).toBe('1:00 PM');
    expect(today?.slots[0]?.starts_at).toBe('2026-06-10T17:00:00.000Z');
  });

  it('labels each slot as en-US writes the time, midnight and noon included', () => {
    const s = settings({ hours: everyDay('00:00', '23:59'), lead_time_minutes: 0, interval_minutes: 30, slot_minutes: 30 });
    const [day] = offeredSlots(s, ['2026-06-11'], new Map(), now);
    const labels = new Map(day?.slots.map((slot) => [slot.time, slot.label]));
    expect([labels.get('00:00'), labels.get('00:30'), labels.get('12:00'), labels.get('13:30'), labels.get('23:00')]).toEqual([
      '12:00 AM',
      '12:30 AM',
      '12:00 PM',
      '1:30 PM',
      '11:00 PM',
    ]);
  });

  it('offers only the days of the bookable window (today and days_ahead - 1 after)', () => {
    expect(bookableWindow(settings({ days_ahead: 3 }), now)).toEqual({ first: '2026-06-10', last: '2026-06-12' });
    const days = offeredSlots(settings({ days_ahead: 3 }), ['2026-06-09', '2026-06-12', '2026-06-13'], new Map(), now);
    expect(days.map((d) => d.date)).toEqual(['2026-06-12']);
  });

  it('takes "today" in the scheduler zone, not in UTC', () => {
    const lateEvening = new Date('2026-06-11T02:00:00Z'); // 22:00 on the 10th in New York
    expect(bookableWindow(settings(), lateEvening).first).toBe('2026-06-10');
  });
});

describe('a slot asked for', () => {
  const now = new Date('2026-06-10T13:30:00Z');

  it('is accepted when it is a slot of the day outside the lead time', () => {
    expect(requireBookableSlot(settings(), '2026-06-11', '10:00', now)).toEqual({ startsAt: '2026-06-11T14:00:00.000Z' });
  });

  it.each([
    ['2026-06-11', '10:30', 'time'],
    ['2026-06-10', '10:00', 'time'],
    ['2026-06-30', '10:00', 'date'],
    ['2026-06-09', '10:00', 'date'],
    ['2026-13-01', '10:00', 'date'],
    ['june', '10:00', 'date'],
    ['2026-06-11', '25:00', 'time'],
  ])('%s %s is refused naming %s', (date, time, field) => {
    let error: unknown;
    try {
      requireBookableSlot(settings(), date, time, now);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(BadRequestError);
    expect((error as BadRequestError).field).toBe(field);
  });
});

describe('widget session token', () => {
  const ref = { teamId: 12, schedulerId: 121, startedAt: '2026-06-10T13:30:00.000Z', sessionId: 'ses_abc' };

  it('names its session and matches only its own stored hash', () => {
    const { token, tokenHash } = mintSessionToken(ref);
    const read = readSessionToken(token);
    expect(read?.ref).toEqual(ref);
    expect(secretMatches(read?.secret ?? '', tokenHash)).toBe(true);
    const other = mintSessionToken(ref);
    expect(secretMatches(read?.secret ?? '', other.tokenHash)).toBe(false);
    expect(tokenHash).toBe(hashSecret(read?.secret ?? ''));
  });

  it('reads any string as a token or as nothing, never throwing (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 400 }), (text) => {
        const read = readSessionToken(text);
        if (read) expect(read.ref.teamId).toBeGreaterThan(0);
      }),
    );
    const { token } = mintSessionToken(ref);
    expect(readSessionToken(`${token}x`)).toBeNull();
    expect(readSessionToken(token.replace('wst_', 'wsx_'))).toBeNull();
  });
});
