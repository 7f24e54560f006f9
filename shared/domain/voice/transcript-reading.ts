import { type Hazard, hazardOf } from './hazards';
import type { TranscriptTurn } from './transcript-turns';

/**
 * What the caller said, read from the transcript by rules (English and Spanish): the kind of call
 * and the words each finding rests on. Only the caller's turns count for what the caller wants
 * (the assistant's greeting offers "to book a visit" on every call); the assistant's turns count
 * for a booking it confirmed. Pure and synchronous: the requested time is read elsewhere
 * (requested-time.ts), with the libraries loaded on first use.
 */

export interface Finding {
  /** Why, in words an operator reads. */
  readonly reason: string;
  /** Sentences of the call the finding rests on, quoted. */
  readonly evidence: string[];
}

export interface TranscriptReading {
  /** The assistant's last sentence confirming a booking, where the agreed time is looked for first. */
  readonly confirmation: string | null;
  readonly voicemail: Finding | null;
  /** Not a customer: a wrong number or a sales call. */
  readonly wrongNumber: Finding | null;
  readonly cancellation: Finding | null;
  readonly reschedule: Finding | null;
  readonly emergency: Hazard | null;
  readonly complaint: (Finding & { readonly escalation: boolean }) | null;
  /** The caller asked for a visit, or the assistant confirmed one. */
  readonly visit: Finding | null;
  /** Asked about prices or availability and left without booking. */
  readonly priceOnly: Finding | null;
  readonly spanish: boolean;
}

interface Rule {
  readonly pattern: RegExp;
  readonly what: string;
}

