import type { Team } from '#shared/domain/tenancy';
import { lazy } from '#shared/lazy';
import type { NormalizedCall } from './call-report';

/**
 * chrono-node and luxon (about 115 KB) read the requested time; they are loaded with the first
 * report that shows booking intent, not at cold start (docs/adr/0119-cold-start-build-only-what-requests-need.md).
 */
const requestedTime = lazy(() => import('./requested-time'));

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
    readonly category: 'urgent_request' | 'complaint' | 'escalation' | 'negative_experience';
    readonly subject: string;
    readonly reason: string;
  };
  readonly decisions: readonly { readonly decision: 'appointment' | 'ticket' | 'no_action'; readonly reason: string }[];
}

/** A port, so a model-backed responder can replace the deterministic one. */
export interface Responder {
  decide(call: NormalizedCall, team: Team, callTime: Date): Promise<ResponderDecision>;
}

const STANDARD_URGENCIES = new Set(['', 'low', 'normal', 'standard', 'routine', 'none']);
const URGENT = new Set(['emergency', 'critical', 'urgent', 'immediate']);
const NEGATIVE = /\b(negative|very[_ -]?negative|angry|frustrated|upset|dissatisfied)\b/i;
const COMPLAINT = /complain|refund|dispute|damage|unhappy|bad service/i;
const ESCALATION = /escalat|manager|supervisor|legal|lawyer|cancel/i;

/**
 * The default responder, deterministic and documented (README: AI responder):
 * - bookingIntent true → an appointment: `scheduled` at the time the transcript names (read in the
 *   team's zone, relative to the call), else `requested` (with the preferred day when one is named);
 * - urgency above standard, a negative sentiment, or a complaint/escalation reason → a support
 *   ticket; priority urgent for emergency-level urgency, high for other raised urgency or an
 *   escalation, normal otherwise;
 * - otherwise no action.
 */
export class RuleBasedResponder implements Responder {
  async decide(call: NormalizedCall, team: Team, callTime: Date): Promise<ResponderDecision> {
    const decisions: { decision: 'appointment' | 'ticket' | 'no_action'; reason: string }[] = [];
    const urgency = (call.analysis.urgency ?? 'standard').trim().toLowerCase();
    const reasonText = call.analysis.callReason ?? '';
    let appointment: ResponderDecision['appointment'] = null;
    if (call.analysis.bookingIntent === true) {
      const requested = (await requestedTime()).findRequestedTime(call.transcript, team.timezone, callTime);
      const reason = requested?.at
        ? `booking intent; the transcript names "${requested.phrase}" (${team.timezone})`
        : requested
          ? `booking intent; the transcript names the day "${requested.phrase}" but no time, so the slot is to be scheduled`
          : 'booking intent; the transcript names no time, so the slot is to be scheduled';
      appointment = {
        status: requested?.at ? 'scheduled' : 'requested',
        scheduledFor: requested?.at ?? null,
        preferredDate: requested?.date ?? null,
        service: call.analysis.callReason,
        urgency,
        reason,
      };
      decisions.push({ decision: 'appointment', reason });
    }

    let ticket: ResponderDecision['ticket'] = null;
    const raisedUrgency = !STANDARD_URGENCIES.has(urgency);
    const negative = NEGATIVE.test(call.analysis.sentiment ?? '');
    const complaint = COMPLAINT.test(reasonText);
    const escalation = ESCALATION.test(reasonText);
    if (raisedUrgency || negative || complaint || escalation) {
      const why = [
        raisedUrgency ? `urgency "${urgency}" is above standard` : null,
        negative ? `sentiment "${call.analysis.sentiment}" is negative` : null,
        complaint ? `call reason "${reasonText}" is a complaint` : null,
        escalation ? `call reason "${reasonText}" asks for escalation` : null,
      ]
        .filter(Boolean)
        .join('; ');
      const priority = URGENT.has(urgency) ? 'urgent' : raisedUrgency || escalation ? 'high' : 'normal';
      const category = raisedUrgency ? 'urgent_request' : escalation ? 'escalation' : complaint ? 'complaint' : 'negative_experience';
      ticket = { priority, category, subject: (call.summary ?? reasonText) || 'Call needs follow-up', reason: why };
      decisions.push({ decision: 'ticket', reason: why });
    }
    if (decisions.length === 0)
      decisions.push({ decision: 'no_action', reason: 'no booking intent, standard urgency, no negative sentiment or complaint' });
    return { appointment, ticket, decisions };
  }
}
