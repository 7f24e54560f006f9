import { UsageError } from '../../../../../bin/admin/errors';
import { parseWeek } from '../../../../../bin/admin/intake/week';

describe('weekly windows as operators type them', () => {
  it('reads day names, ranges and lists', () => {
    expect(parseWeek('mon-wed 08:00-12:00; weekends 09:00-10:00', '--hours')).toEqual({
      monday: [{ start: '08:00', end: '12:00' }],
      tuesday: [{ start: '08:00', end: '12:00' }],
      wednesday: [{ start: '08:00', end: '12:00' }],
      saturday: [{ start: '09:00', end: '10:00' }],
      sunday: [{ start: '09:00', end: '10:00' }],
    });
  });

  it.each(['constructor', 'tostring', 'valueof', '__proto__', 'mon-constructor', 'constructor-fri', 'mon,hasownproperty'])(
    'refuses %p as no day, naming the flag (an inherited member is not a day)',
    (days) => {
      expect(() => parseWeek(`${days} 08:00-17:00`, '--hours')).toThrow(UsageError);
      expect(() => parseWeek(`${days} 08:00-17:00`, '--hours')).toThrow(/^--hours: /);
    },
  );
});
