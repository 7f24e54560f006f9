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

  it('reads Spanish time words in an English sentence, and leaves English alone', () => {
    expect(normalizeTimeWords('can you send someone mañana a las tres?', LOCAL, false)).toBe('can you send someone tomorrow at 3?');
    expect(normalizeTimeWords('once at 10 on the el train', LOCAL, false)).toBe('once at 10 on the el train');
  });

  it('reads an hour said before "on" and its weekday, in words or digits, and not a count before a noun', () => {
    expect(normalizeTimeWords('can someone come at two on thursday', LOCAL, false)).toBe('can someone come at 2 on thursday');
    expect(normalizeTimeWords("ok 2 on tuesday, you're booked", LOCAL, false)).toBe("ok at 2 on tuesday, you're booked");
    expect(normalizeTimeWords('we have 2 techs on Tuesday, at one on one', LOCAL, false)).toBe('we have 2 techs on Tuesday, at one on one');
    expect(normalizeTimeWords('Ten on Friday works, I have one on Friday', LOCAL, false)).toBe(
      'at 10 on Friday works, I have one on Friday',
    );
    expect(normalizeTimeWords('sometime after 3 on Friday, or between 8 and 10 on Monday', LOCAL, false)).toBe(
      'sometime after 3 on Friday, or between 8 and 10 on Monday',
    );
    expect(normalizeTimeWords('the morning of Friday, at 9', LOCAL, false)).toBe('Friday morning, at 9');
  });

  it('reads "a quarter after", an hour o\'clock after a day, hours and minutes apart, and short weekdays', () => {
    expect(normalizeTimeWords('Monday at a quarter after 3', LOCAL, false)).toBe('Monday at 3:15');
    expect(normalizeTimeWords("Monday, nine o'clock", LOCAL, false)).toBe('Monday, at 9');
    expect(normalizeTimeWords('Monday at 10 30', LOCAL, false)).toBe('Monday at 10:30');
    expect(normalizeTimeWords('Tues at 10 or Weds at 2', LOCAL, false)).toBe('Tuesday at 10 or Wednesday at 2');
    expect(normalizeTimeWords('at 10 30 dollars', LOCAL, false)).toBe('at 10 30 dollars');
  });

  it('gives "a week from Tuesday" and "the 17th" their month and day', () => {
    expect(normalizeTimeWords('a week from Tuesday at 1', LOCAL, false)).toBe('March 17 at 1');
    expect(normalizeTimeWords('on the 17th, at 10', LOCAL, false)).toBe('on March 17, at 10');
    expect(normalizeTimeWords('Wednesday the 2nd', LOCAL, false)).toBe('April 2');
  });

  it('counts "a week from today" and "two weeks from tomorrow" from the call\'s day, and leaves a bare "a week" alone', () => {
    expect(normalizeTimeWords('a week from today at 3', LOCAL, false)).toBe('March 11 at 3');
    expect(normalizeTimeWords('two weeks from tomorrow at 9', LOCAL, false)).toBe('March 19 at 9');
    expect(normalizeTimeWords('three weeks from Friday', LOCAL, false)).toBe('March 27');
    expect(normalizeTimeWords('in about a week from now', LOCAL, false)).toBe('in about a week from now');
  });

  it('writes hours said as words in digits, and leaves other numbers alone', () => {
    expect(normalizeTimeWords('quarter past two tomorrow', LOCAL, false)).toBe('2:15 tomorrow');
    expect(normalizeTimeWords('at three', LOCAL, false)).toBe('at 3');
    expect(normalizeTimeWords('at two of them', LOCAL, false)).toBe('at two of them');
  });

  it("reads minutes said as words, approximate hours and today's parts of the day", () => {
    expect(normalizeTimeWords('Thursday at two thirty', LOCAL, false)).toBe('Thursday at 2:30');
    expect(normalizeTimeWords('Friday around ten-fifteen', LOCAL, false)).toBe('Friday at 10:15');
    expect(normalizeTimeWords('Monday around 9 or so', LOCAL, false)).toBe('Monday at 9 or so');
    expect(normalizeTimeWords('tomorrow at 10ish', LOCAL, false)).toBe('tomorrow at 10');
    expect(normalizeTimeWords('this afternoon at 4', LOCAL, false)).toBe('today afternoon at 4');
    expect(normalizeTimeWords('about 5 minutes out, two thirty-gallon tanks', LOCAL, false)).toBe(
      'about 5 minutes out, two thirty-gallon tanks',
    );
  });

  it('keeps a range said in words a range, "between" needed for one joined by "and"', () => {
    expect(normalizeTimeWords("on saturdays we're open nine to noon", LOCAL, false)).toBe("on saturdays we're open 9 to 12");
    expect(normalizeTimeWords('between eight and twelve', LOCAL, false)).toBe('between 8 and 12');
    expect(normalizeTimeWords('i can do nine and eleven', LOCAL, false)).toBe('i can do nine and eleven');
    expect(normalizeTimeWords('two to three weeks out', LOCAL, false)).toBe('two to three weeks out');
  });

  it('reads a quarter till or of an hour, minutes past it in words, hours and minutes run together and "@"', () => {
    expect(normalizeTimeWords('Thursday at quarter till three', LOCAL, false)).toBe('Thursday at 2:45');
    expect(normalizeTimeWords('Friday at a quarter of ten', LOCAL, false)).toBe('Friday at 9:45');
    expect(normalizeTimeWords('tomorrow at twenty past ten', LOCAL, false)).toBe('tomorrow at 10:20');
    expect(normalizeTimeWords('wednesday at 930 or friday at 1230', LOCAL, false)).toBe('wednesday at 9:30 or friday at 12:30');
    expect(normalizeTimeWords('Thursday @ 10', LOCAL, false)).toBe('Thursday at 10');
    expect(normalizeTimeWords('at 2015 and at 1500 dollars, email me @ home', LOCAL, false)).toBe(
      'at 2015 and at 1500 dollars, email me @ home',
    );
  });

  it('reads no time in a house number said before its street', () => {
    expect(normalizeTimeWords('monday at nine at twelve thirty four oak street', LOCAL, false)).toBe('monday at 9 at number oak street');
    expect(normalizeTimeWords('come to 1030 elm drive', LOCAL, false)).toBe('come to number elm drive');
    expect(normalizeTimeWords('thursday at 10 on oak street', LOCAL, false)).toBe('thursday at 10 on oak street');
  });

  it('reads Spanish approximate hours, quarter to, and days of the month', () => {
    expect(normalizeTimeWords('el jueves a eso de las tres', LOCAL, true)).toBe('el Thursday at 3');
    expect(normalizeTimeWords('a las tres menos cuarto', LOCAL, true)).toBe('at 2:45');
    expect(normalizeTimeWords('el martes 17 a las 9', LOCAL, true)).toBe('el March 17 at 9');
    expect(normalizeTimeWords('esta tarde', LOCAL, true)).toBe('today afternoon');
  });

  it('reads minutes before the hour in Spanish, with or without "a", and leaves "para" without an hour alone', () => {
    expect(normalizeTimeWords('el lunes a cuarto para las cinco', LOCAL, true)).toBe('el Monday at 4:45');
    expect(normalizeTimeWords('Sí, cuarto para las cinco está bien.', LOCAL, false)).toBe('Sí, at 4:45 está bien.');
    expect(normalizeTimeWords('diez para la una', LOCAL, true)).toBe('at 12:50');
    expect(normalizeTimeWords('El martes las cinco menos cuarto', LOCAL, true)).toBe('El Tuesday at 4:45');
    expect(normalizeTimeWords('un cuarto para el lunes', LOCAL, true)).toBe('un cuarto para el Monday');
  });

  it('reads a Spanish date with its month before a bare day of the month', () => {
    expect(normalizeTimeWords('el primero de abril a las diez', LOCAL, false)).toBe('April 1 at 10');
    expect(normalizeTimeWords('el 5 de mayo', LOCAL, false)).toBe('May 5');
    expect(normalizeTimeWords('el 17', LOCAL, true)).toBe('March 17');
    expect(normalizeTimeWords('de todos modos', LOCAL, false)).toBe('de todos modos');
  });

  it('reads "0900" and "9h30" as clock times, not digits of a phone number or a 24-hour service', () => {
    expect(normalizeTimeWords('Wednesday at 0900', LOCAL, false)).toBe('Wednesday at 9:00');
    expect(normalizeTimeWords('Monday 9h or 10h30', LOCAL, false)).toBe('Monday 9:00 or 10:30');
    expect(normalizeTimeWords('call 303-555-0900', LOCAL, false)).toBe('call 303-555-0900');
    expect(normalizeTimeWords('my number is 303 555 0912', LOCAL, false)).toBe('my number is 303 555 0912');
    expect(normalizeTimeWords('303.555.0130 or 0130 5555', LOCAL, false)).toBe('303.555.0130 or 0130 5555');
    expect(normalizeTimeWords('we offer 24h service', LOCAL, false)).toBe('we offer 24h service');
    expect(normalizeTimeWords('the job takes 2h, he can be there in 1h', LOCAL, false)).toBe('the job takes 2h, he can be there in 1h');
  });

  it('gives "the first Monday of next month" its date, and leaves a first Monday without a month alone', () => {
    expect(normalizeTimeWords('the first Monday of next month at 9', LOCAL, false)).toBe('April 6 at 9');
    expect(normalizeTimeWords('the second Tuesday of this month', LOCAL, false)).toBe('March 10');
    expect(normalizeTimeWords('the first Monday we are free', LOCAL, false)).toBe('the first Monday we are free');
  });

  it('reads Spanish minutes said after "y", and leaves a number after "y" that is no minute alone', () => {
    expect(normalizeTimeWords('el lunes a las diez y diez', LOCAL, true)).toBe('el Monday at 10:10');
    expect(normalizeTimeWords('a las tres y cuarenta y cinco', LOCAL, true)).toBe('at 3:45');
    expect(normalizeTimeWords('a las tres y media', LOCAL, true)).toBe('at 3:30');
    expect(normalizeTimeWords('a las tres y dos amigos', LOCAL, true)).toBe('at 3 y dos amigos');
  });

  it('puts an hour said "in the evening" or "at night" in the afternoon, not noon or midnight', () => {
    expect(normalizeTimeWords('tomorrow at 8:00 in the evening', LOCAL, false)).toBe('tomorrow at 8:00 pm');
    expect(normalizeTimeWords('at 9 at night', LOCAL, false)).toBe('at 9 pm');
    expect(normalizeTimeWords('12 at night', LOCAL, false)).toBe('12 at night');
    expect(normalizeTimeWords('at 8 in the morning', LOCAL, false)).toBe('at 8 in the morning');
  });

  it('gives "Wednesday after next" the Wednesday a week after the coming one, and leaves "the week after next" alone', () => {
    expect(normalizeTimeWords('Wednesday after next at 10', LOCAL, false)).toBe('March 18 at 10');
    expect(normalizeTimeWords('Friday after next', LOCAL, false)).toBe('March 13');
    expect(normalizeTimeWords('the week after next', LOCAL, false)).toBe('the week after next');
  });

  it('reads minutes said as words past the quarters ("ten twenty", "eleven forty"), not a price or a count', () => {
    expect(normalizeTimeWords('tomorrow at ten twenty', LOCAL, false)).toBe('tomorrow at 10:20');
    expect(normalizeTimeWords('Eleven forty Tuesday works', LOCAL, false)).toBe('11:40 Tuesday works');
    expect(normalizeTimeWords('nine twenty-five', LOCAL, false)).toBe('9:25');
    expect(normalizeTimeWords('the service call is one fifty', LOCAL, false)).toBe('the service call is one fifty');
    expect(normalizeTimeWords('two twenty gallon tanks', LOCAL, false)).toBe('two twenty gallon tanks');
  });

  it('joins a Spanish hour said before its day ("del jueves") to the day, and leaves "del" before anything else', () => {
    expect(normalizeTimeWords('a las cuatro de la tarde del jueves', LOCAL, true)).toBe('at 4 pm on Thursday');
    expect(normalizeTimeWords('el técnico del barrio', LOCAL, true)).toBe('el técnico del barrio');
  });

  it('reads "nueve y media" without "a las" as a clock time, and "dos y media horas" as a quantity', () => {
    expect(normalizeTimeWords('Sí, nueve y media está bien.', LOCAL, false)).toBe('Sí, at 9:30 está bien.');
    expect(normalizeTimeWords('el viernes 10 y cuarto', LOCAL, true)).toBe('el Friday at 10:15');
    expect(normalizeTimeWords('tarda dos y media horas', LOCAL, true)).toBe('tarda dos y media horas');
  });

  it('reads a four-digit clock past noon after "at" or a day, or before "hours", and not a quantity', () => {
    expect(normalizeTimeWords('This coming Monday, 1400.', LOCAL, false)).toBe('This coming Monday, 14:00.');
    expect(normalizeTimeWords('Friday, 1400 hours.', LOCAL, false)).toBe('Friday, 14:00.');
    expect(normalizeTimeWords('at 1530 on Friday', LOCAL, false)).toBe('at 15:30 on Friday');
    expect(normalizeTimeWords('the meeting is 1000 hours', LOCAL, false)).toBe('the meeting is 10:00');
    expect(normalizeTimeWords('the house is at 1500 square feet, we paid 1400', LOCAL, false)).toBe(
      'the house is at 1500 square feet, we paid 1400',
    );
    expect(normalizeTimeWords('Monday, 1412 Elm', LOCAL, false)).toBe('Monday, 1412 Elm');
    expect(normalizeTimeWords('the filter is rated for 1000 hours', LOCAL, false)).toBe('the filter is rated for 1000 hours');
  });

  it('gives "the 1st of next month" its month, and "the 4th" said on the 4th the next month', () => {
    expect(normalizeTimeWords('The 1st of next month, at 10?', LOCAL, false)).toBe('April 1, at 10?');
    expect(normalizeTimeWords('the 20th of this month', LOCAL, false)).toBe('March 20');
    expect(normalizeTimeWords('the 31st of next month', LOCAL, false)).toBe('the 31st of next month');
    expect(normalizeTimeWords('The 4th at 10 works', LOCAL, false)).toBe('April 4 at 10 works');
    expect(normalizeTimeWords('the 5th at 10', LOCAL, false)).toBe('March 5 at 10');
  });

  it('reads "Thu", "Thurs", "Tue" and "Fri" as weekdays, and "Sat" or "Sun" only before an hour', () => {
    expect(normalizeTimeWords('Thu 8 or 1?', LOCAL, false)).toBe('Thursday 8 or 1?');
    expect(normalizeTimeWords('thurs. or fri', LOCAL, false)).toBe('Thursday or Friday');
    expect(normalizeTimeWords('Sat 9 works', LOCAL, false)).toBe('Saturday 9 works');
    expect(normalizeTimeWords("I sat in the sun, c'mon", LOCAL, false)).toBe("I sat in the sun, c'mon");
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
