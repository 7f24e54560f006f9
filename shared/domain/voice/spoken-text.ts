/**
 * Speech-to-text often writes contractions without their apostrophe ("im sending someone", "dont
 * need it", "youre booked"). The rules are written with it, so the text they read gets it back
 * first. A word that is also another word ("its", "ill", "well") is read as the contraction only
 * where what follows makes it one ("its not cooling", "ill send someone", "well call you").
 */

const CONTRACTIONS: ReadonlyMap<string, string> = new Map([
  ['im', "i'm"],
  ['ive', "i've"],
  ['youre', "you're"],
  ['youll', "you'll"],
  ['youve', "you've"],
  ['hes', "he's"],
  ['shes', "she's"],
  ['theyre', "they're"],
  ['theyll', "they'll"],
  ['thats', "that's"],
  ['theres', "there's"],
  ['whats', "what's"],
  ['dont', "don't"],
  ['doesnt', "doesn't"],
  ['didnt', "didn't"],
  ['cant', "can't"],
  ['wont', "won't"],
  ['isnt', "isn't"],
  ['wasnt', "wasn't"],
  ['arent', "aren't"],
  ['werent', "weren't"],
  ['couldnt', "couldn't"],
  ['wouldnt', "wouldn't"],
  ['shouldnt', "shouldn't"],
  ['havent', "haven't"],
  ['hasnt', "hasn't"],
]);

const PLAIN = new RegExp(`\\b(${[...CONTRACTIONS.keys()].join('|')})\\b`, 'gi');
/** Verbs a promise goes on with: "ill send", "well call". */
const PROMISED = 'be|have|call|get|send|put|take|check|do|make|see|text|email|need|just|go|let|give|book|schedule';
const AMBIGUOUS: readonly [RegExp, string][] = [
  [/\bits (?=(not|a|an|the|been|going|gonna|getting|still|really|so|very|too|like|just|only|all|over|\w+ing)\b)/gi, "it's "],
  [new RegExp(`\\bill (?=(${PROMISED})\\b)`, 'gi'), "i'll "],
  [new RegExp(`\\bwell (?=(${PROMISED})\\b)`, 'gi'), "we'll "],
];

const keepCase = (word: string, contraction: string) =>
  /^[A-Z]/.test(word) ? `${contraction.charAt(0).toUpperCase()}${contraction.slice(1)}` : contraction;

/** The text with the apostrophes speech-to-text dropped put back. */
function withApostrophes(text: string): string {
  let out = text.replace(PLAIN, (word) => keepCase(word, CONTRACTIONS.get(word.toLowerCase()) ?? word));
  for (const [pattern, contraction] of AMBIGUOUS) out = out.replace(pattern, (word) => keepCase(word, contraction));
  return out;
}

const HOUR_WORD = 'one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve';
const DAY_WORD = 'monday|tuesday|wednesday|thursday|friday|saturday|sunday|tomorrow|today|tonight';
/**
 * Days, hours and fillers as an accent or a speech recognizer writes them, in the words the rules
 * read. A word is respelled only where nothing else could be meant: "Toosday", "tomorra" and
 * "firty" are no other word; "to", "for", "ate" and "won" are hours only where an hour stands
 * ("at for on Friday", "for is fine"), "tree" only beside one ("tree o'clock", "at tree").
 */
