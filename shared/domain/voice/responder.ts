import type { Team } from '#shared/domain/tenancy';
import { lazy } from '#shared/lazy';
import type { CallAnalysis } from './analysis';
import type { NormalizedCall } from './call-report';
import { ACCEPTS_OFFER } from './intent-rules-data';
import type { WeeklyHours } from './requested-time';
import { SENDS_SOMEONE } from './settling-words';
import { asWritten } from './spoken-text';
import { readTranscript, type TranscriptReading } from './transcript-reading';

/**
 * chrono-node and luxon (about 115 KB) read the requested time; they are loaded with the first
 * report that asks for a visit, not at cold start (docs/adr/0119-cold-start-build-only-what-requests-need.md).
 */
const requestedTime = lazy(() => import('./requested-time'));
const conversationTimes = lazy(() => import('./conversation-times'));
/** The learned urgency model (about 20 KB of weights), loaded with the first call the rules find no emergency in. */
const learnedModel = lazy(() => import('./learned-model'));

/**
 * An emergency: the hazard the rules read, else the learned model's when it is sure; none on a
 * voicemail, a wrong number, or where the provider's analysis gave an urgency.
 */
async function emergencyOf(reading: TranscriptReading, analysis: CallAnalysis): Promise<TranscriptReading['emergency']> {
  if (reading.voicemail || reading.wrongNumber || analysis.urgency !== null) return null;
  if (reading.emergency) return reading.emergency;
  const learned = (await learnedModel()).learnedEmergency(reading.caller);
  return learned ? { hazard: learned.reason, reason: learned.reason, evidence: learned.evidence } : null;
}

/** The time a call settles on, with how: turn by turn when the call has turns, else from its whole text. */
interface SettledTime {
  readonly at: string | null;
  readonly date: string;
  readonly phrase: string;
  /** Both sides took the time (offered and accepted, asked and agreed, or confirmed). */
  readonly settled: boolean;
  readonly reason: string | null;
  readonly evidence: readonly string[];
}

async function settledTime(call: NormalizedCall, team: Team, callTime: Date, reading: TranscriptReading): Promise<SettledTime | null> {
  if (call.turns.length > 0) {
    const turns = await conversationTimes();
    return turns.agreedTimeOfTurns(call.turns, team.timezone, callTime, reading.spanish);
  }
  const times = await requestedTime();
  const text = asWritten(conversationOf(call));
  // "I'm sending a plumber, he'll be there at 12:45": someone sent goes today, as in the turn reading.
  const found = times.findAgreedTime(text, reading.confirmation, team.timezone, callTime, reading.spanish, SENDS_SOMEONE.test(text));
  return found ? { ...found, settled: found.at !== null, reason: null, evidence: [] } : null;
}

/** What the AI responder decided about a call, each decision with the reason an operator reads. */
export interface ResponderDecision {
  readonly appointment: null | {
    readonly status: 'scheduled' | 'requested';
    /** The agreed instant (scheduled), null when the customer still has to be given a slot. */
    readonly scheduledFor: string | null;
    readonly preferredDate: string | null;
    readonly service: string | null;
    readonly urgency: string;
    readonly reason: string;
  };
  readonly ticket: null | {
    readonly priority: 'low' | 'normal' | 'high' | 'urgent';
    readonly category: TicketCategory;
    readonly subject: string;
    readonly reason: string;
  };
  readonly decisions: readonly Decision[];
}

export type TicketCategory = 'urgent_request' | 'complaint' | 'escalation' | 'negative_experience' | 'cancellation';

export interface Decision {
  readonly decision: 'appointment' | 'ticket' | 'no_action';
  readonly reason: string;
  /** The words of the call the decision rests on, quoted (absent when it rests on the analysis alone). */
  readonly evidence?: readonly string[];
}

/** What the responder knows of the team beyond the call: its scheduler's opening hours, when it has one. */
export interface ResponderContext {
  readonly hours?: WeeklyHours | null;
}

/** A port, so a model-backed responder can replace the deterministic one. */
export interface Responder {
  decide(call: NormalizedCall, team: Team, callTime: Date, context?: ResponderContext): Promise<ResponderDecision>;
}

const STANDARD_URGENCIES = new Set(['low', 'standard']);
const NEGATIVE = /\b(negative|very[_ -]?negative|angry|frustrated|upset|dissatisfied)\b/i;
const COMPLAINT = /complain|refund|dispute|damage|unhappy|bad service/i;
const ESCALATION = /escalat|manager|supervisor|legal|lawyer|cancel/i;

/** The conversation as one text, in order; the caller's and the assistant's words alike. */
function conversationOf(call: NormalizedCall): string {
  return call.turns.length > 0 ? call.turns.map((t) => t.text).join('\n') : call.transcript;
}

