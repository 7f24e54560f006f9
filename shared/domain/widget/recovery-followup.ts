import type { AppointmentTextDependencies } from '#shared/domain/appointment-texts/send-appointment-text';
import { sendAppointmentText } from '#shared/domain/appointment-texts/send-appointment-text';
import type { Delivery } from '#shared/domain/claims';
import { dispatchOutreach, type OutreachDispatchDependencies } from '#shared/domain/intake/dispatch-outreach';
import type { RecoveryChannel, SessionRecord } from '#shared/domain/sessions';
import { countSegments } from '#shared/domain/sms/segments';
import { capOf, holdCapSlot, sendPolicy, sendTimeFor } from '#shared/domain/sms-campaigns/campaign-schedule';
import type { MessagingConfig } from '#shared/domain/sms-campaigns/messaging-config';
import type { Team } from '#shared/domain/tenancy';
import type { AppointmentTextKey } from '#shared/ports/appointment-text-store';
import type { IntakeStore } from '#shared/ports/intake-store';
import type { OneTimeScheduler } from '#shared/ports/scheduler';
import type { CampaignStore } from '#shared/ports/sms-campaign-store';
import type { StoredWidgetSession, WidgetSessionRef, WidgetSessionStore } from '#shared/ports/widget-session-store';
import { refMessage } from './followup-messages';
import { type ResumeLinks, resumeUrl } from './resume-token';

/**
 * Booking recovery, its follow-up half: the `recovery` message the outbox publisher derives from
 * a session's `widget_session.recovery_due` event (recovery.ts), handled by the widget-followups
 * worker. Each delivery reads the session as it is: a booked session gets nothing (a text that
 * waited for its window ends `skipped`, the reason kept, so the feed does not show it waiting for
 * good). Then, by the mode planned at the drop-off:
 * - the text (text, both): a solicitation, so it waits for the customer's next allowed window
 *   under the calling-hours rules and the team's quiet hours (recorded `deferred` with send_at
 *   and rule, and a one-time schedule delivers the message again then, when everything is checked
 *   again), a frequency cap that leaves no slot skips it (`capped`, the reason kept), and it goes
 *   through the claim of the texts outside campaigns, one write with the suppression check, once
 *   per session whatever the redelivery;
 * - the call (call, both): the recovery lead's first outreach call, queued now or scheduled for the
 *   team's scheduling mode, as an intake lead's is; the outreach worker's claim places it once,
 *   and the worker, holding it, places nothing for a session booked meanwhile.
 * What went out is recorded on the session as `recovery_sent` with its channel, once per channel.
 */
export interface RecoveryFollowupDependencies extends OutreachDispatchDependencies {
  readonly sessions: WidgetSessionStore;
  readonly scheduler: OneTimeScheduler;
  readonly texts: AppointmentTextDependencies;
  readonly resumeLinks: Pick<ResumeLinks, 'tokenOf'>;
  /** The service's public origin, for the resume link. */
  readonly origin: () => Promise<string>;
  readonly team: (teamId: number) => Promise<Team | null>;
  readonly messagingConfig: (teamId: number) => Promise<MessagingConfig>;
  readonly caps: Pick<CampaignStore, 'getCampaign' | 'capLedgers' | 'updateCapLedger'>;
  readonly intake: Pick<IntakeStore, 'getLeadByStlCallId' | 'markOutreachDispatched'>;
}

export type RecoveryOutcome =
  | 'not_planned'
  | 'erased'
  | 'booked'
  | 'sent'
  | 'deferred'
  | 'capped'
  | 'suppressed'
  | 'failed'
  | 'unconfirmed'
  | 'already_handled'
  | 'call_dispatched'
  | 'call_under_way';

/** One recovery text per session: its occurrence on the text's record. */
const OCCURRENCE = 'drop_off';

/** The reason a deferred recovery text ends `skipped` with, on the outbound texts feed. */
export const BOOKED_MEANWHILE = 'booked: the session was booked before the text’s window opened; not texted';

/** The record of a session's recovery text (its exactly-once guard). */
function recoveryTextKey(session: SessionRecord): AppointmentTextKey {
  return { teamId: session.team_id, appointmentId: session.session_id, purpose: 'booking_recovery', occurrence: OCCURRENCE };
}

export async function followUpRecovery(
  deps: RecoveryFollowupDependencies,
  ref: WidgetSessionRef,
  delivery: Delivery,
  now: Date,
): Promise<RecoveryOutcome[]> {
  const stored = await deps.sessions.getSession(ref);
  const recovery = stored?.extras.recovery;
  if (!stored || !recovery) return ['not_planned'];
  // Booked before its recovery went out: nothing is sent, and a text that waited for its window ends skipped.
  if (stored.session.status === 'booked') {
    if (recovery.mode !== 'call') await deps.texts.texts.skipDeferred(recoveryTextKey(stored.session), BOOKED_MEANWHILE, now.toISOString());
    return ['booked'];
  }
  // The person was deleted on request after this message was queued (a recovery is only planned
  // for a session with a phone): nobody to text or call, and nothing to retry.
  if (stored.session.customer_info.phone === null) return ['erased'];
  const outcomes: RecoveryOutcome[] = [];
  if (recovery.mode === 'call' || recovery.mode === 'both') outcomes.push(await recoveryCall(deps, stored, now));
  if (recovery.mode === 'text' || recovery.mode === 'both') outcomes.push(await recoveryText(deps, stored, delivery, now));
  return outcomes;
}