/** Each day as the family of spellings it is heard in, in the case it was written in. */
const HEARD_DAYS: readonly [RegExp, string][] = [
  [/\b(te?[uo]+e?s|chew?s)d(ay|ey|ee|i|y)\b/gi, 'Tuesday'],
  [/\bwe[dn]{1,2}e?[sz]+d(ay|ey|ee|i|y)\b/gi, 'Wednesday'],
  [/\bth?[eiu]r+(s?d[ae]y|sd(ey|ee|i|y))\b/gi, 'Thursday'],
  [/\bsat+[eu]?r?d(ay|ey|ee|i)\b/gi, 'Saturday'],
  [/\b(fr[iy]e?d(ay|ey|ee)|fridy)\b/gi, 'Friday'],
  [/\b(mund[ae]?y|mond(y|ee|ey))\b/gi, 'Monday'],
  [/\b(t'?[aou]?m+or+[aeo]w*|tmrw|2morrow)\b/gi, 'tomorrow'],
];

const HEARD: readonly [RegExp, string][] = [
  // A recognizer's tags ("[inaudible]", "[crosstalk]") and trailing dots are no words of what was said.
  [/\s*\[[a-z][a-z ]{0,30}\]\s*/gi, ' '],
  [/\s*(\.{3,}|…)\s*/g, ' '],
  [/\b(th|f|t)[iu]r[dt]y\b/gi, 'thirty'],
  [/\b(mornin|evenin)\b'?/gi, '$1g'],
  [/\bquarter too\b/gi, 'quarter to'],
  [/(^|\s)['’]leven\b/gi, '$1eleven'],
  [/\b(quarter|half|five|ten|twenty|twenty[- ]five) passed\b/gi, '$1 past'],
  [new RegExp(`(^|[\\s,])['’]?bout(?= (\\d{1,2}|${HOUR_WORD})\\b)`, 'gi'), '$1about'],
  [/\btree(?= (o'?clock|thirty|fifteen|forty|[ap]\.? ?m\b))|(?<=\b(at|around|about|by) )tree\b/gi, 'three'],
  // "elevenish", "one-ish": around that hour, as "10ish" is.
  [new RegExp(`\\b(${HOUR_WORD})[- ]?ish\\b`, 'gi'), 'around $1'],
  // A hedge between "at" and its hour ("at, like, one"): no word of the time.
  [new RegExp(`\\b(at|around|about),? (like|maybe|say|you know),? (?=(around |about )?(\\d{1,2}|${HOUR_WORD})\\b)`, 'gi'), '$1 '],
  // "at 10 hours" as a speaker of another language says ten o'clock; "9 sharp" is 9.
  [new RegExp(`(?<=\\bat )(\\d{1,2}|${HOUR_WORD}) hours\\b`, 'gi'), "$1 o'clock"],
  [new RegExp(`(?<!\\bat )\\b(\\d{1,2}(:\\d{2})?|${HOUR_WORD}) sharp\\b`, 'gi'), 'at $1'],
  [/\b(at|around|about) (around|about) /gi, '$2 '],
  // Fillers inside what is said ("at, um, uh, ten"): no words of it. "Uh-huh" is an answer, not a filler; "ER" is a place.
  [/(?<![-\w])(u+h*m+|u+h+|e+r+m+|h+m+)\b(?!-),?\s*/gi, ''],
  [/(?<![-\w])[Ee]r,\s*/g, ''],
  [new RegExp(`\\b(at|around|about|by),\\s+(?=(\\d{1,2}|${HOUR_WORD})\\b)`, 'gi'), '$1 '],
  [
    /\b(\d{1,2}(?::\d{2})?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirty|fifteen|forty[- ]five|o'?clock) ([ap]) m\b/gi,
    '$1 $2m',
  ],
];

const HOUR_NUMBER: Readonly<Record<string, number>> = Object.fromEntries(HOUR_WORD.split('|').map((w, i) => [w, i + 1]));
/**
 * "ten 30", "Friday 10 30": an hour and its minutes a recognizer wrote apart, after a day or "at"
 * ("at 10 30 dollars" or "2 20-gallon tanks" are no time).
 */
const MINUTES_APART = new RegExp(
  `(?<=\\b(${DAY_WORD}|at|around|about|by) )(\\d{1,2}|${HOUR_WORD}) ([0-5]\\d)\\b(?![- ]?(minutes?|mins?|dollars|bucks|degrees|percent|%|gallons?|amps?|feet|foot|inches|pounds?|years?))`,
  'gi',
);
const minutesRunTogether = (text: string) =>
  text.replace(MINUTES_APART, (whole, _day: string, hour: string, minutes: string) => {
    const h = HOUR_NUMBER[hour.toLowerCase()] ?? Number(hour);
    return h >= 1 && h <= 12 ? `${h}:${minutes}` : whole;
  });

/**
 * Homophones of an hour where an hour stands: "at ate thirty", "at won", "at for on Friday", "at to
 * o'clock", "at tin." as an accent says ten, "for is fine", "won o'clock". "To", "too", "for" and "tin" after "at"
 * need an hour's company ("what's that at for?" is no hour).
 */
const HOMOPHONES: Readonly<Record<string, string>> = { to: 'two', too: 'two', for: 'four', ate: 'eight', won: 'one', tin: 'ten' };
const HOMOPHONE_HOUR = new RegExp(
  `(?<=\\b(?:at|around|about|by) )(?:(?:ate|won)\\b|(?:to|too|for|tin)(?=\\s*(?:o'?clock|thirty|fifteen|forty|twenty|[ap]\\.? ?m\\b|on\\b|in the\\b|${DAY_WORD}|does\\b|works?\\b|is\\b|would\\b|if\\b|ok|okay|tomorrow|[,.!]|$)))|^(?:to|for|ate|won)(?= (?:is|works|would|sounds)\\b)|\\b(?:too|for|ate|won|tin)(?= o'?clock\\b)`,
  'gim',
);

/**
 * The text as the rules are written: apostrophes speech-to-text dropped put back, days, hours and
 * fillers as they were heard respelled.
 */
export function asWritten(text: string): string {
  let out = withApostrophes(text);
  for (const [pattern, day] of HEARD_DAYS) out = out.replace(pattern, (w) => (/^[a-z]/.test(w) ? day.toLowerCase() : day));
  for (const [pattern, written] of HEARD) out = out.replace(pattern, written);
  return minutesRunTogether(out).replace(HOMOPHONE_HOUR, (word) => HOMOPHONES[word.toLowerCase()] ?? word);
}

/**
 * Where a turn's sentences end: after ".", "!" or "?" (and before "¿" or "¡"), but not after
 * "a.m." or "p.m." running on into the day they are of ("I have 9:00 a.m. Monday"), which would
 * leave the hour and its day in two sentences.
 */
const SENTENCE_BREAK =
  /(?<=[.!?¿¡])(?<![aApP]\.[mM]\.)\s+|(?<=[aApP]\.[mM]\.)\s+(?=[A-Z])(?!(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|Tomorrow|Today|Tonight)\b)|\n+/;

/** A turn's sentences, trimmed, none empty. */
export const sentencesOf = (text: string): string[] =>
  text
    .split(SENTENCE_BREAK)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
