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
    expect(starts[1]?.start.toUTC().toISO()).toBe('2026-11-01T05:00:00.000Z');
  });

  it('keeps the wall-clock hours on both sides of a change (an 08:00 start is 08:00 local)', () => {
    const before = slotStartsOf(settings(), '2026-03-07')[0]?.start.toUTC().toISO();
    const after = slotStartsOf(settings(), '2026-03-09')[0]?.start.toUTC().toISO();
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
          for (const { time, start } of slotStartsOf(s, date)) {
            expect(start.setZone(zone).toFormat('yyyy-MM-dd HH:mm')).toBe(`${date} ${time}`);
            const [h, m] = time.split(':').map(Number) as [number, number];
            expect(h * 60 + m + slot).toBeLessThanOrEqual(23 * 60 + 59);
          }
        },
      ),
    );
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
