import { type CallingRule, capFor, firstSendTime, rulesFor, type SendTime, STATE_RULES, teamRule } from '#shared/domain/sms/calling-hours';
import { type Cap, type CapSlot, countedSlots, earliestFit, fitsCap, prune } from '#shared/domain/sms/frequency-cap';
import { candidateZones } from '#shared/domain/sms/quiet-hours';
import type { Team } from '#shared/domain/tenancy';
import type { CampaignStore, CampaignStoreWithoutChunks } from '#shared/ports/sms-campaign-store';
import type { CampaignPlan, PlannedRecipient } from './campaign-plan';
import type { CampaignRequest } from './campaign-request';
import type { MessagingConfig } from './messaging-config';
import { isSolicitation } from './solicitation';

/**
 * How a campaign's texts are timed and capped: the calling-hours rules that bind each recipient
 * (calling-hours.ts), the frequency caps across campaigns (frequency-cap.ts), and the sending rate
 * of the team's origination identity. Used by the planner (preflight and create) and the sender,
 * so both answer the same.
 */

export interface SendPolicy {
  readonly solicitation: boolean;
  readonly respectQuietHours: boolean;
  readonly teamWindow: { readonly start: number; readonly end: number };
  readonly teamZone: string;
}

export function sendPolicy(
  team: Team,
  config: MessagingConfig,
  campaign: { campaign_type: CampaignRequest['campaign_type']; respectQuietHours: boolean },
): SendPolicy {
  return {
    solicitation: isSolicitation(campaign.campaign_type, config.solicitation_overrides),
    respectQuietHours: campaign.respectQuietHours,
    teamWindow: { start: config.quiet_hours.start_hour, end: config.quiet_hours.end_hour },
    teamZone: team.timezone,
  };
}

/**
 * The rules binding a text: the team's quiet hours, and for a solicitation the federal rule and
 * the number's states'. `respect_quiet_hours: false` lifts every hour rule: the caller's explicit
 * choice (docs/adr/0061-quiet-hours-off-lifts-hours-not-caps.md); caps still bind.
 */
function bindingRules(phone: string, policy: SendPolicy): CallingRule[] {
  if (!policy.respectQuietHours) return [];
  return [teamRule(policy.teamWindow), ...(policy.solicitation ? rulesFor(phone) : [])];
}

/**
 * Answers already worked out, by rules, zones and instant: a campaign's recipients share a handful
 * of state and zone combinations and one start, and working one out in zoned time costs
 * milliseconds (10,000 recipients would take half a minute).
 */
const sendTimes = new Map<string, SendTime>();
const MAX_REMEMBERED_SEND_TIMES = 5_000;

export function sendTimeFor(phone: string, policy: SendPolicy, from: Date): SendTime {
  const rules = bindingRules(phone, policy);
  const zones = candidateZones(phone, policy.teamZone);
  const key = `${rules.map((r) => r.jurisdiction).join(',')}|${policy.teamWindow.start}-${policy.teamWindow.end}|${zones.join(',')}|${from.getTime()}`;
  let time = sendTimes.get(key);
  if (!time) {
    if (sendTimes.size >= MAX_REMEMBERED_SEND_TIMES) sendTimes.clear();
    time = firstSendTime(rules, zones, from);
    sendTimes.set(key, time);
  }
  return time;
}

/** The cap binding a solicitation to this number, or null. */
export function capOf(phone: string, policy: SendPolicy): Cap | null {
  return policy.solicitation ? capFor(rulesFor(phone)) : null;
}

const capReason = (cap: Cap) =>
  `${cap.jurisdiction} frequency cap: at most ${cap.messages} solicitations in ${cap.hours} hours (${STATE_RULES[cap.jurisdiction]?.source ?? cap.jurisdiction}), counting texts sent and texts other campaigns planned`;

/**
 * How long a create request may run (campaign-service.ts): a slot whose campaign is not stored
 * yet is counted for this long after it was reserved, so two campaigns created at once see
 * each other's reservations.
 */
const UNSTORED_SLOT_GRACE_MS = 30_000;

/** Whether the campaigns of ledger slots are still scheduled or sending (cached per call). */
function liveness(store: Pick<CampaignStore, 'getCampaign'>, now: number) {
  const statuses = new Map<string, boolean | 'missing'>();
  return {
    async load(slots: Iterable<CapSlot>) {
      const ids = [...new Set([...slots].map((s) => s.campaign_id))].filter((id) => !statuses.has(id));
      await Promise.all(
        ids.map(async (id) => {
          const c = await store.getCampaign(id);
          statuses.set(id, c ? c.status === 'scheduled' || c.status === 'sending' : 'missing');
        }),
      );
    },
    live(slot: CapSlot): boolean {
      const known = statuses.get(slot.campaign_id);
      // A slot that appeared after the statuses were read (a racing campaign) counts.
      if (known === undefined) return true;
      if (known !== 'missing') return known;
      // Not stored (yet): counted while its create request may still be running.
      return now - Date.parse(slot.reserved_at ?? slot.at) < UNSTORED_SLOT_GRACE_MS;
    },
  };
}

/**
 * Marks the recipients a frequency cap skips. `check` reads the ledgers (a preflight: nothing is
 * written); `reserve` takes a slot for every other capped-state recipient, each write conditioned
 * on the ledger's version (100 to a transaction), so of two campaigns racing for a number's last
 * slot exactly one gets it.
 */
