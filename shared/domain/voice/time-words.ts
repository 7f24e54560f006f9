import type { DateTime } from 'luxon';

/**
 * The words callers use for times that chrono-node's English parser does not read, rewritten into
 * words it does, before it runs. chrono's own Spanish parser misses "pasado mañana", "de la tarde"
 * and hours said as words ("a las tres"), so Spanish is rewritten into English and read by one
 * parser. Each rewrite is a whole phrase with its meaning; nothing here resolves a date except
 * where the phrase needs the call's day ("a week from Tuesday", "the 17th").
 */

const HOUR_WORDS: Readonly<Record<string, number>> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  una: 1,
  dos: 2,
  tres: 3,
  cuatro: 4,
  cinco: 5,
  seis: 6,
  siete: 7,
  ocho: 8,
  nueve: 9,
  diez: 10,
  once: 11,
  doce: 12,
};

const HOUR_WORD = Object.keys(HOUR_WORDS).join('|');
const WEEKDAY_WORD = 'monday|tuesday|wednesday|thursday|friday|saturday|sunday';
const hourOf = (word: string) => HOUR_WORDS[word.toLowerCase()] ?? Number(word);

/** Spanish time words in their English form. Longest phrases first. */
const SPANISH_TO_ENGLISH: readonly [RegExp, string][] = [
  [/\bpasado ma[ñn]ana\b/gi, 'the day after tomorrow'],
  [/\besta (ma[ñn]ana)\b/gi, 'this morning'],
  [/\besta tarde\b/gi, 'this afternoon'],
  [/\besta noche\b/gi, 'tonight'],
  [/\b(a eso de|como a|tipo|alrededor de|cerca de) las?\b/gi, 'a las'],
  [/\b(de|en|por) la ma[ñn]ana\b/gi, 'am'],
  [/\b(de|en|por) la (tarde|noche)\b/gi, 'pm'],
  [/\bal mediod[ií]a\b|\bmediod[ií]a\b/gi, 'at noon'],
  [/\bdespu[eé]s del almuerzo\b|\bdespu[eé]s de comer\b/gi, 'after lunch'],
  [/\bma[ñn]ana\b/gi, 'tomorrow'],
  [/\bhoy\b/gi, 'today'],
  [/\b(el )?(pr[oó]ximo|que viene)\b/gi, 'next'],
  [/\blunes\b/gi, 'Monday'],
  [/\bmartes\b/gi, 'Tuesday'],
  [/\bmi[eé]rcoles\b/gi, 'Wednesday'],
  [/\bjueves\b/gi, 'Thursday'],
  [/\bviernes\b/gi, 'Friday'],
  [/\bs[aá]bado\b/gi, 'Saturday'],
  [/\bdomingo\b/gi, 'Sunday'],
  // "a las cuatro de la tarde del jueves": the hour before its day, which chrono joins only with "on".
  [/\bdel (Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)\b/g, 'on $1'],
  // "el martes 21", "el 17": a day of the month, which the ordinal rewrite gives its month.
  [/\b(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday) (\d{1,2})\b(?!:)/g, '$1 the $2th'],
  [/\bel (\d{1,2})\b(?!:)/gi, 'the $1th'],
];

const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;

/** "a las tres y media", "a la una y cuarto", "a las tres menos cuarto", "a las 10:15": the hour after "a las", in digits. */
const SPANISH_HOUR = new RegExp(
  `\\ba las? (\\d{1,2}|${HOUR_WORD})(?::(\\d{2}))?( y media| y cuarto| menos cuarto| y (?:cuarenta y cinco|veinticinco|cincuenta|cuarenta|treinta|veinte|quince|diez|cinco))?\\b`,
  'gi',
);
/** Minutes said after "y": "a las diez y diez", "a las tres y cuarenta y cinco". */
const SPANISH_MINUTES: Readonly<Record<string, string>> = {
  cinco: '05',
  diez: '10',
  quince: '15',
  cuarto: '15',
  veinte: '20',
  veinticinco: '25',
  treinta: '30',
  media: '30',
  cuarenta: '40',
  'cuarenta y cinco': '45',
  cincuenta: '50',
};

const SPANISH_MONTHS = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
];
const ENGLISH_MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** "el primero de abril", "el 5 de mayo": a date with its month, read before "el 17" takes the number as a bare day. */
const SPANISH_DATE = new RegExp(`\\b(?:el )?(\\d{1,2}|primero) de (${SPANISH_MONTHS.join('|')}|setiembre)\\b`, 'gi');

/**
 * Minutes before the hour: "cuarto para las cinco", "diez para las tres", "las cinco menos cuarto"
 * (said also without "a"), all of the hour before.
 */
