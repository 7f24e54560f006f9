/**
 * Emergencies read from what the caller describes rather than from whole phrases: a hazard is a
 * thing of the house (gas, water, sewage, electricity, heat) near a state that makes it dangerous
 * (a smell, pouring, backing up, hot or buzzing, out), in either order and in the caller's own
 * words ("the panel is hot to the touch and buzzing", "water dripping out of the ceiling light").
 * A hazard denied before it ("I don't smell any gas") is none. A lost service is an emergency only
 * where it endangers someone: no heat in the cold (at or below 55 °F, freezing, "minus ten"), no
 * cooling in the heat (95 °F or more, a heat wave), or either, or no hot water, with someone
 * vulnerable in the house (a baby, children, an elderly parent).
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
  /**
   * A loss of service that is an emergency only in some conditions: no heat in the cold, no
   * cooling in the heat, either with someone vulnerable; no hot water only with someone vulnerable.
   */
  readonly needs?: 'cold' | 'heat' | 'vulnerable';
}

/** A service that stopped: "the heat quit", "no hot water", "the AC died". */
const FAILED =
  /\b(no|out|off|quit|stopped|died|dead|broke\w*|(won't|will not|wouldn't|would not) (come on|start|turn on|kick on|light)|not (working|coming on|turning on|heating|cooling)|blowing (hot|warm)( air)?|isn't working|doesn't work|went out|no funciona|no sirve|sin)\b/i;

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
    // The device named is no alarm ("install a CO detector", "it chirps for a battery"); it going off is.
    state: /\b(going off|goes off|went off|beep\w*|sound(ing|ed|s)|ringing|screaming|suena|sonando|pita|pitando|son[oó])(?![\wáéíóúñ])/i,
    within: 40,
  },
  {
    what: 'flooding',
    object: /\b(water|pipe|pipes|water heater|tank|toilet|sump( pump| pit)?|pit|agua|tubo|tubería)\b/i,
    state:
      /\b(flood\w*|pour\w*|gush\w*|spray\w*|everywhere|all over|burst|split( open)?(?! (ac|a\/c|unit|system|air|heat pump|mini))|exploded|overflow\w*|seep\w* (under|into|through)|(still |keeps )?rising|(inches|feet) of|(an?|one|two|three|\d+) (inch|inches|foot|feet) (of|on|in|deep)|taking on water|(coming|bubbling|seeping|pushing) up (through|from|out of) the (floor|slab|drain|ground)|through the ceiling|out of the ceiling|from the ceiling|ceiling light|light fixture|inundad\w*|revent\w*|desbord\w*)\b/i,
    within: 50,
  },
  {
    what: 'flooding',
    object: /\b(flood(ed|ing)?|inundad[oa]|inundaci[oó]n)\b/i,
    state: /\b(basement|floor|house|kitchen|bathroom|garage|casa|sótano)\b/i,
    within: 40,
  },
  {
    what: 'flooding',
    object: /\b(ceiling|techo)\b/i,
    state: /\b(sagging|bulging|caving( in)?|collaps\w*|dripping|leaking|pouring|coming down|falling( in)?|gotereando|goteando)\b/i,
    within: 40,
  },
  {
    what: 'smoke or fire from an appliance',
    object: /\b(furnace|boiler|water heater|dryer|air handler|heat pump|vents?|stove|oven|dishwasher|washer|unit|calentador)\b/i,
    state: /\b(smok\w*|on fire|fire|flames?|caught fire|humo|fuego|llamas)\b/i,
    within: 40,
  },
  {
    what: 'sewage backup',
    // "A sewer smell" is a smell, not sewage in the house.
    object: /\b(sewage|sewer(?! (smell|odou?r|gas))|raw sewage|aguas negras|drenaje)\b/i,
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
    what: 'a power line down',
    object: /\b(power|electric(al)?|utility|service) (line|lines|wire|wires|cable)\b/i,
    state: /\b(down|fell|fallen|on the ground|snapped|spark\w*|arc\w*)\b/i,
    within: 40,
  },
  {
    what: 'electrical burning or sparks',
    object: /\b(burning|electrical|plastic)\b/i,
    state: /\b(smell\w*|odou?r)\b/i,
    // "it smells like something's burning"
    within: 30,
  },
  {
    what: 'no heat',
    object: /\b(heat|heater|furnace|boiler|heat pump|heating|calefacci[oó]n)\b/i,
    state: FAILED,
    within: 30,
    needs: 'cold',
  },
  {
    what: 'no cooling',
    object: /\b(ac|a\/c|air conditioner|air conditioning|cooling|aire( acondicionado)?)\b/i,
    state: FAILED,
    within: 30,
    needs: 'heat',
  },
  {
    what: 'no hot water',
    object: /\b(hot water|water heater|agua caliente|calentador)\b/i,
    state: FAILED,
    within: 30,
    needs: 'vulnerable',
  },
];

/** A denial in the words just before: "no, I don't smell any gas", "there's no water". */
const DENIED = /\b(no|not|don't|do not|doesn't|nothing|isn't|is not|wasn't|never|without|no hay|ningún|ninguna)\b[^.!?,]{0,20}$/i;

/**
 * A hazard already dealt with, said in the same sentence: "I smelled gas earlier but the gas
 * company came and said it's fine", "there were sparks, but your electrician replaced it".
 */
