import fc from 'fast-check';
import { dayHoursSchema } from '#shared/domain/scheduler-settings-schema';
import { type DayHours, WEEKDAYS, type Weekday } from '#shared/domain/schedulers';
import { UsageError } from '../../../../bin/admin/errors';
import { parseHours } from '../../../../bin/admin/schedulers';

const CLOSED = Object.fromEntries(WEEKDAYS.map((day) => [day, null])) as Record<Weekday, DayHours>;
const ABBREVIATIONS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];

const clock = fc
  .integer({ min: 0, max: 24 * 60 - 1 })
  .map((m) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`);
const window = fc.tuple(clock, clock).filter(([a, b]) => a < b);
const week = fc.tuple(...WEEKDAYS.map(() => fc.option(window, { nil: null })));

describe('--hours of scheduler set', () => {
  it('reads back any week written as one entry per day', () => {
    fc.assert(
      fc.property(week, (days) => {
        const text = days.map((d, i) => `${ABBREVIATIONS[i]}=${d ? `${d[0]}-${d[1]}` : 'closed'}`).join(',');
        const expected = Object.fromEntries(WEEKDAYS.map((day, i) => [day, days[i] ? { open: days[i][0], close: days[i][1] } : null]));
        expect(parseHours(text, CLOSED)).toEqual(expected);
      }),
    );
  });

  it('sets a range of days and keeps the days it does not name', () => {
    const base = { ...CLOSED, sunday: { open: '10:00', close: '12:00' } };
    expect(parseHours('Mon-Wed=9:00-17:00', base)).toMatchObject({
      monday: { open: '09:00', close: '17:00' },
      wednesday: { open: '09:00', close: '17:00' },
      thursday: null,
      sunday: { open: '10:00', close: '12:00' },
    });
  });

  it('answers any text with a week or a UsageError naming --hours, and what it answers the schema checks', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (text) => {
        try {
          const hours = parseHours(text, CLOSED);
          for (const day of WEEKDAYS) {
            const parsed = dayHoursSchema.safeParse(hours[day]);
            // A well-formed entry may still be an impossible time (25:00) or a window that ends first: the schema refuses those.
            if (!parsed.success) expect(hours[day]).not.toBeNull();
          }
        } catch (error) {
          expect(error).toBeInstanceOf(UsageError);
          expect((error as UsageError).flag).toBe('--hours');
        }
      }),
    );
  });

  it.each(['constructor=09:00-17:00', '__proto__=closed', 'toString=closed', 'mon-constructor=closed'])(
    'refuses %p naming --hours (an inherited member is not a day)',
    (entry) => {
      expect(() => parseHours(entry, CLOSED)).toThrow(UsageError);
      expect(() => parseHours(entry, CLOSED)).toThrow(/^--hours: /);
    },
  );
});