/** Whether a visit is wanted, and why: the analysis when it says, else the transcript. */
function visitWanted(
  analysis: CallAnalysis,
  reading: TranscriptReading,
): { reason: string; evidence: string[]; reschedule: boolean } | null {
  if (analysis.bookingIntent === true)
    return { reason: 'the analysis reports booking intent', evidence: [], reschedule: reading.reschedule !== null };
  if (analysis.bookingIntent === false) return null;
  if (reading.voicemail || reading.wrongNumber) return null;
  if (reading.reschedule) {
    return {
      reason: `reschedule of an existing appointment (the caller ${reading.reschedule.reason})`,
      evidence: reading.reschedule.evidence,
      reschedule: true,
    };
  }
  if (reading.cancellation) return null;
  if (reading.visit) {
    const reason = reading.visit.reason.startsWith('the assistant') ? reading.visit.reason : `the caller ${reading.visit.reason}`;
    return { reason, evidence: reading.visit.evidence, reschedule: false };
  }
  return null;
}

/**
 * The default responder, deterministic and documented (docs/voice-responder.md). The provider's
 * analysis decides where it says (bookingIntent, urgency, sentiment, call reason); where it is
 * silent, the transcript does (transcript-reading.ts): a visit asked for or confirmed, a
 * reschedule, an emergency (gas, flooding, sewage, sparks, CO, no heat in the cold), a complaint,
 * a cancellation; voicemails and wrong numbers are left alone.
 * - a visit → an appointment, `scheduled` at the time the conversation settles on (read in the
 *   team's zone, inside the scheduler's hours when the team has one), else `requested` with the
 *   day when one was named;
 * - raised urgency, an emergency, a negative sentiment, a complaint, an escalation or a
 *   cancellation → a support ticket (urgent for an emergency, high for other raised urgency or an
 *   escalation, else normal);
 * - otherwise no action, with the reason.
 */
export class RuleBasedResponder implements Responder {
  async decide(call: NormalizedCall, team: Team, callTime: Date, context: ResponderContext = {}): Promise<ResponderDecision> {
    const decisions: Decision[] = [];
    const reading = readTranscript(call.turns, call.transcript, call.endedReason);
    const analysis = call.analysis;
    // The transcript speaks for each analysis member the provider left out, never against one it gave.
    const emergency = await emergencyOf(reading, analysis);
    const urgency = analysis.urgency ?? (emergency ? 'emergency' : 'standard');

    const wanted = visitWanted(analysis, reading);
    const listens = wanted !== null || (analysis.bookingIntent === null && !reading.voicemail && !reading.wrongNumber);
    const agreed = listens ? await settledTime(call, team, callTime, reading) : null;
    // "Cancel Wednesday. Actually, put me in Saturday at 9 instead.": a cancellation and a new time both sides settle is a reschedule.
    const rebooked = reading.cancellation !== null && wanted === null && agreed?.settled === true && agreed.at !== null;
    // "Yes, that works" to a reminder of a booking already made takes nothing the turns put on the table.
    const acceptedNothing = analysis.bookingIntent === null && reading.visit?.reason === ACCEPTS_OFFER && !agreed?.settled;
    const visit =
      (acceptedNothing ? null : wanted) ??
      (agreed?.settled
        ? {
            reason: `${rebooked ? 'the caller canceled a visit and ' : 'the customer '}took ${agreed.at ? 'a time' : 'a day'} (${agreed.reason ?? agreed.phrase})`,
            evidence: [...agreed.evidence],
            reschedule: rebooked,
          }
        : null);
    let appointment: ResponderDecision['appointment'] = null;
    if (visit) {
      const times = await requestedTime();
      const closed = agreed?.at && context.hours ? times.outsideHours(agreed.at, team.timezone, context.hours) : null;
      appointment = appointmentOf(visit.reason, agreed, closed, analysis.callReason, urgency, team.timezone);
      const evidence = evidenceOf(visit.evidence, agreed);
      decisions.push({ decision: 'appointment', reason: appointment.reason, ...(evidence.length > 0 ? { evidence } : {}) });
    }

    const ticket = ticketFor(call, reading, emergency, rebooked);
    if (ticket) decisions.push(ticket.decision);
    if (decisions.length === 0) decisions.push(noAction(reading));
    return { appointment, ticket: ticket?.ticket ?? null, decisions };
  }
}

