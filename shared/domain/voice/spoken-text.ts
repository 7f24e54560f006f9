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
export function withApostrophes(text: string): string {
  let out = text.replace(PLAIN, (word) => keepCase(word, CONTRACTIONS.get(word.toLowerCase()) ?? word));
  for (const [pattern, contraction] of AMBIGUOUS) out = out.replace(pattern, (word) => keepCase(word, contraction));
  return out;
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