const CLEARED =
  /\b(said|says|checked|confirmed|told (me|us))\b[^.?!]{0,30}\b(it's|it is|everything's|everything is|all)? ?(fine|ok(ay)?|safe|clear)\b|\b(fixed|stopped|gone|shut off|turned off) now\b|\bbut (i|we) (fixed|stopped|unclogged|plunged) it\b|\b(but|and) (you|your (\w+ )?\w+|the \w+|someone|somebody|he|she|they)( guys)? (already )?(replaced|fixed|repaired|swapped|took care of)\b/i;

/** A negation just before the state, after the thing: "the pipe hasn't burst", "the water is not rising". */
const NEGATED_STATE = /(\bnot|n't|\bnever|\bno)( \w+)?\s*$/i;

const COLD_WORDS =
  /\b(freez\w*|below (zero|freezing)|single digits|sub-?zero|minus \d+|minus (one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty)|helad[oa]|congel\w*|bajo cero|mucho fr[ií]o)\b|-\d+\s?(degrees|°)/i;
const TEMPERATURE = /\b(\d{1,3})\s?(degrees|°|grados)/gi;
const HOT = /\b(heat wave|heatwave|scorching|sweltering|heat stroke|triple digits|over (a |one )?hundred|ola de calor)\b/i;
const VULNERABLE =
  /\b(baby|babies|infant|newborn|toddlers?|kids|children|elderly|senior|(8|9)\d[- ]year[- ]old|(7|8|9)\d years old|my (mother|father|mom|dad|grandmother|grandfather|grandma|grandpa|husband|wife)( is|'s) (7|8|9)\d|(i'm|i am|he's|he is|she's|she is) (7|8|9)\d\b(?! (minutes|degrees|dollars|percent))|pregnant|oxygen|disabled|wheelchair|heart (condition|problems?)|medical condition|dialysis|chemo\w*|asthma|copd|bedridden|beb[eé]|anciano|anciana|abuel[oa])\b/i;

/** Cold enough that no heat is dangerous: said as such (not denied: "it's not freezing"), or a temperature at or below 55 °F. */
function coldIn(text: string): boolean {
  for (const found of text.matchAll(new RegExp(COLD_WORDS.source, 'gi')))
    if (!NEGATED_STATE.test(text.slice(0, found.index ?? 0))) return true;
  for (const found of text.matchAll(TEMPERATURE)) if (Number(found[1]) <= 55) return true;
  return false;
}

/** Hot enough that no cooling is dangerous: said as such, or a temperature of 95 °F or more. */
function hotIn(text: string): boolean {
  if (HOT.test(text)) return true;
  for (const found of text.matchAll(/\b(\d{2,3})\s?(degrees|°|grados|outside|out there|in the house|inside)/gi))
    if (Number(found[1]) >= 95) return true;
  return false;
}

/** The condition a loss of service needs to be an emergency, and the words that say so. */
const CONDITIONS = {
  cold: { holds: (t: string) => coldIn(t) || VULNERABLE.test(t), why: 'no heat in freezing weather or with someone vulnerable' },
  heat: { holds: (t: string) => hotIn(t) || VULNERABLE.test(t), why: 'no cooling in the heat or with someone vulnerable' },
  vulnerable: { holds: (t: string) => VULNERABLE.test(t), why: 'no hot water with someone vulnerable in the house' },
} as const;

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
    // "leaking onto the floor, not a flood": the thing denied, said after its state.
    const denied = DENIED.test(sentence.slice(0, first)) || DENIED.test(sentence.slice(0, at));
    if (!feature.needs && (denied || CLEARED.test(sentence))) continue;
    // "the toilet has not overflowed": the state denied between the two.
    if (!feature.needs && NEGATED_STATE.test(sentence.slice(at + object[0].length, from + state.index))) continue;
    return true;
  }
  return false;
}

/** The caller calling it an emergency ("this is an emergency", "es urgente"); "not an emergency" is not. */
const DECLARED =
  /\b(it's|it is|this is|that's|that is)( really| definitely| kind of| sort of| pretty)? (an? )?(emergency|urgent)\b|\bes (una )?(emergencia|urgente)\b/i;

/** The first hazard the caller describes, with the sentences it rests on; null when none. */
export function hazardOf(lines: readonly string[]): Hazard | null {
  return describedHazard(lines) ?? declaredEmergency(lines);
}

function declaredEmergency(lines: readonly string[]): Hazard | null {
  const line = lines.find((l) => {
    const declared = DECLARED.exec(l);
    return declared !== null && !/\b(no|not|isn't|nada)\W*$/i.test(l.slice(0, declared.index));
  });
  return line ? { hazard: 'the caller says it is an emergency', reason: 'the caller says it is an emergency', evidence: [line] } : null;
}

function describedHazard(lines: readonly string[]): Hazard | null {
  for (const feature of FEATURES) {
    const evidence = lines.filter((line) => said(feature, line));
    if (evidence.length === 0) continue;
    if (feature.needs) {
      const condition = CONDITIONS[feature.needs];
      const because = lines.find((l) => condition.holds(l));
      if (!because) continue;
      if (!evidence.includes(because)) evidence.push(because);
      const why = feature.needs === 'cold' && coldIn(lines.join(' ')) ? 'no heat in freezing weather' : condition.why;
      return { hazard: why, reason: why, evidence: evidence.slice(0, 3) };
    }
    return { hazard: feature.what, reason: feature.what, evidence: evidence.slice(0, 3) };
  }
  return null;
}
