/**
 * The speaker labels of a plain-text transcript, and the side each stands for. Providers and
 * diarizers label turns their own way: a role ("AI:", "Customer:"), a name ("Ava:", "John:"), a
 * number ("Speaker 1:", "SPEAKER_00:", "Agent 2:"). A role word keeps its side; any other label
 * that opens lines is given a side by what its turns do (ADR 0191).
 */

export type Side = 'agent' | 'customer';

/** A Map, not an object: a label named `constructor` must not find Object's. */
export const ROLE_WORDS: ReadonlyMap<string, Side> = new Map([
  ['bot', 'agent'],
  ['assistant', 'agent'],
  ['ai', 'agent'],
  ['agent', 'agent'],
  ['receptionist', 'agent'],
  ['dispatcher', 'agent'],
  ['operator', 'agent'],
  ['representative', 'agent'],
  ['rep', 'agent'],
  ['csr', 'agent'],
  ['user', 'customer'],
  ['customer', 'customer'],
  ['caller', 'customer'],
  ['client', 'customer'],
  ['homeowner', 'customer'],
  ['human', 'customer'],
]);

/** Where a label stands: `at` its first letter, `end` past its colon. */
export interface LabelOpening {
  readonly at: number;
  readonly end: number;
  readonly speaker: Side;
}

/**
 * A role word followed by a colon, at a line start in any case ("CUSTOMER:", "caller:") or
 * capitalized after whitespace ("AI: Hi. Customer: Hello" is two turns).
 */
const ROLE_LABEL =
  /(?:^|(?<=\s))(AI|Assistant|Bot|Agent|Receptionist|Dispatcher|Operator|Representative|Rep|CSR|User|Customer|Caller|Client|Homeowner|Human):/gi;

/**
 * Any other label opens a line only: one or two short words, or a word and a number
 * ("Speaker 1", "SPEAKER_00"); a colon before a digit is a clock time ("at 10:30"), not a label.
 */
const LINE_LABEL = /^[ \t]*([A-Za-z][A-Za-z'’.-]{0,19}(?:[ _-]?\d{1,2}| [A-Za-z][A-Za-z'’.-]{0,19})?)[ \t]*:(?!\d)/gm;
const NUMBERED = /[ _-]?\d{1,2}$/;

/** A clock reading of the recording ("[00:00:05]", "0:12", "(1:03.5)"). */
const STAMP = String.raw`[[(]?\d{1,2}:\d{2}(?::\d{2})?(?:[.,]\d+)?[\])]?`;
/** A stamp opening a line before a label ("[00:00:05] AI:", "00:12 - caller:"). */
const STAMP_BEFORE_LABEL = new RegExp(String.raw`^[ \t]*${STAMP}[ \t]*(?:[-–|][ \t]*)?(?=[A-Za-z*"'][^:\n]{0,30}:)`, 'gm');
/** A stamp between a label and its colon ("AI (0:02):", "Customer [00:05]:"). */
const STAMP_IN_LABEL = new RegExp(String.raw`^([ \t]*[A-Za-z][A-Za-z0-9 '’._-]{0,30}?)[ \t]*${STAMP}[ \t]*:`, 'gm');

/**
 * The transcript without the recording's clock readings around its labels: they say when a turn
 * was spoken, not what, and left in they would end the turn before as a time of day.
 */
export const withoutStamps = (transcript: string) => transcript.replace(STAMP_BEFORE_LABEL, '').replace(STAMP_IN_LABEL, '$1:');

const keyOf = (label: string) => label.toLowerCase().replace(/[\s_-]+/g, ' ');
const roleOf = (key: string) => ROLE_WORDS.get(key) ?? ROLE_WORDS.get(key.replace(NUMBERED, ''));