const VOICEMAIL: readonly Rule[] = [
  { pattern: /\b(leave|record) (me |us )?(a|your) (brief |short )?message\b/i, what: 'a voicemail greeting' },
  { pattern: /\bafter the (tone|beep)\b/i, what: 'a voicemail greeting' },
  { pattern: /\b(can't|cannot|can not) (come to|get to|take) the phone\b/i, what: 'a voicemail greeting' },
  { pattern: /\bmailbox (is full|has not been set up)\b/i, what: 'a full or unset mailbox' },
  { pattern: /\bdej(e|a) (su|tu|un) mensaje\b|\bdespués del tono\b/i, what: 'a voicemail greeting (Spanish)' },
];

const WRONG_NUMBER: readonly Rule[] = [
  { pattern: /\bwrong number\b/i, what: 'the caller says it is a wrong number' },
  {
    pattern:
      /\b(i was|i'm|i am) (trying to|looking for|calling for) (reach |call )?(the |a )?(pharmacy|pizza|doctor|dentist|bank|school|restaurant|someone else|my (mom|sister|brother|friend))/i,
    what: 'the caller wanted someone else',
  },
  { pattern: /\bn[uú]mero equivocado\b|\bme equivoqu[eé] de n[uú]mero\b/i, what: 'the caller says it is a wrong number (Spanish)' },
  { pattern: /\b(i )?(never|didn't|did not) (call|request|ask for) (you|any|a|this)\b/i, what: 'the caller did not ask for the call' },
  {
    pattern:
      /\b(i'm|i am|this is \w+|calling) (calling )?(from|with) [^.?!]{0,40}\b(agency|marketing|leasing|solutions|software|media|seo|advertising|capital|financing|lead gen\w*)\b|\bwe help (local )?(businesses|contractors|companies|plumbers|electricians|hvac)\b|\b(a quick demo|ten minute demo|partnership opportunity|business loan|merchant services)\b|\bwho (handles|is in charge of|does) (your )?(marketing|advertising|purchasing|payroll)\b/i,
    what: 'a sales call, not a customer',
  },
];

const CANCELLATION: readonly Rule[] = [
  {
    pattern:
      /\bcancel+(ing)? (my|the|our|that|this)( \w+)? (appointment|visit|service call|booking|inspection|tune-?up|install(ation)?)\b/i,
    what: 'asks to cancel an appointment',
  },
  { pattern: /\b(need|want|have|like) to cancel\b/i, what: 'asks to cancel' },
  {
    pattern:
      /(?<!\b(don't|do not|not) )\b(call(ing)? off|cancel+(ing)?)\b[^.?!]{0,30}\b(visit|appointment|booking|service( call)?|tune-?up|inspection|estimate|tech\w*|plumber|electrician)\b/i,
    what: 'asks to call off a visit',
  },
  {
    pattern:
      /\b(don't|do not|no longer|won't|will not) (be )?need(ing)? (the|that|my|our) (appointment|visit|technician|tech|plumber|electrician)\b/i,
    what: 'no longer needs the visit',
  },
  {
    pattern:
      /(?<!\b(don't|do not|not|no need to) )\bcancel+(ing)? (it|that|this|(this |next |on )?(monday|tuesday|wednesday|thursday|friday|saturday|sunday|tomorrow)('s)?)\b/i,
    what: "asks to cancel a day's visit",
  },
  {
    pattern: /\b(take|cross) (me|us|it|that|our \w+|my \w+) off (the|your) (calendar|schedule|books|list)\b/i,
    what: 'asks to be taken off the schedule',
  },
  {
    pattern:
      /\b(went|decided to go|we're going|we are going) with (someone|somebody|another|a different|a cheaper|the other) ?(else|company|contractor|plumber|electrician|guy|one)?\b|\b(found|hired|got) (someone|somebody) else\b/i,
    what: 'went with someone else',
  },
  { pattern: /\bcancelar (mi|la|nuestra) (cita|visita)\b|\bquiero cancelar\b/i, what: 'asks to cancel an appointment (Spanish)' },
];

const RESCHEDULE: readonly Rule[] = [
  { pattern: /\breschedul(e|ing)\b/i, what: 'asks to reschedule' },
  {
    pattern: /\b(move|change|push|switch|bump) (my|the|our|that)( \w+)? (appointment|visit|booking)\b/i,
    what: 'asks to move an appointment',
  },
  { pattern: /\b(move|push|bump) it (back|up|to)\b/i, what: 'asks to move an appointment' },
  { pattern: /\b(cambiar|mover|reprogramar) (mi|la) (cita|visita)\b|\breprogramar\b/i, what: 'asks to move an appointment (Spanish)' },
];

const COMPLAINT: readonly Rule[] = [
  { pattern: /\b(complain|complaint|queja)\b/i, what: 'a complaint' },
  {
    pattern:
      /\b(not happy|unhappy|disappointed|terrible|awful|horrible|unacceptable|ridiculous|rude|unprofessional|fed up|(frustrated|upset|annoyed|angry|furious) (with|at|about) (you|your|the (service|company|tech\w*|plumber|electrician|crew|work|job))|molest[oa] con|enojad[oa] con)\b/i,
    what: 'dissatisfaction',
  },
  {
    pattern:
      /\b(worse|same (noise|sound|problem|issue|leak|smell|thing)|again|still)\b[^.?!]{0,60}\b(you|your (\w+ )?(guy|guys|tech\w*|plumber|electrician|crew|team|company)|he|she|they) (installed|fixed|repaired|replaced|worked on|touched|serviced|came|was here|were here)\b|\b(you|your (\w+ )?(guy|guys|tech\w*|plumber|electrician|crew|team|company)) (installed|fixed|repaired|replaced|worked on|serviced)\b[^.?!]{0,60}\b(worse|same (noise|sound|problem|issue|leak|smell|thing)|again|still)\b|\b(didn't (even )?finish|never finished|left (it|the job) (half[- ]done|unfinished))\b/i,
    what: 'work that did not hold',
  },
  {
    pattern:
      /\b(charged|billed|paid) (me |us )?for (a|an|the|some)\b[^.?!]{0,40}\b(never|wasn't|weren't|not|didn't)\b|\b(charged|billed) (me |us )?(too much|extra|double)\b/i,
    what: 'a billing dispute',
  },
  {
    pattern:
      /\b(no one|nobody|no-one) (ever )?(came|showed|called|arrived|turned up)\b|\bwaited (all day|all morning|all afternoon|from \d)/i,
    what: 'a missed visit',
  },
  {
    pattern: /\b(bill|invoice|charges?|charged)\b[^.?!]{0,60}\b(wrong|not right|too (much|high)|mistake|error)\b|\bthat's not right\b/i,
    what: 'a billing dispute',
  },
  { pattern: /\b(showed up|arrived|came|got here)\b[^.?!]{0,25}\blate\b/i, what: 'a late visit' },
  {
    pattern:
      /\b(still (drips|leaks|trips|runs|leaking)|(second|third|fourth|fifth) time\b|(after|since) (you|your \w+) (fixed|repaired|worked on|installed|replaced))/i,
    what: 'a repair that did not hold',
  },
  { pattern: /\b(tracked|left|got) (mud|dirt|muck|grease|a mess)\b/i, what: 'damage left behind' },
  { pattern: /\b(overcharg\w*|charged (me )?twice|double[- ]charged|refund|reembolso|cobraron de m[aá]s)\b/i, what: 'a billing dispute' },
  {
    pattern:
      /\b(still (leaking|broken|not working|doesn't work|does not work|dripping|running|tripping)|(didn't|did not|never) (got |get )?(fix|repair)(ed)?|same problem (again|as before)|sigue (goteando|fallando|sin funcionar))\b/i,
    what: 'a repair that did not hold',
  },
  {
    pattern: /\b(never showed( up)?|no[- ]show|stood (me|us) up|nobody (came|showed)|no (vino|lleg[oó]) nadie)\b/i,
    what: 'a missed visit',
  },
  { pattern: /\b(mess|damage[ds]?|scratched|broke (my|our)|dejaron un desastre)\b/i, what: 'damage left behind' },
];

const ESCALATION =
  /\b(manager|supervisor|owner|lawyer|attorney|better business bureau|bbb|bad review|review online|(one|1|zero)[- ]star|(leave|leaving|write|writing|post|posting) (a |an )?(\w+ )?review|(whoever|someone|somebody|person) (is )?in charge|your boss|gerente|abogado|encargado)\b/i;

const VISIT: readonly Rule[] = [
  {
    pattern:
      /\b(schedule|book|set up|make|get) (an |a |the )?(appointment|visit|service call|estimate|inspection|tune-?up|cleaning|install(ation)?|time)\b/i,
    what: 'asks for an appointment',
  },
  {
    pattern: /\b(send|get) (me )?(someone|somebody|a tech(nician)?|a plumber|an electrician|a guy|one of your (guys|techs))\b/i,
    what: 'asks for someone to be sent',
  },
  {
    pattern:
      /\b(can|could|would) (you|someone|somebody|a tech(nician)?|a plumber|an electrician|one of your (guys|techs)) (come|stop|swing|get)( out| by| over| here| take a look| look)?\b/i,
    what: 'asks for a visit',
  },
  {
    pattern:
      /\b(can|could|would) (you|y'all|someone|somebody|a tech\w*|a plumber|an electrician|one of your \w+)( guys| all| folks)? (please )?(take|have) a (look|peek|gander)\b/i,
    what: 'asks for a look at the problem',
  },
  {
    pattern:
      /\b(need|want|get) (someone|somebody|a tech\w*|a plumber|an electrician) (today|tonight|now|asap|right away|as soon as possible|this (morning|afternoon|evening|week))\b/i,
    what: 'asks for someone to be sent',
  },
  { pattern: /\b(come|stop|swing) (out|by|over) (and|to) (take a look|look|check|fix|see)\b/i, what: 'asks for a visit' },
  {
    pattern:
      /\b(need|want|like|get)\b[^.?!]{0,40}\b(looked at|checked( out)?|serviced|fixed|repaired|installed|replaced|inspected|cleaned|tuned[ -]?up|looked over|put in|hung|swapped( out)?|taken care of|hooked up|mounted|wired)\b/i,
    what: 'asks for work on the house',
  },
  {
    pattern:
      /\b(someone|somebody|a tech\w*|a plumber|an electrician|you guys|one of your \w+)\b[^.?!]{0,25}\b(come|look|check|service|fix|repair|install|swing|stop by|head)\b/i,
    what: 'asks for a visit',
  },
  {
    pattern: /\b(any ?time|whenever)\b[^.?!]{0,30}\b(works|is fine|you have|you've got|you can|an opening)\b/i,
    what: 'asks for a visit at any time',
  },
  {
    pattern: /\b(need|want|like) (someone|somebody|a tech(nician)?|a plumber|an electrician) (out|over|here|to (come|look|check|fix))\b/i,
    what: 'asks for a visit',
  },
  {
    pattern: /^\W*(i|we) (need|want|would like|'d like) (a|an|some|new|two|three) (new )?\w+/i,
    what: 'asks for work on the house',
  },
  {
    pattern: /\b(that|which|the) (\w+ )?(works|sounds good|is fine|is perfect)( for me)?\b|\bbook (it|me in|me)\b|\blet'?s do (that|it)\b/i,
    what: 'accepts a time offered',
  },
  {
    pattern:
      /\b(agendar|programar|hacer) (una )?(cita|visita)\b|\bpueden? venir\b|\bmand(ar|en) a alguien\b|\bnecesito (una cita|que vengan|un t[eé]cnico|un plomero|un electricista)\b|\bme sirve\b|\b(quiero|queremos|necesito|necesitamos) que (vengan|revisen|arreglen|chequen|miren|instalen|manden)\b/i,
    what: 'asks for a visit (Spanish)',
  },
];

const AGENT_CONFIRMS =
  /\b(you're (all )?(set|booked|scheduled)|i('ve| have) (booked|scheduled|got) you|i have you (down|booked|scheduled)|(booked|scheduled|confirmed) (you|your (appointment|visit))|we'll see you|the (technician|tech) will (be there|arrive|come)|queda (agendad|programad|confirmad)[oa]|lo esperamos|te esperamos)\b/i;

const PRICE =
  /\b(how much|what do you charge|price|pricing|quote|estimate over the phone|ballpark|cu[aá]nto cuesta|cu[aá]nto cobran|precio)\b/i;
const LEAVES =
  /\b(call (you )?back|think about it|shop(ping)? around|check with my (wife|husband|landlord|partner)|get (a few|other|some other) quotes|just (checking|wondering|curious)|not (right )?now|no thanks|lo voy a pensar|le(s)? llamo despu[eé]s)\b/i;

/** A caller turn is Spanish when it uses several of these words. */
const SPANISH_WORDS = /\b(hola|necesito|quiero|por favor|gracias|ma[ñn]ana|cita|tengo|puede|pueden|el|la|de|que|mi|una|est[aá]|s[ií])\b/gi;

/** Splits a turn into sentences, so evidence quotes a sentence rather than a whole monologue. */
function sentences(text: string): string[] {
  return text
    .split(/(?<=[.!?¿¡])\s+|\n+/)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

/**
 * Words that put a wish off ("at some point, not now") or ask what the business can do ("do you
 * have someone who installs..."): a visit said so is not asked for.
 */
const HEDGED =
  /^\W*(do|does|are|is there) (you|your|y'all|they)\b|\b(might|at some point|someday|some day|not (right )?now|thinking (about|of)|down the road|for later|just (wondering|curious|checking))\b/i;

function match(rules: readonly Rule[], lines: readonly string[]): Finding | null {
  const evidence: string[] = [];
  const whats: string[] = [];
  for (const line of lines) {
    for (const rule of rules) {
      if (rule.pattern.test(line)) {
        if (!evidence.includes(line)) evidence.push(line);
        if (!whats.includes(rule.what)) whats.push(rule.what);
      }
    }
  }
  return evidence.length === 0 ? null : { reason: whats.join('; '), evidence: evidence.slice(0, 3) };
}

/**
 * The assistant's own triage: it was told what the business treats as an emergency, so "I'm
 * flagging this as urgent", "our on-call plumber" or "please leave the house" is one even when the
 * caller's words name no hazard the rules know.
 */
const ASSISTANT_TRIAGE =
  /\b((flag|mark|treat|escalat|send|prioritiz|handl|log)\w* (this|it|your (call|request)) (as )?(an? )?(urgent|emergency|priority)|as an? (emergency|priority)( call| request| visit)?\b|emergency (dispatch|crew|team|call-?out|tech\w*|plumber|electrician)|on-?call (tech\w*|plumber|electrician|team|crew|staff|person)|(leave|get out of) the (house|home|building)|call 911|lo marco como (urgente|emergencia))\b/i;

/** A question ("is this an emergency?") or a price ("emergency calls are $150") is no triage. */
const NOT_TRIAGE = /\?\s*$|\$\s?\d|\b(dollars|costs?|charge[sd]?|fee|rate|price)\b/i;

function triagedByAssistant(agent: readonly string[]): Hazard | null {
  const line = agent.find((l) => ASSISTANT_TRIAGE.test(l) && !NOT_TRIAGE.test(l));
  return line
    ? { hazard: 'the assistant treated it as an emergency', reason: 'the assistant treated it as an emergency', evidence: [line] }
    : null;
}

function complaintOf(caller: readonly string[]): TranscriptReading['complaint'] {
  const complaintFound = match(COMPLAINT, caller);
  const escalationLine = caller.find((l) => ESCALATION.test(l));
  return complaintFound
    ? {
        ...complaintFound,
        escalation: escalationLine !== undefined,
        evidence:
          escalationLine && !complaintFound.evidence.includes(escalationLine)
            ? [...complaintFound.evidence, escalationLine].slice(0, 3)
            : complaintFound.evidence,
        reason: escalationLine ? `${complaintFound.reason}; asks for a manager or threatens escalation` : complaintFound.reason,
      }
    : null;
}

/** Wishes for work that alone do not ask for a visit when the caller is shopping for a price. */
const WEAK_VISIT = new Set(['asks for work on the house', 'asks for a visit at any time']);

/** A visit the caller asked for (not hedged, not only priced) or the assistant confirmed. */
function visitOf(caller: readonly string[], agent: readonly string[]): { visit: Finding | null; confirmation: string | null } {
  const found = match(
    VISIT,
    caller.filter((l) => !HEDGED.test(l)),
  );
  const onlyWeak = found?.reason.split('; ').every((what) => WEAK_VISIT.has(what));
  const asked = onlyWeak && caller.some((l) => PRICE.test(l)) ? null : found;
  const confirmedLine = agent.filter((l) => AGENT_CONFIRMS.test(l)).at(-1);
  const declined = caller.some((l) => LEAVES.test(l));
  let visit: Finding | null = null;
  if (confirmedLine) {
    const because = asked ? `; the caller ${asked.reason}` : '';
    visit = { reason: `the assistant confirmed a booking${because}`, evidence: [...(asked?.evidence.slice(0, 2) ?? []), confirmedLine] };
  } else if (asked && !declined) {
    visit = asked;
  }
  return { visit, confirmation: confirmedLine ?? null };
}

/** Reads the kind of call from its turns (or, without turns, from the whole text as the caller's). */
export function readTranscript(turns: readonly TranscriptTurn[], transcript: string, endedReason: string | null): TranscriptReading {
  const callerTurns = turns.filter((t) => t.speaker === 'customer');
  const agentTurns = turns.filter((t) => t.speaker === 'agent');
  const caller = (turns.length > 0 ? callerTurns.map((t) => t.text) : [transcript]).flatMap(sentences);
  const agent = agentTurns.map((t) => t.text).flatMap(sentences);

  const spanishHits = caller.join(' ').match(SPANISH_WORDS)?.length ?? 0;
  const spanish = spanishHits >= 4 && spanishHits / Math.max(1, caller.join(' ').split(/\s+/).length) > 0.15;

  const byEnd = endedReason && /voicemail/i.test(endedReason) ? { reason: `the call ended as "${endedReason}"`, evidence: [] } : null;
  const voicemail = byEnd ?? (caller.length <= 4 ? match(VOICEMAIL, caller) : null);
  const wrongNumber = match(WRONG_NUMBER, caller);
  const cancellation = match(CANCELLATION, caller);
  const reschedule = match(RESCHEDULE, caller);
  const emergency = hazardOf(caller) ?? triagedByAssistant(agent);
  const complaint = complaintOf(caller);
  const { visit, confirmation } = visitOf(caller, agent);
  const priceLine = caller.find((l) => PRICE.test(l));
  const priceOnly =
    priceLine && !visit
      ? { reason: 'asked about prices without booking', evidence: [priceLine, ...caller.filter((l) => LEAVES.test(l)).slice(0, 1)] }
      : null;

  return {
    confirmation,
    voicemail,
    wrongNumber,
    cancellation,
    reschedule,
    emergency,
    complaint,
    visit,
    priceOnly,
    spanish,
  };
}
