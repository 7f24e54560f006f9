/**
 * Reading an inbound text the way the FCC's revocation rule asks (47 CFR 64.1200(a)(10)–(12), in
 * force since 11 April 2025): consent may be revoked by any reasonable means, and a reply using
 * words such as stop, quit, end, revoke, opt out, cancel or unsubscribe is a definitive
 * revocation; other wording counts on the totality of the circumstances.
 *
 * Three outcomes:
 * - **opt-out**: a short reply made of a revocation word and filler ("STOP please", "pls stop",
 *   "Stop 🙏", "Unsubscribe me", "alto"), a phrase that only means "stop texting me" anywhere in
 *   the text ("STOP TEXTING ME", "no more texts", "no más mensajes"), or a word with no other sense
 *   (unsubscribe, opt out, revoke) anywhere;
 * - **needs review**: a longer text that uses one of the FCC's words in another sense ("I can't end
 *   up coming Tuesday", "please stop by at 3"): not an opt-out, flagged for an operator;
 * - anything else: START/HELP keywords (whole message) or an ordinary reply.
 *
 * Pure: no I/O; `normalize` is exported for the property tests.
 */

export type InboundAction = 'opted_out' | 'opted_in' | 'help' | 'reply';

export interface InboundReading {
  readonly action: InboundAction;
  /** The word or phrase that decided it (upper case), or the possible revocation word of a flagged reply. */
  readonly keyword: string | null;
  /** A reply that uses a revocation word in a way that may not be one: an operator should look. */
  readonly needsReview: boolean;
}

/** CTIA and FCC keywords, as the inbound webhook's answer documents them. */
export const OPT_OUT_KEYWORDS = ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'REVOKE', 'OPT OUT'] as const;
export const OPT_IN_KEYWORDS = ['START', 'YES', 'UNSTOP'] as const;
const HELP_KEYWORDS = new Set(['help', 'info', 'ayuda']);

/**
 * Words that revoke consent when a short reply is made of them (and filler), keyed by their form
 * with repeated letters collapsed ("stopp", "cancell" → stop, cancel). Spanish: alto, para, basta,
 * cancelar, detener. `para` counts only as the whole reply: it is also the common preposition.
 * A Map, not an object: the key is a word of the texter's, and "constructor" must find nothing.
 */
const SHORT_REPLY_WORDS: ReadonlyMap<string, string> = new Map([
  ['stop', 'STOP'],
  ['stopal', 'STOPALL'],
  ['stpo', 'STOP'],
  ['sotp', 'STOP'],
  ['quit', 'QUIT'],
  ['end', 'END'],
  ['cancel', 'CANCEL'],
  ['cancle', 'CANCEL'],
  ['optout', 'OPT OUT'],
  ['revoke', 'REVOKE'],
  ['unsubscribe', 'UNSUBSCRIBE'],
  ['unsub', 'UNSUBSCRIBE'],
  ['alto', 'ALTO'],
  ['basta', 'BASTA'],
  ['cancelar', 'CANCELAR'],
  ['detener', 'DETENER'],
  ['parar', 'PARAR'],
]);

/** Words with no sense but revocation: they opt out anywhere in a text. */
const UNAMBIGUOUS = new Set(['UNSUBSCRIBE', 'OPT OUT', 'REVOKE', 'STOPALL']);

/** Words that may be a revocation in a longer text: the reply is flagged for an operator. */
const REVIEW_WORDS = new Set(['STOP', 'QUIT', 'END', 'CANCEL', 'ALTO', 'BASTA', 'CANCELAR', 'DETENER', 'PARAR']);

/**
 * Words that do not change what a short reply means: politeness, the object ("me", "texts"),
 * intensifiers, and their Spanish equivalents. "stop texting me please" is stop; "don't stop" is
 * not (dont is no filler).
 */
const FILLER = new Set(
  (
    'please pls plz plse pleas plez thanks thank thx ty you u now right asap ok okay just me my it all already this that these ' +
    'the a an texting texts text txt txts txting messages message msgs msg sms messaging sending contacting calling from to ' +
    'with list number of your ur guys sir maam immediately again seriously for forever anymore any more no hey hi hello ' +
    'por favor porfa porfavor gracias ya de los las el la mensajes mensaje textos texto mas ahora enviar enviarme mandar ' +
    'mandarme fa'
  ).split(' '),
);

/** Longest reply read as a keyword and a sign-off. */
const SIGNED_REPLY_WORDS = 4;
/** The reply's first word, then punctuation that ends it: "Stop.", "STOP -", "stop!!". */
const SIGNED_REPLY = /^[^\p{L}]*(\p{L}+)[ \t]*[.!,;:\-–—…]+/u;