const SPANISH_BEFORE_HOUR = new RegExp(
  `\\b(?:a )?(?:un )?(cuarto|cinco|diez|veinte) para (?:las?) (\\d{1,2}|${HOUR_WORD})\\b|\\b(?:a )?las? (\\d{1,2}|${HOUR_WORD}) menos (cuarto|cinco|diez|veinte)\\b`,
  'gi',
);
const MINUTES_BEFORE: Readonly<Record<string, number>> = { cuarto: 15, cinco: 5, diez: 10, veinte: 20 };

/** "nueve y media", "10 y cuarto" without "a las": an hour with a half or a quarter is a clock time, not a quantity. */
const SPANISH_HALF_HOUR = new RegExp(
  `(?<!\\bla(s)? )\\b(\\d{1,2}|${HOUR_WORD}) y (media|cuarto)\\b(?! (de )?(horas?|d[ií]as?|semanas?|meses|a[ñn]os|metros|pies|libras|galones|millas|kilos|litros|pulgadas|tazas))`,
  'gi',
);

function minutesBeforeHour(before: string, hour: string): string {
  const minutes = 60 - (MINUTES_BEFORE[before.toLowerCase()] ?? 15);
  return `at ${((hourOf(hour) + 10) % 12) + 1}:${String(minutes).padStart(2, '0')}`;
}

function spanishToEnglish(text: string): string {
  let out = text
    .replace(SPANISH_DATE, (_w, day: string, month: string) => {
      const index = month.toLowerCase() === 'setiembre' ? 8 : SPANISH_MONTHS.indexOf(month.toLowerCase());
      return `${ENGLISH_MONTHS[index]} ${day.toLowerCase() === 'primero' ? 1 : Number(day)}`;
    })
    .replace(SPANISH_BEFORE_HOUR, (_w, b1: string | undefined, h1: string | undefined, h2: string | undefined, b2: string | undefined) =>
      minutesBeforeHour(b1 ?? b2 ?? 'cuarto', h1 ?? h2 ?? ''),
    )
    // Before "viernes 10" is read as a day of the month.
    .replace(SPANISH_HALF_HOUR, (_w, _s, h: string, part: string) => `at ${hourOf(h)}:${part.toLowerCase() === 'media' ? '30' : '15'}`);
  for (const [pattern, english] of SPANISH_TO_ENGLISH) out = out.replace(pattern, english);
  return out.replace(SPANISH_HOUR, (_w, h: string, m: string | undefined, part: string | undefined) => {
    if (part?.includes('menos')) return minutesBeforeHour('cuarto', h);
    const minutes = part ? SPANISH_MINUTES[part.replace(/^ y /i, '').toLowerCase()] : m;
    return `at ${hourOf(h)}${minutes ? `:${minutes}` : ''}`;
  });
}

/** Minutes said as words after an hour: "two thirty", "ten fifteen", "four forty-five". */
const MINUTE_WORDS: Readonly<Record<string, string>> = {
  ten: '10',
  fifteen: '15',
  twenty: '20',
  'twenty five': '25',
  thirty: '30',
  'thirty five': '35',
  forty: '40',
  'forty five': '45',
};

/** Minutes past the hour said as words: "twenty past ten". */
const PAST_MINUTES: Readonly<Record<string, string>> = { five: '05', ten: '10', twenty: '20', 'twenty five': '25' };

/** Words that put a number near an hour: "around 9", "say 11", "like 8:30", "10ish". */
const APPROXIMATE =
  /\b(around|about|say|like|roughly|approximately|maybe)( at)? (\d{1,2}(?::\d{2})?)(?:ish)?\b(?! ?(minutes?|mins?|hours?|hrs?|days?|weeks?|months?|years?|dollars|bucks|degrees|percent|people|gallons|feet|foot|inches|times|%|\$|of\b))/gi;

/**
 * A range said in words ("open nine to noon", "between eight and twelve") is read in digits so it
 * stays a range (a window, not a time); "noon" alone would be read as a time on its own.
 */
const WORD_RANGE = new RegExp(
  `\\b(between )?(${HOUR_WORD}|\\d{1,2}) (to|till|until|through|and) (${HOUR_WORD}|noon|midnight)\\b(?! (minutes?|mins?|hours?|hrs?|days?|weeks?|months?|years?|people|times|dollars|bucks|of|in)\\b)`,
  'gi',
);
const rangeHour = (word: string) => (/^(noon|midnight)$/i.test(word) ? 12 : hourOf(word));

