/**
 * Emergencies read from what the caller describes rather than from whole phrases: a hazard is a
 * thing of the house (gas, water, sewage, electricity, heat) near a state that makes it dangerous
 * (a smell, pouring, backing up, hot or buzzing, out), in either order and in the caller's own
 * words ("the panel is hot to the touch and buzzing", "water dripping out of the ceiling light").
 * A hazard denied before it ("I don't smell any gas") is none. No heat is an emergency only in the
 * cold (a temperature at or below 55 °F, freezing, "minus ten") or with someone vulnerable in the
 * house (a baby, an elderly parent).
 */

export interface Hazard {
  /** What it is, in words an operator reads. */
  readonly hazard: string;
  readonly reason: string;
  /** Sentences of the caller's, quoted. */
  readonly evidence: string[];
}

interface HazardFeature {
  readonly what: string;
  /** The thing of the house. */
  readonly object: RegExp;
  /** What makes it dangerous. */
  readonly state: RegExp;
  /** Characters between them at most: the two must be said of the same thing. */
  readonly within: number;
  /** An emergency only in the cold or with someone vulnerable. */
  readonly needsCold?: boolean;
}

const FEATURES: readonly HazardFeature[] = [
  {
    what: 'gas smell',
    object: /\b(gas|propane|natural gas|rotten eggs?|sulfur|gasoline)\b/i,
    state: /\b(smell\w*|odou?r|leak\w*|hiss\w*|stinks?|huele|olor|fuga)\b/i,
    within: 40,
  },
  {
    what: 'carbon monoxide alarm',
    object: /\b(carbon monoxide|co|c\.o\.|monóxido)\b/i,
    state: /\b(detector|alarm|going off|goes off|beep\w*|sounding|alarma)\b/i,
    within: 40,
  },
  {
    what: 'flooding',
    object: /\b(water|pipe|pipes|water heater|tank|agua|tubo|tubería)\b/i,
    state:
      /\b(flood\w*|pour\w*|gush\w*|spray\w*|everywhere|all over|burst|split( open)?|exploded|through the ceiling|out of the ceiling|from the ceiling|ceiling light|light fixture|inundad\w*|revent\w*)\b/i,
    within: 50,
  },
  {
    what: 'flooding',
    object: /\b(flood(ed|ing)?|inundad[oa]|inundaci[oó]n)\b/i,
    state: /\b(basement|floor|house|kitchen|bathroom|garage|casa|sótano)\b/i,
    within: 40,
  },
  {
    what: 'sewage backup',
    object: /\b(sewage|sewer|raw sewage|aguas negras|drenaje)\b/i,
    state: /\b(back\w* up|coming (up|out)|comes up|overflow\w*|in the (tub|shower|basement|floor)|everywhere|saliendo|regres\w*)\b/i,
    within: 50,
  },
  {
    what: 'electrical burning or sparks',
    object: /\b(panel|breaker( box)?|outlet|socket|wire|wiring|switch|cord|plug|fuse box|meter|light fixture|enchufe|cables?|tablero)\b/i,
    state:
      /\b(hot to the touch|hot|too warm|buzz\w*|spark\w*|smok\w*|melt\w*|burn\w*|scorch\w*|charred|crackl\w*|arc\w*|chispas?|quemad\w*|humo)\b/i,
    within: 45,
  },
  {
    what: 'electrical burning or sparks',
    object: /\b(burning|electrical|plastic)\b/i,
    state: /\b(smell|odou?r)\b/i,
    within: 20,
  },
  {
    what: 'no heat',
    object: /\b(heat|heater|furnace|boiler|heat pump|heating|calefacci[oó]n|calentador)\b/i,
    state:
      /\b(no|out|off|quit|stopped|died|dead|broke\w*|(won't|will not|wouldn't|would not) (come on|start|turn on|kick on|light)|not (working|coming on|turning on|heating)|isn't working|doesn't work|went out|no funciona|no sirve|sin)\b/i,
    within: 30,
    needsCold: true,
  },
];

/** A denial in the words just before: "no, I don't smell any gas", "there's no water". */
const DENIED = /\b(no|not|don't|do not|doesn't|nothing|isn't|is not|wasn't|never|without|no hay|ningún|ninguna)\b[^.!?,]{0,20}$/i;

const COLD_WORDS =
  /\b(freez\w*|below (zero|freezing)|single digits|sub-?zero|minus \d+|minus (one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty)|helad[oa]|congel\w*|bajo cero|mucho fr[ií]o)\b|-\d+\s?(degrees|°)/i;
const TEMPERATURE = /\b(\d{1,3})\s?(degrees|°|grados)/gi;
const VULNERABLE =
  /\b(baby|babies|infant|newborn|toddler|elderly|senior|(8|9)\d[- ]year[- ]old|(7|8|9)\d years old|my (mother|father|mom|dad|grandmother|grandfather|grandma|grandpa) is (7|8|9)\d|pregnant|oxygen|disabled|wheelchair|beb[eé]|anciano|anciana|abuel[oa])\b/i;

/** Cold enough that no heat is dangerous: said as such, or a temperature at or below 55 °F. */
function coldIn(text: string): boolean {
  if (COLD_WORDS.test(text)) return true;
  for (const found of text.matchAll(TEMPERATURE)) if (Number(found[1]) <= 55) return true;
  return false;
}

/** The object and the state said of the same thing, not denied; the sentence when they are. */
function said(feature: HazardFeature, sentence: string): boolean {
  for (const object of sentence.matchAll(new RegExp(feature.object.source, 'gi'))) {
    const at = object.index ?? 0;
    const from = Math.max(0, at - feature.within);
    const to = Math.min(sentence.length, at + object[0].length + feature.within);
    const around = sentence.slice(from, to);
    const state = new RegExp(feature.state.source, 'i').exec(around);
    if (!state) continue;
    if (state[0].toLowerCase() === object[0].toLowerCase()) continue;
    const first = Math.min(at, from + state.index);
    if (!feature.needsCold && DENIED.test(sentence.slice(0, first))) continue;
    return true;
  }
  return false;
}

/** The first hazard the caller describes, with the sentences it rests on; null when none. */
export function hazardOf(lines: readonly string[]): Hazard | null {
  const all = lines.join(' ');
  for (const feature of FEATURES) {
    const evidence = lines.filter((line) => said(feature, line));
    if (evidence.length === 0) continue;
    if (feature.needsCold) {
      const cold = lines.find((l) => coldIn(l) || VULNERABLE.test(l));
      if (!cold || !(coldIn(all) || VULNERABLE.test(all))) continue;
      if (!evidence.includes(cold)) evidence.push(cold);
      const why = coldIn(all) ? 'no heat in freezing weather' : 'no heat with someone vulnerable in the house';
      return { hazard: why, reason: why, evidence: evidence.slice(0, 3) };
    }
    return { hazard: feature.what, reason: feature.what, evidence: evidence.slice(0, 3) };
  }
  return null;
}