/** Phrases that only mean "stop texting me", matched on the normalized text anywhere. */
const REVOCATION_PHRASES: readonly (readonly [RegExp, string])[] = [
  [/\b(?:stop|quit|cease|end)\s+(?:texting|txting|messaging|sending|contacting|text|message)\b/, 'STOP'],
  [/\bno\s+more\s+(?:texts?|txts?|messages?|msgs?|sms)\b/, 'NO MORE TEXTS'],
  [/\b(?:dont|do\s+not|never)\s+(?:text|txt|message|msg|contact|sms)\s+(?:me|us|this\s+number)\b/, 'DO NOT TEXT'],
  [/\b(?:remove|delete)\s+(?:me|my\s+number|this\s+number)\b/, 'REMOVE ME'],
  [/\btake\s+(?:me|my\s+number|this\s+number)\s+off\b/, 'TAKE ME OFF'],
  [/\bleave\s+me\s+alone\b/, 'LEAVE ME ALONE'],
  [/\bno\s+mas\s+(?:mensajes|textos|sms)\b/, 'NO MAS MENSAJES'],
  [/^(?:no\s+more|no\s+mas)(?:\s+(?:please|pls|thanks|por\s+favor|gracias))?$/, 'NO MORE'],
  [/\bno\s+(?:me\s+)?(?:envie|envien|mande|manden|escriba|escriban)\w*\s+(?:mas|mensajes|textos)\b/, 'NO ME ENVIEN'],
  [/\bdejen?\s+de\s+(?:enviar|mandar|escribir)\w*/, 'DEJEN DE ENVIAR'],
  [/\bdar(?:me)?\s+de\s+baja\b/, 'DARME DE BAJA'],
];

/**
 * Lower case, accents and emoji removed, apostrophes dropped ("don't" → dont), every other
 * non-letter a space, "opt out" joined: the form every rule reads.
 */
export function normalize(body: string): string {
  return body
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/['’`]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .replace(/\bopt\s+out\b/g, 'optout')
    .trim();
}

const collapse = (word: string) => word.replace(/(.)\1+/g, '$1');

/** Optimal-string-alignment distance, bounded: how far a word is from a keyword. */
function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const row = d[i] as number[];
      const prev = d[i - 1] as number[];
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      row[j] = Math.min((prev[j] as number) + 1, (row[j - 1] as number) + 1, (prev[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        row[j] = Math.min(row[j] as number, ((d[i - 2] as number[])[j - 2] as number) + 1);
      }
    }
  }
  return (d[a.length] as number[])[b.length] as number;
}

/** Long keywords tolerate typos ("unsubscibe", "cancell", "revok"); short ones only the listed ones. */
const TYPO_TOLERANT: readonly (readonly [string, number])[] = [
  ['unsubscribe', 2],
  ['cancel', 1],
  ['revoke', 1],
  ['cancelar', 1],
];

/** The keyword a single word stands for, if any. */
export function keywordOf(word: string): string | null {
  const key = collapse(word);
  const exact = SHORT_REPLY_WORDS.get(key);
  if (exact) return exact;
  for (const [keyword, distance] of TYPO_TOLERANT) {
    if (Math.abs(key.length - keyword.length) <= distance && editDistance(key, keyword) <= distance) {
      return SHORT_REPLY_WORDS.get(keyword) ?? null;
    }
  }
  return null;
}

export function readInbound(body: string): InboundReading {
  const text = normalize(body);
  const words = text.length > 0 ? text.split(' ') : [];

  if (words.length === 1 && words[0] !== undefined) {
    const word = words[0];
    if (word === 'start' || word === 'yes' || word === 'unstop')
      return { action: 'opted_in', keyword: word.toUpperCase(), needsReview: false };
    if (HELP_KEYWORDS.has(word)) return { action: 'help', keyword: word.toUpperCase(), needsReview: false };
  }

  const keywords = words.map(keywordOf);
  const found = keywords.filter((k): k is string => k !== null);
  const unambiguous = found.find((k) => UNAMBIGUOUS.has(k));
  if (unambiguous) return { action: 'opted_out', keyword: unambiguous, needsReview: false };
  for (const [pattern, keyword] of REVOCATION_PHRASES) {
    if (pattern.test(text)) return { action: 'opted_out', keyword, needsReview: false };
  }
  // A short reply: revocation words and filler only ("para" counts here, and only here).
  const shortReply = words.map((w, i) => (w === 'para' ? 'PARA' : keywords[i]));
  const first = shortReply.find((k) => k !== null);
  if (first && words.every((w, i) => shortReply[i] !== null || FILLER.has(w))) {
    return { action: 'opted_out', keyword: first, needsReview: false };
  }
  // A short reply that is the word, a stop mark, then a sign-off ("Stop. Thanks, John", "STOP - Maria").
  const head = SIGNED_REPLY.exec(body)?.[1];
  const signed = head ? keywordOf(normalize(head)) : null;
  if (signed && words.length <= SIGNED_REPLY_WORDS) return { action: 'opted_out', keyword: signed, needsReview: false };
  const doubtful = found.find((k) => REVIEW_WORDS.has(k));
  return { action: 'reply', keyword: doubtful ?? null, needsReview: doubtful !== undefined };
}