export async function applyCaps(
  store: CampaignStoreWithoutChunks,
  input: { team: Team; plan: CampaignPlan; policy: SendPolicy; now: Date },
  mode: { kind: 'check' } | { kind: 'reserve'; campaignId: string },
): Promise<CampaignPlan> {
  const { team, plan, policy, now } = input;
  const nowMs = now.getTime();
  const eligible = plan.recipients.filter((r) => !r.suppressed && capOf(r.phone, policy));
  if (eligible.length === 0) return plan;
  const status = liveness(store, nowMs);
  const capped = new Map<string, string>();
  const at = (r: PlannedRecipient) => (r.sendAt ? Date.parse(r.sendAt) : nowMs);
  const ledgers = await store.capLedgers(
    team.id,
    eligible.map((r) => r.phone),
  );
  await status.load([...ledgers.values()].flatMap((l) => l.slots));
  if (mode.kind === 'check') {
    for (const r of eligible) {
      const cap = capOf(r.phone, policy) as Cap;
      const counted = countedSlots(ledgers.get(r.phone)?.slots ?? [], (s) => status.live(s), null);
      if (!fitsCap(counted, at(r), cap)) capped.set(r.phone, capReason(cap));
    }
  } else {
    const results = await store.updateCapLedgers(
      team.id,
      eligible.map((r) => {
        const cap = capOf(r.phone, policy) as Cap;
        return {
          phone: r.phone,
          known: ledgers.get(r.phone) ?? { slots: [], version: 0 },
          change: (slots: CapSlot[]) => {
            const counted = countedSlots(slots, (s) => status.live(s), mode.campaignId);
            if (!fitsCap(counted, at(r), cap)) return { slots: null, result: capReason(cap) };
            const own: CapSlot = {
              campaign_id: mode.campaignId,
              at: new Date(at(r)).toISOString(),
              sent: false,
              reserved_at: now.toISOString(),
            };
            return { slots: [...prune(slots, nowMs, cap).filter((s) => s.campaign_id !== mode.campaignId), own], result: null };
          },
        };
      }),
    );
    for (const [phone, reason] of results) if (reason) capped.set(phone, reason);
  }
  let segments = 0;
  // A reservation decides afresh: a recipient a preflight saw capped may fit now, and the reverse.
  const recipients = plan.recipients.map((r) => {
    const reason = capped.get(r.phone) ?? null;
    if (!r.suppressed && !reason) segments += r.segments;
    return r.capped === reason ? r : { ...r, capped: reason };
  });
  const perSegment = plan.segments > 0 ? plan.estimatedCostMicros / plan.segments : 0;
  return { ...plan, recipients, capped: capped.size, segments, estimatedCostMicros: Math.round(segments * perSegment) };
}

export type HoldResult = { readonly ok: true } | { readonly ok: false; readonly until: Date; readonly reason: string };

/**
 * Right before the sender claims a capped-state recipient: moves the campaign's slot to now and
 * marks it sent, if every window still holds (a text sent later than planned can crowd another
 * campaign's); otherwise the recipient waits until the earliest instant it fits.
 */
export async function holdCapSlot(
  store: Pick<CampaignStore, 'getCampaign' | 'capLedgers' | 'updateCapLedger'>,
  input: { teamId: number; phone: string; campaignId: string; cap: Cap; now: Date },
): Promise<HoldResult> {
  const { teamId, phone, campaignId, cap, now } = input;
  const status = liveness(store, now.getTime());
  const before = (await store.capLedgers(teamId, [phone])).get(phone) ?? { slots: [], version: 0 };
  await status.load(before.slots);
  return store.updateCapLedger<HoldResult>(
    teamId,
    phone,
    (slots) => {
      const counted = countedSlots(slots, (s) => status.live(s), campaignId);
      if (!fitsCap(counted, now.getTime(), cap)) {
        return { slots: null, result: { ok: false, until: new Date(earliestFit(counted, now.getTime(), cap)), reason: capReason(cap) } };
      }
      const own: CapSlot = { campaign_id: campaignId, at: now.toISOString(), sent: true, reserved_at: now.toISOString() };
      return { slots: [...prune(slots, now.getTime(), cap).filter((s) => s.campaign_id !== campaignId), own], result: { ok: true } };
    },
    before,
  );
}

/** Texts per second of the team's origination identity: the operator's carrier-approved rate, or the type's default. */
export function messagesPerSecond(config: MessagingConfig): number {
  const origination = config.origination ?? { type: '10dlc' as const };
  return origination.messages_per_second ?? DEFAULT_MPS[origination.type];
}

/** 10DLC 1 MPS until the carrier approves more (the operator sets it), toll-free 3, short code 100. */
export const DEFAULT_MPS = { '10dlc': 1, toll_free: 3, short_code: 100 } as const;

/**
 * When every text should be out: recipients in order of their send time, one every 1/mps seconds,
 * none before its own time (what the sender does at that rate, if nothing else shares it).
 */
export function estimateCompletion(plan: CampaignPlan, start: Date, mps: number): { last: string | null; completion: string | null } {
  const times = plan.recipients
    .filter((r) => !r.suppressed && !r.capped)
    .map((r) => (r.sendAt ? Date.parse(r.sendAt) : start.getTime()))
    .sort((a, b) => a - b);
  if (times.length === 0) return { last: null, completion: null };
  const interval = 1000 / mps;
  let t = start.getTime();
  for (const at of times) t = Math.max(t, at) + interval;
  return { last: new Date(times.at(-1) as number).toISOString(), completion: new Date(Math.ceil(t)).toISOString() };
}