/**
 * A four-digit clock past noon as a dispatcher or a veteran says it ("Monday, 1400", "at 1530",
 * "1400 hours"): on the quarter hour, after "at" or a day up to 1945 ("at 2015" is a year), or
 * before "hours"; not a quantity.
 */
const MILITARY_CLOCK = new RegExp(
  `(?<=\\b(?:at|${WEEKDAY_WORD}|today|tomorrow),? )(1[3-9])(00|15|30|45)\\b(?![-.]?\\d| ?(?:square|sq|feet|ft|dollars|bucks|gallons|miles|pounds|lbs|btu|watts|volts|amps|cfm|%))(?: (?:hours|hrs)\\b)?|(?<!\\b(?:for|of|about|over|than|after|within|every|ran|runs?|lasts?|rated) )\\b(1[0-9]|2[0-3])(00|15|30|45) (?:hours|hrs)\\b`,
  'gi',
);

/**
 * A weekday written short: "Thu", "Thurs", "Tue", "Fri" wherever they stand; "Mon", "Wed", "Sat",
 * "Sun" (also words: "I sat", "the sun") only before an hour ("Sat 9", "Wed at 2").
 */
const SHORT_WEEKDAY = /(?<!['’])\b(thurs?|thu|tue|fri)\b\.?|(?<!['’])\b(mon|wed|sat|sun)\b\.?(?=,? (at )?\d)/gi;
const SHORT_WEEKDAYS: Readonly<Record<string, string>> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  thur: 'Thursday',
  thurs: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};

/** "this afternoon" is today's: chrono reads "today afternoon", not "this afternoon at 4". */
const THIS_PART = /\bthis (morning|afternoon|evening)\b/gi;

/**
 * An hour or a part of the day said before its day, which chrono does not join: "2 on Tuesday",
 * "ten on Friday" ("one on Friday" is as often a count), "the morning of Friday".
 */
function partsBeforeTheirDay(text: string): string {
  return text
    .replace(
      new RegExp(
        `(?<!\\b(at|around|about|by|after|before|until|till|from|between|and|to|[\\d:]) ?)\\b(1[0-2]|[1-9]|${HOUR_WORD.replace('one|', '')})(:[0-5]\\d)? on (${WEEKDAY_WORD})\\b`,
        'gi',
      ),
      (_w, _p, h: string, m: string | undefined, day: string) => `at ${hourOf(h)}${m ?? ''} on ${day}`,
    )
    .replace(new RegExp(`\\bthe (morning|afternoon|evening) of (${WEEKDAY_WORD})\\b`, 'gi'), '$2 $1');
}

