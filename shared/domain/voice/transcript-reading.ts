import { type Hazard, hazardOf } from './hazards';
import {
  AGENT_APOLOGY,
  AGENT_CONFIRMS,
  ASSISTANT_TRIAGE,
  BOOKING_ALREADY_MADE,
  CANCELLATION,
  COMPLAINT,
  ERRAND,
  ESCALATION,
  HEDGED,
  LEAVES,
  NAMED_WORK,
  NOT_TRIAGE,
  PERSISTS,
  PRICE,
  PRIOR_WORK,
  PUT_OFF,
  RESCHEDULE,
  type Rule,
  UPSET,
  VISIT,
  VOICEMAIL,
  WRONG_NUMBER,
} from './intent-rules-data';
import { AGENT_EXISTING } from './settling-words';
import { asWritten, sentencesOf } from './spoken-text';
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
  /** The caller's sentences, as read (for the learned model). */
  readonly caller: readonly string[];
}

/** A caller turn is Spanish when it uses several of these words; `\b` ends no word on an accent ("sí", "está"). */
const SPANISH_WORDS =
  /\b(hola|necesito|quiero|por favor|gracias|ma[ñn]ana|cita|tengo|puede|pueden|el|la|de|que|mi|una|est[aá]|s[ií])(?![\wáéíóúñ])/gi;

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

function triagedByAssistant(agent: readonly string[]): Hazard | null {
  const line = agent.find((l) => ASSISTANT_TRIAGE.test(l) && !NOT_TRIAGE.test(l));
  return line
    ? { hazard: 'the assistant treated it as an emergency', reason: 'the assistant treated it as an emergency', evidence: [line] }
    : null;
}

/**
 * Said across sentences, or as plain upset: a complaint when the caller asks for no visit ("You
 * installed it last week. It's leaking again."), and beside a visit only when the assistant owns
 * the fault ("it's leaking again, can you come?" alone is a repair asked for). The business's own
 * work with the fault owned is one too ("the tech who came Monday left the gate open" "I'm so sorry").
 */
function impliedComplaint(caller: readonly string[], agent: readonly string[], asksVisit: boolean): Finding | null {
  const owned = agent.find((l) => AGENT_APOLOGY.test(l));
  if (asksVisit && !owned) return null;
  const upset = caller.find((l) => UPSET.test(l));
  if (upset) return { reason: 'dissatisfaction', evidence: [upset] };
  const prior = caller.find((l) => PRIOR_WORK.test(l)) ?? (owned ? caller.find((l) => NAMED_WORK.test(l)) : undefined);
  const persists = caller.find((l) => PERSISTS.test(l) && !/\?\s*$/.test(l));
  if (prior && persists) return { reason: 'work that did not hold', evidence: [...new Set([prior, persists])] };
  return prior && owned ? { reason: "the business's work, its fault owned", evidence: [prior, owned] } : null;
}

function complaintOf(caller: readonly string[], agent: readonly string[], asksVisit: boolean): TranscriptReading['complaint'] {
  const complaintFound = match(COMPLAINT, caller) ?? impliedComplaint(caller, agent, asksVisit);
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

/**
 * A visit the caller asked for (not hedged, not only priced) or the assistant confirmed. A visit
 * named in a price question ("how much to have someone come out?") is the thing priced, not asked for.
 */
function visitOf(caller: readonly string[], agent: readonly string[]): { visit: Finding | null; confirmation: string | null } {
  const found = match(
    VISIT,
    caller.filter((l) => !HEDGED.test(l) && !PRICE.test(l)),
  );
  const onlyWeak = found?.reason.split('; ').every((what) => WEAK_VISIT.has(what));
  const asked = onlyWeak && caller.some((l) => PRICE.test(l)) ? null : found;
  // "Is my tech still coming?" "Yes, you're all set.": a booking already made, confirmed again, is
  // no new visit; nor is an errand on the account ("renew my membership" "You're booked in for a year").
  const aboutMade = !asked && caller.some((l) => BOOKING_ALREADY_MADE.test(l) || ERRAND.test(l));
  // A reminder ("a tech will be out Friday at 9") states a booking already made.
  const confirmedLine = aboutMade ? undefined : agent.filter((l) => AGENT_CONFIRMS.test(l) && !AGENT_EXISTING.test(l)).at(-1);
  // A time put off leaves the work asked for standing; declining the work, or a price only, asks nothing.
  const declined = caller.some((l) => LEAVES.test(l) && !(asked && PUT_OFF.test(l)));
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
  const caller = (turns.length > 0 ? callerTurns.map((t) => t.text) : [transcript]).map(asWritten).flatMap(sentencesOf);
  const agent = agentTurns.map((t) => asWritten(t.text)).flatMap(sentencesOf);

  const spanishHits = caller.join(' ').match(SPANISH_WORDS)?.length ?? 0;
  const spanish = spanishHits >= 4 && spanishHits / Math.max(1, caller.join(' ').split(/\s+/).length) > 0.15;

  const byEnd = endedReason && /voicemail/i.test(endedReason) ? { reason: `the call ended as "${endedReason}"`, evidence: [] } : null;
  const voicemail = byEnd ?? (caller.length <= 4 ? match(VOICEMAIL, caller) : null);
  const wrongNumber = match(WRONG_NUMBER, caller);
  // "I'll call back to reschedule", or "I need to reschedule Friday." ... "I'll call back when I know":
  // a new time put off leaves only the cancellation of the visit moved.
  const moving = match(RESCHEDULE, caller);
  const putOff = moving !== null && caller.some((l) => PUT_OFF.test(l));
  const reschedule = putOff ? null : moving;
  const cancellation =
    match(CANCELLATION, caller) ?? (putOff ? { ...moving, reason: 'asks to move a visit and puts the new time off' } : null);
  const emergency = hazardOf(caller) ?? triagedByAssistant(agent);
  const { visit, confirmation } = visitOf(caller, agent);
  const complaint = complaintOf(caller, agent, visit !== null);
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
    caller,
  };
}
