import fc from 'fast-check';
import { DateTime } from 'luxon';
import { normalizeTimeWords } from '#shared/domain/voice/time-words';

/** Wednesday 2026-03-04 09:30 in Denver. */
const LOCAL = DateTime.fromISO('2026-03-04T09:30:00', { zone: 'America/Denver' });

describe('time words rewritten for the recognizer', () => {
  it('reads Spanish days and hours said as words', () => {
    expect(normalizeTimeWords('¿Pueden venir pasado mañana a las diez de la mañana?', LOCAL, true)).toBe(
      '¿Pueden venir the day after tomorrow at 10 am?',
    );
    expect(normalizeTimeWords('el viernes a las tres y media', LOCAL, true)).toBe('el Friday at 3:30');
  });

  it('gives "a week from Tuesday" and "the 17th" their month and day', () => {
    expect(normalizeTimeWords('a week from Tuesday at 1', LOCAL, false)).toBe('March 17 at 1');
    expect(normalizeTimeWords('on the 17th, at 10', LOCAL, false)).toBe('on March 17, at 10');
    expect(normalizeTimeWords('Wednesday the 2nd', LOCAL, false)).toBe('April 2');
  });

  it('writes hours said as words in digits, and leaves other numbers alone', () => {
    expect(normalizeTimeWords('quarter past two tomorrow', LOCAL, false)).toBe('2:15 tomorrow');
    expect(normalizeTimeWords('at three', LOCAL, false)).toBe('at 3');
    expect(normalizeTimeWords('at two of them', LOCAL, false)).toBe('at two of them');
  });

  it('never throws and leaves text without time words as it was', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), fc.boolean(), (text, spanish) => {
        const out = normalizeTimeWords(text, LOCAL, spanish);
        expect(typeof out).toBe('string');
        if (!/[0-9]|the|week|past|to|at|around|about|by|o'?clock|a la|ma[ñn]ana|hoy|d[ií]a|es|do|pr[oó]ximo|viene|ier|l/i.test(text))
          expect(out).toBe(text);
      }),
      { numRuns: 300 },
    );
  });
});