/** "at three", "quarter past two", "half past ten", "two thirty", "around 9": hours in words or near words, as digits. */
function hoursAsDigits(text: string): string {
  return (
    text
      .replace(THIS_PART, 'today $1')
      // "Nine and eleven" without "between" is two times, not a range.
      .replace(WORD_RANGE, (whole, between: string | undefined, from: string, joint: string, to: string) =>
        joint.toLowerCase() === 'and' && !between ? whole : `${between ?? ''}${hourOf(from)} ${between ? 'and' : 'to'} ${rangeHour(to)}`,
      )
      .replace(
        new RegExp(
          // "Fifty" is left out: "one fifty" is a price far more often than 1:50.
          `\\b(\\d{1,2}|${HOUR_WORD})[- ](fifteen|twenty[- ]five|twenty|thirty[- ]five|thirty|forty[- ]five|forty|ten)\\b(?![- ](gallons?|feet|foot|inches|minutes?|dollars|years?|amps?|degrees|percent|people|times|bucks|units?|pounds?))`,
          'gi',
        ),
        (_w, h: string, m: string) => `${hourOf(h)}:${MINUTE_WORDS[m.toLowerCase().replace('-', ' ')]}`,
      )
      .replace(/\b(\d{1,2})(:\d{2})?ish\b/gi, '$1$2')
      .replace(new RegExp(`\\b(a )?quarter (past|after) (\\d{1,2}|${HOUR_WORD})\\b`, 'gi'), (_w, _a, _p, h: string) => `${hourOf(h)}:15`)
      .replace(new RegExp(`\\bhalf past (\\d{1,2}|${HOUR_WORD})\\b`, 'gi'), (_w, h: string) => `${hourOf(h)}:30`)
      .replace(
        new RegExp(`\\b(a )?quarter (to|till|til|of) (\\d{1,2}|${HOUR_WORD})\\b`, 'gi'),
        (_w, _a, _t, h: string) => `${(hourOf(h) + 11) % 12 || 12}:45`,
      )
      .replace(
        new RegExp(`\\b(five|ten|twenty|twenty[- ]five) (past|after) (\\d{1,2}|${HOUR_WORD})\\b`, 'gi'),
        (_w, m: string, _p, h: string) => `${hourOf(h)}:${PAST_MINUTES[m.toLowerCase().replace(/[- ]/, ' ')] ?? '00'}`,
      )
      .replace(
        new RegExp(`\\b(at|around|about|by) (${HOUR_WORD})\\b(?! (of|in|on(?= (?!${WEEKDAY_WORD}))|days?|weeks?|hours?)\\b)`, 'gi'),
        (_w, p: string, h: string) => `${p} ${hourOf(h)}`,
      )
      .replace(new RegExp(`\\b(${HOUR_WORD})(?= ?(a\\.?m\\.?|p\\.?m\\.?|o'?clock)(\\W|$))`, 'gi'), (h: string) => String(hourOf(h)))
      // "Monday, 9 o'clock": the hour alone after a day is read only with "at".
      .replace(/\b(at )?(\d{1,2})(:\d{2})? o'?clock\b/gi, 'at $2$3')
      // "at 10 30" and "at 1030", as speech-to-text writes ten thirty; "@ 10" as a chat writes it.
      .replace(/(^|\s)@ ?(?=\d)/g, '$1at ')
      .replace(/\b(at|around|about|by) (1[0-2]|[1-9]) ?([0-5]\d)\b(?! ?(minutes?|mins?|dollars|bucks|degrees|percent|%))/gi, '$1 $2:$3')
      // "0900" as a dispatcher writes it and "9h" or "9h30" as much of the world does; not the last
      // digits of a phone number, however they are split ("303 555 0912", "555-0912", "555.0912").
      .replace(/(?<![\d-][\s.]?)\b0([1-9])([0-5]\d)\b(?![-.\s]?\d)/g, '$1:$2')
      // "1400" as a dispatcher says it: after "at" or a day, or before "hours", on the quarter hour; not "at 1500 square feet".
      .replace(
        MILITARY_CLOCK,
        (_w, h1: string | undefined, m1: string | undefined, h2: string | undefined, m2: string | undefined) => `${h1 ?? h2}:${m1 ?? m2}`,
      )
      // "in 2h", "takes 2h" is a length, not a clock time.
      .replace(
        /(?<!\b(in|for|takes?|took|about|after|within|every|lasts?|another|maybe|only) )\b(1[0-2]|[1-9])h([0-5]\d)?\b/gi,
        (_w, _l, h: string, m: string | undefined) => `${h}:${m ?? '00'}`,
      )
      // "8:00 in the evening": chrono keeps the hour in the morning.
      .replace(/\b(1[01]|[1-9])(:[0-5]\d)? (in the (evening|afternoon)|at night)\b/gi, '$1$2 pm')
      .replace(/\btues\b\.?/gi, 'Tuesday')
      .replace(/\bweds\b\.?/gi, 'Wednesday')
      .replace(SHORT_WEEKDAY, (short: string) => SHORT_WEEKDAYS[short.replace('.', '').toLowerCase()] ?? short)
      .replace(APPROXIMATE, (_w, _a, _at, hour: string) => `at ${hour}`)
  );
}

const monthDay = (day: DateTime) => day.toFormat('MMMM d', { locale: 'en-US' });

/** The next date of a weekday strictly after the call's day. */
function nextWeekday(local: DateTime, weekday: number): DateTime {
  const ahead = (weekday - local.weekday + 7) % 7 || 7;
  return local.plus({ days: ahead });
}

const WEEK_COUNTS = ['a', 'one', 'two', 'three'];

/**
 * "a week from Tuesday" is the Tuesday after the coming one, "a week from today" the call's
 * weekday next week, "two weeks from tomorrow" counted from tomorrow; chrono reads only "a week".
 */
function weekFromWeekday(text: string, local: DateTime): string {
  return text.replace(
    /\b(a|one|two|three) weeks? from (?:(today|tomorrow)|(?:this |next )?(monday|tuesday|wednesday|thursday|friday|saturday|sunday))\b/gi,
    (_w, count: string, relative: string | undefined, day: string | undefined) => {
      const weeks = Math.max(1, WEEK_COUNTS.indexOf(count.toLowerCase()));
      const from = relative
        ? local.plus({ days: relative.toLowerCase() === 'tomorrow' ? 1 : 0 })
        : nextWeekday(local, WEEKDAYS.indexOf((day ?? '').toLowerCase() as (typeof WEEKDAYS)[number]) + 1);
      return monthDay(from.plus({ weeks }));
    },
  );
}

const NTH = ['first', 'second', 'third', 'fourth'];

/** "the first Monday of next month", "the second Tuesday of this month": the date, which chrono does not read. */
function nthWeekdayOfMonth(text: string, local: DateTime): string {
  return text.replace(
    /\bthe (first|second|third|fourth) (monday|tuesday|wednesday|thursday|friday|saturday|sunday) (?:of|in) (this|next) month\b/gi,
    (_w, nth: string, day: string, which: string) => {
      const start = local.plus({ months: which.toLowerCase() === 'next' ? 1 : 0 }).startOf('month');
      const weekday = WEEKDAYS.indexOf(day.toLowerCase() as (typeof WEEKDAYS)[number]) + 1;
      const first = start.plus({ days: (weekday - start.weekday + 7) % 7 });
      return monthDay(first.plus({ weeks: NTH.indexOf(nth.toLowerCase()) }));
    },
  );
}

/** "Wednesday after next" is the Wednesday a week after the coming one; chrono reads it as the coming one. */
function weekdayAfterNext(text: string, local: DateTime): string {
  return text.replace(/\b(monday|tuesday|wednesday|thursday|friday|saturday|sunday) after next\b/gi, (_w, day: string) =>
    monthDay(nextWeekday(local, WEEKDAYS.indexOf(day.toLowerCase() as (typeof WEEKDAYS)[number]) + 1).plus({ weeks: 1 })),
  );
}

const ORDINAL_DAY = /\b(?:(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday),? )?the (\d{1,2})(?:st|nd|rd|th)\b(?! of\b)/gi;
/** "the 1st of next month", "the 20th of this month": a day of a month named by its place, which chrono does not read. */
const ORDINAL_OF_MONTH = /\bthe (\d{1,2})(?:st|nd|rd|th) of (this|next) month\b/gi;

/**
 * "Wednesday the 2nd" or "the 17th" names a day of the month without the month, which chrono
 * does not read: the month is the call's when that day is still ahead, else the next one (the
 * call's own day too: it is said "today"); "the 1st of next month" names its month.
 */
function ordinalDaysWithMonths(text: string, local: DateTime): string {
  return text
    .replace(ORDINAL_OF_MONTH, (whole, day: string, which: string) => {
      const n = Number(day);
      const month = local.plus({ months: which.toLowerCase() === 'next' ? 1 : 0 });
      return n < 1 || n > (month.daysInMonth ?? 31) ? whole : `${month.toFormat('MMMM', { locale: 'en-US' })} ${n}`;
    })
    .replace(ORDINAL_DAY, (whole, day: string) => {
      const n = Number(day);
      if (n < 1 || n > 31) return whole;
      // The call's own day of the month is said "today": "the 1st" said on the 1st is next month's.
      const month = n > local.day ? local : local.plus({ months: 1 });
      return `${month.toFormat('MMMM', { locale: 'en-US' })} ${n}`;
    });
}

/**
 * Spanish time words an English sentence does not hold: a sentence with one is read as Spanish
 * whatever the rest of the call speaks ("can you send someone mañana a las tres?", an assistant
 * offering "el martes a las 9" to a caller who said little).
 */
const SPANISH_TIME_WORD =
  /\b(a las?|para las?|menos cuarto|y media|y cuarto|ma[ñn]ana|hoy|lunes|martes|mi[eé]rcoles|jueves|viernes|s[aá]bado|domingo|mediod[ií]a|de (enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|setiembre|octubre|noviembre|diciembre))\b/i;

/**
 * A house number said before its street ("twelve thirty four oak street", "1030 elm drive") is no
 * time, however much it sounds like one: it is dropped before the hours are read.
 */
const ADDRESS = new RegExp(
  `\\b((\\d+|${HOUR_WORD}|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|oh)[ -]){1,6}(?=((?!(on|at|in|to|near|by|off|the|of|and|or|over|from)\\b)[a-z]+ ){1,2}(street|st|avenue|ave|road|rd|drive|dr|lane|ln|court|ct|boulevard|blvd|place|circle|terrace|parkway|trail)\\b)`,
  'gi',
);

/** The text in the words chrono-node's English parser reads, relative to the call's local start. */
export function normalizeTimeWords(text: string, local: DateTime, spanish: boolean): string {
  const spoken = text.replace(ADDRESS, 'number ');
  const english = spanish || SPANISH_TIME_WORD.test(spoken) ? spanishToEnglish(spoken) : spoken;
  return ordinalDaysWithMonths(
    nthWeekdayOfMonth(weekdayAfterNext(weekFromWeekday(partsBeforeTheirDay(hoursAsDigits(english)), local), local), local),
    local,
  );
}