function appointmentOf(
  why: string,
  agreed: SettledTime | null,
  closed: string | null,
  service: string | null,
  urgency: string,
  timezone: string,
): NonNullable<ResponderDecision['appointment']> {
  const how = agreed?.reason ? ` (${agreed.reason})` : '';
  const when = agreed?.at
    ? closed
      ? `; "${agreed.phrase}" was named but ${closed}, so the slot is to be scheduled`
      : `; the call settles on "${agreed.phrase}" (${timezone})${how}`
    : agreed
      ? `; the call names the day "${agreed.phrase}" but settles no time, so the slot is to be scheduled`
      : '; the call names no time, so the slot is to be scheduled';
  const scheduled = agreed?.at && !closed ? agreed.at : null;
  return {
    status: scheduled ? 'scheduled' : 'requested',
    scheduledFor: scheduled,
    preferredDate: agreed?.date ?? null,
    service,
    urgency,
    reason: `${why}${when}`,
  };
}

/** The visit's words and the turns the time rests on, each once, the time's phrase quoted where no turn holds it. */
function evidenceOf(visit: readonly string[], agreed: SettledTime | null): string[] {
  const quotes = [...visit];
  for (const quote of agreed?.evidence ?? []) if (!quotes.includes(quote)) quotes.push(quote);
  if (agreed && !quotes.some((q) => q.includes(agreed.phrase))) quotes.push(agreed.phrase);
  return quotes;
}

function ticketFor(
  call: NormalizedCall,
  reading: TranscriptReading,
  emergency: TranscriptReading['emergency'],
  rebooked: boolean,
): { ticket: NonNullable<ResponderDecision['ticket']>; decision: Decision } | null {
  const analysis = call.analysis;
  const reasonText = analysis.callReason ?? '';
  const urgency = analysis.urgency;
  const raisedUrgency = urgency !== null && !STANDARD_URGENCIES.has(urgency);
  const negative = NEGATIVE.test(analysis.sentiment ?? '');
  const complaintReason = COMPLAINT.test(reasonText);
  const escalationReason = ESCALATION.test(reasonText);
  const silenced = reading.voicemail !== null || reading.wrongNumber !== null;
  const complaint = silenced || analysis.sentiment !== null ? null : reading.complaint;
  const cancellation = silenced || reading.reschedule || rebooked || analysis.bookingIntent !== null ? null : reading.cancellation;
  const why = [
    raisedUrgency ? `urgency "${urgency}" is above standard` : null,
    emergency ? `emergency: ${emergency.hazard}` : null,
    negative ? `sentiment "${analysis.sentiment}" is negative` : null,
    complaintReason ? `call reason "${reasonText}" is a complaint` : null,
    escalationReason ? `call reason "${reasonText}" asks for escalation` : null,
    complaint ? `the caller voices ${complaint.reason}` : null,
    cancellation ? `the caller ${cancellation.reason}: staff release the appointment` : null,
  ].filter((w): w is string => w !== null);
  if (why.length === 0) return null;
  const escalation = escalationReason || complaint?.escalation === true;
  const priority = urgency === 'emergency' || emergency ? 'urgent' : raisedUrgency || escalation ? 'high' : 'normal';
  const category: TicketCategory =
    raisedUrgency || emergency
      ? 'urgent_request'
      : escalation
        ? 'escalation'
        : complaintReason || complaint
          ? 'complaint'
          : negative
            ? 'negative_experience'
            : 'cancellation';
  const evidence = [...(emergency?.evidence ?? []), ...(complaint?.evidence ?? []), ...(cancellation?.evidence ?? [])].slice(0, 4);
  const fallbackSubject = emergency
    ? `Emergency: ${emergency.hazard}`
    : complaint
      ? `Complaint: ${complaint.reason}`
      : cancellation
        ? 'Appointment cancellation'
        : 'Call needs follow-up';
  const reason = why.join('; ');
  return {
    ticket: { priority, category, subject: (call.summary ?? reasonText) || fallbackSubject, reason },
    decision: { decision: 'ticket', reason, ...(evidence.length > 0 ? { evidence } : {}) },
  };
}

function noAction(reading: TranscriptReading): Decision {
  const finding = reading.voicemail
    ? { reason: `voicemail (${reading.voicemail.reason}): nobody to answer`, evidence: reading.voicemail.evidence }
    : reading.wrongNumber
      ? { reason: `wrong number (${reading.wrongNumber.reason})`, evidence: reading.wrongNumber.evidence }
      : reading.priceOnly
        ? { reason: `price inquiry: the caller ${reading.priceOnly.reason}`, evidence: reading.priceOnly.evidence }
        : null;
  if (finding)
    return { decision: 'no_action', reason: finding.reason, ...(finding.evidence.length > 0 ? { evidence: finding.evidence } : {}) };
  return { decision: 'no_action', reason: 'no booking intent, standard urgency, no emergency, complaint or cancellation in the call' };
}