async function recoveryCall(deps: RecoveryFollowupDependencies, stored: StoredWidgetSession, now: Date): Promise<RecoveryOutcome> {
  const stlCallId = stored.extras.stl_call_id;
  const lead = stlCallId === null ? null : await deps.intake.getLeadByStlCallId(stlCallId);
  const outreach = lead?.outreach;
  if (stlCallId === null || !outreach) throw new Error(`session ${stored.session.session_id}: its recovery lead has no outreach record`);
  if (outreach.dispatched !== false || !['queued', 'scheduled'].includes(outreach.status)) {
    await recordRecoverySent(deps.sessions, stored, 'call', now);
    return 'call_under_way';
  }
  const dueAt = new Date(Math.max(now.getTime(), Date.parse(outreach.due_at)));
  await dispatchOutreach(deps, { stl_call_id: stlCallId, attempt: 1 }, dueAt, now);
  await deps.intake.markOutreachDispatched(stlCallId);
  await recordRecoverySent(deps.sessions, stored, 'call', now);
  return 'call_dispatched';
}

/** "Summit Plumbing: you started booking Drain cleaning online. Pick up where you left off …". */
export function recoveryBody(businessName: string, service: string | null, url: string): string {
  const what = service ? `your ${service} visit` : 'a visit';
  return `${businessName}: you started booking ${what} online. Pick up where you left off (link valid 72 hours): ${url} Reply STOP to opt out.`;
}

async function recoveryText(
  deps: RecoveryFollowupDependencies,
  stored: StoredWidgetSession,
  delivery: Delivery,
  now: Date,
): Promise<RecoveryOutcome> {
  const { session } = stored;
  const recovery = stored.extras.recovery;
  const phone = session.customer_info.phone;
  const team = await deps.team(session.team_id);
  if (!recovery || !phone || !team) throw new Error(`session ${session.session_id}: no recovery, phone or team to text`);
  const ref = refOfSession(session);
  const token = await deps.resumeLinks.tokenOf(ref, recovery.resume);
  if (!token) throw new Error(`session ${session.session_id}: its resume link was sealed under another key`);
  const body = recoveryBody(team.name, session.issue_type, resumeUrl(await deps.origin(), ref, token));
  const key = recoveryTextKey(session);
  const policy = sendPolicy(team, await deps.messagingConfig(team.id), { campaign_type: 'marketing', respectQuietHours: true });
  const plan = sendTimeFor(phone, { ...policy, solicitation: true }, now);
  const unsent = { key, phone, body, segments: countSegments(body).segments, at: now.toISOString(), rule: plan.rule };
  if (plan.sendAt.getTime() > now.getTime()) {
    await deps.scheduler.scheduleMessage({
      name: `wrecover-${session.session_id}-${plan.sendAt.getTime()}`,
      at: plan.sendAt,
      queue: 'widget-followups',
      body: { kind: 'recovery', session: refMessage(session) },
    });
    await deps.texts.texts.recordUnsent({ ...unsent, status: 'deferred', sendAt: plan.sendAt.toISOString(), reason: null });
    return 'deferred';
  }
  // The last look before the cap and the send: a booking made while this delivery read the team,
  // its rules and the link still stops the text (what remains is the claim-to-send round trip).
  if ((await deps.sessions.getSession(ref))?.session.status === 'booked') return 'booked';
  const cap = capOf(phone, { ...policy, solicitation: true });
  if (cap) {
    const held = await holdCapSlot(deps.caps, { teamId: team.id, phone, campaignId: `recovery:${session.session_id}`, cap, now });
    if (!held.ok) {
      await deps.texts.texts.recordUnsent({ ...unsent, status: 'capped', sendAt: now.toISOString(), reason: held.reason });
      return 'capped';
    }
  }
  const result = await sendAppointmentText(
    deps.texts,
    {
      notice: { teamId: team.id, appointmentId: session.session_id, phone },
      purpose: 'booking_recovery',
      occurrence: OCCURRENCE,
      body,
      plan: { sendAt: now.toISOString(), rule: plan.rule },
    },
    delivery,
  );
  // A redelivery after the send finds it handled: the event is recorded then, if a crash cut it short.
  if (result.outcome === 'sent' || (result.outcome === 'already_handled' && result.status === 'sent')) {
    await recordRecoverySent(deps.sessions, stored, 'text', now);
  }
  return result.outcome;
}

function refOfSession(s: SessionRecord): WidgetSessionRef {
  return { teamId: s.team_id, schedulerId: s.scheduler_id, startedAt: s.started_at, sessionId: s.session_id };
}

/** Adds `recovery_sent` with its channel, once per channel, whatever else changed meanwhile. */
async function recordRecoverySent(
  sessions: WidgetSessionStore,
  first: StoredWidgetSession,
  channel: RecoveryChannel,
  now: Date,
): Promise<void> {
  let stored: StoredWidgetSession | null = first;
  for (let attempt = 0; attempt < 5 && stored; attempt++) {
    const { session } = stored;
    if (session.events.some((e) => e.event_type === 'recovery_sent' && e.channel === channel)) return;
    const events = [...session.events, { event_type: 'recovery_sent', created_at: now.toISOString(), channel }];
    if (await sessions.updateSession(stored, { ...session, events })) return;
    stored = await sessions.getSession(refOfSession(session));
  }
  throw new Error(`session ${first.session.session_id}: recovery_sent could not be recorded`);
}