/** What an agent does and a caller does not: greets for the business, offers times, asks the address. */
const AGENT_ACTS = [
  /\bthanks? (?:you )?for (?:calling|holding|choosing|your patience)\b/,
  /\bhow (?:can|may|could) (?:i|we) (?:help|assist|direct)\b/,
  /\b(?:this is|it's|it is) (?!(?:me|us|him|her|just|only|not)\b)[a-z]+(?: [a-z]+)? (?:with|from|at)\b/,
  /^(?:good (?:morning|afternoon|evening),? )?(?:[a-z'&]+ ){0,3}(?:plumbing|heating|electric(?:al)?|roofing|air|hvac|cooling|services?|home services)\b/,
  /\b(?:i|we) (?:have|can do|could do|can offer|can get (?:a|someone|somebody|a tech(?:nician)?) (?:out|there))\b[^.?!]*\b(?:\d|today|tomorrow|monday|tuesday|wednesday|thursday|friday|saturday|sunday|morning|afternoon|noon)/,
  /\b(?:what(?:'s| is)|can i (?:get|have)|may i (?:get|have)|could i (?:get|have)) (?:your|the) (?:address|name|phone|number|zip)\b/,
  /\byou(?:'re| are) (?:all )?(?:set|booked|scheduled|confirmed)\b/,
  /\bi(?:'ve| have) (?:cancell?ed|booked|scheduled|rescheduled|moved) (?:it|you|that|your)\b/,
  /\bi(?:'m| am) sending\b/,
];
/** What a caller does and an agent does not: asks whether this is the business, asks for a visit. */
const CUSTOMER_ACTS = [
  /\bis this [a-z]/,
  /\bcan (?:someone|somebody|you|you guys|anyone) (?:come|send|look|take a look|stop by)\b/,
  /\bmy [a-z]+(?: [a-z]+)? (?:is|isn't|won't|stopped|quit|broke|keeps|went|has|leaks?|drains?|needs)\b/,
  /\bi need (?:a|an|someone|somebody|to (?:cancel|reschedule|book))\b/,
  /\b(?:your|the) (?:tech|technician|plumber|electrician|guy) (?:came|was|left|didn't|did not)\b/,
];

const hits = (patterns: readonly RegExp[], text: string) => patterns.filter((p) => p.test(text)).length;

/** Evidence that a label is the agent (above zero) or the caller (below), from all its turns. */
export function agentEvidence(turnTexts: readonly string[]): number {
  return turnTexts.reduce((sum, t) => {
    const text = t.toLowerCase().replace(/[’]/g, "'").trim();
    return sum + hits(AGENT_ACTS, text) - hits(CUSTOMER_ACTS, text);
  }, 0);
}

interface Candidate {
  readonly at: number;
  readonly end: number;
  readonly key: string;
}

/** Every label opening a line or (for a role word) a sentence, in order of place. */
function candidates(transcript: string): Candidate[] {
  const found = new Map<number, Candidate>();
  for (const m of transcript.matchAll(ROLE_LABEL)) {
    const at = m.index ?? 0;
    const word = m[1] as string;
    if (at === 0 || transcript[at - 1] === '\n' || /^[A-Z]/.test(word)) found.set(at, { at, end: at + m[0].length, key: keyOf(word) });
  }
  for (const m of transcript.matchAll(LINE_LABEL)) {
    const label = m[1] as string;
    const at = (m.index ?? 0) + m[0].indexOf(label);
    if (!found.has(at)) found.set(at, { at, end: (m.index ?? 0) + m[0].length, key: keyOf(label) });
  }
  return [...found.values()].sort((a, b) => a.at - b.at);
}

/**
 * Sides for the labels no role word names. Evidence decides first (two such labels: the one with
 * more agent acts is the agent); a label without evidence takes a side no label holds yet, the
 * agent's first (on an inbound call the business answers); a label left over is no speaker.
 */
function inferSides(unknown: readonly string[], known: ReadonlySet<Side>, textsOf: (key: string) => string[]): Map<string, Side> {
  const sides = new Map<string, Side>();
  const evidence = new Map(unknown.map((k) => [k, agentEvidence(textsOf(k))]));
  const [first, second] = unknown;
  if (unknown.length === 2 && known.size === 0 && first && second && evidence.get(first) !== evidence.get(second)) {
    const firstIsAgent = (evidence.get(first) ?? 0) > (evidence.get(second) ?? 0);
    sides.set(first, firstIsAgent ? 'agent' : 'customer').set(second, firstIsAgent ? 'customer' : 'agent');
    return sides;
  }
  for (const k of unknown) {
    const e = evidence.get(k) ?? 0;
    if (e !== 0) sides.set(k, e > 0 ? 'agent' : 'customer');
  }
  const held = new Set<Side>([...known, ...sides.values()]);
  for (const k of unknown) {
    if (sides.has(k)) continue;
    const side = (['agent', 'customer'] as const).find((s) => !held.has(s));
    if (!side) break;
    sides.set(k, side);
    held.add(side);
  }
  return sides;
}

/**
 * The labels that open turns, each with its side. A label no role word names counts only when it
 * recurs (opens two lines or more) or is numbered like a diarizer's ("Speaker 1", "SPEAKER_00").
 */
export function labelOpenings(transcript: string): LabelOpening[] {
  const all = candidates(transcript);
  const counts = new Map<string, number>();
  for (const c of all) counts.set(c.key, (counts.get(c.key) ?? 0) + 1);
  const kept = all.filter((c) => roleOf(c.key) !== undefined || (counts.get(c.key) ?? 0) >= 2 || NUMBERED.test(c.key));
  const textsOf = (key: string) =>
    kept.flatMap((c, i) => (c.key === key ? [transcript.slice(c.end, kept[i + 1]?.at ?? transcript.length)] : []));
  const known = new Set(kept.flatMap((c) => roleOf(c.key) ?? []));
  const unknown = [...new Set(kept.filter((c) => roleOf(c.key) === undefined).map((c) => c.key))];
  const sides = inferSides(unknown, known, textsOf);
  return kept.flatMap((c) => {
    const speaker = roleOf(c.key) ?? sides.get(c.key);
    return speaker ? [{ at: c.at, end: c.end, speaker }] : [];
  });
}
