import { randomBytes } from 'node:crypto';
import { e164Reader } from '#shared/domain/e164-reader';
import type { Team } from '#shared/domain/tenancy';
import { BadRequestError, ConflictError, NotFoundError } from '#shared/errors';
import { smsCampaignCompleted } from '#shared/events/sms-campaign-events';
import { log } from '#shared/logging/logger';
import type { MessageQueue } from '#shared/ports/message-queue';
import type { OneTimeScheduler } from '#shared/ports/scheduler';
import type { CampaignStore, CampaignStoreWithoutChunks } from '#shared/ports/sms-campaign-store';
import { type Campaign, type CampaignMessage, CHUNK_SIZE, type ChunkRecipient, campaignScheduleName, settledCount } from './campaign';
import { type CampaignPlan, planCampaign, toDollars } from './campaign-plan';
import { type CampaignRequest, MAX_SCHEDULE_HORIZON_DAYS, SCHEDULE_GRACE_SECONDS } from './campaign-request';
import { applyCaps, estimateCompletion, messagesPerSecond, sendPolicy, sendTimeFor } from './campaign-schedule';
import { DEFAULT_MESSAGING_CONFIG, type MessagingConfig } from './messaging-config';

export interface CampaignDependencies {
  /** The campaign store; creating and starting a campaign read none of its chunks (the sender does). */
  readonly store: CampaignStoreWithoutChunks;
  readonly queue: MessageQueue;
  readonly scheduler: OneTimeScheduler;
  /** Price of one SMS segment, in micro-dollars (SMS_PRICE_PER_SEGMENT_USD, default $0.0083). */
  readonly pricePerSegmentMicros: number;
}

export function newCampaignId(): string {
  return `cmp_${randomBytes(10).toString('hex')}`;
}

/**
 * When the campaign starts: omitted, or within a minute of now (past included, to absorb clock
 * skew), means now; further in the past is refused; at most 90 days ahead.
 */
export function resolveStartTime(scheduleTime: string | null | undefined, now: Date): { at: Date; immediate: boolean } {
  if (!scheduleTime) return { at: now, immediate: true };
  const at = new Date(scheduleTime);
  const deltaSeconds = (at.getTime() - now.getTime()) / 1000;
  if (deltaSeconds < -SCHEDULE_GRACE_SECONDS) {
    throw new BadRequestError('schedule_time: must not be in the past (omit it to send now)', 'schedule_time');
  }
  if (deltaSeconds > MAX_SCHEDULE_HORIZON_DAYS * 86_400) {
    throw new BadRequestError(`schedule_time: must be at most ${MAX_SCHEDULE_HORIZON_DAYS} days ahead`, 'schedule_time');
  }
  return deltaSeconds <= SCHEDULE_GRACE_SECONDS ? { at: now, immediate: true } : { at, immediate: false };
}

/** A campaign as planned for a team, before anything is stored: what a preflight answers. */
export interface CampaignPreflight extends CampaignPlan {
  /** When the last recipient's text may go out, and when every text should be out (campaign-schedule.ts). */
  readonly lastSendAt: string | null;
  readonly estimatedCompletionTime: string | null;
  readonly pricePerSegmentMicros: number;
}

/**
 * Plans a campaign for a team (validation, rendering, pricing, each recipient's first send time
 * under the calling-hours rules, the recipients a frequency cap would skip) and checks what
 * creating it would check too, so a preflight answers what the real request would: the start
 * time, and (asking the store) that the campaign and its chunks of rendered messages fit in
 * stored records.
 */
export async function planForTeam(
  deps: CampaignDependencies,
  team: Team,
  request: CampaignRequest,
  config: MessagingConfig,
  now: Date,
): Promise<CampaignPreflight> {
  const suppressed = await deps.store.listSuppressed(team.id);
  const start = resolveStartTime(request.schedule_time, now);
  const policy = policyOf(team, config, request);
  const planned = planCampaign(request, {
    readPhone: await e164Reader(
      request.recipients.map((r) => r.phone),
      config.phone_region,
    ),
    pricePerSegmentMicros: deps.pricePerSegmentMicros,
    isSuppressed: (p) => suppressed.has(p),
    sendTime: (phone) => sendTimeFor(phone, policy, start.at),
  });
  const plan = await applyCaps(deps.store, { team, plan: planned, policy, now }, { kind: 'check' });
  const chunks = chunkRecipients(plan);
  deps.store.assertStorable(campaignOf(deps, { team, request, plan, now, config }, start, chunks.length, newCampaignId()), chunks);
  const estimate = estimateCompletion(plan, start.at, messagesPerSecond(config));
  return {
    ...plan,
    lastSendAt: estimate.last,
    estimatedCompletionTime: estimate.completion,
    pricePerSegmentMicros: deps.pricePerSegmentMicros,
  };
}

function chunkRecipients(plan: CampaignPlan): ChunkRecipient[][] {
  const chunks: ChunkRecipient[][] = [];
  for (let i = 0; i < plan.recipients.length; i += CHUNK_SIZE) {
    chunks.push(
      plan.recipients.slice(i, i + CHUNK_SIZE).map((r) => ({
        phone: r.phone,
        body: r.body,
        segments: r.segments,
        suppressed: r.suppressed,
        send_at: r.sendAt,
        rule: r.rule,
        capped: r.capped,
      })),
    );
  }
  return chunks;
}

function policyOf(team: Team, config: MessagingConfig, request: CampaignRequest) {
  return sendPolicy(team, config, {
    campaign_type: request.campaign_type,
    respectQuietHours: request.settings?.respect_quiet_hours ?? true,
  });
}

function campaignOf(
  deps: Pick<CampaignDependencies, 'pricePerSegmentMicros'>,
  input: { team: Team; request: CampaignRequest; plan: CampaignPlan; now: Date; config: MessagingConfig },
  start: { at: Date; immediate: boolean },
  chunkCount: number,
  campaignId: string,
): Campaign {
  const { team, request, plan, now } = input;
  const estimate = estimateCompletion(plan, start.at, messagesPerSecond(input.config));
  return {
    campaign_id: campaignId,
    team_id: team.id,
    campaign_type: request.campaign_type,
    status: start.immediate ? 'sending' : 'scheduled',
    message_template: request.message_template,
    fallback_message: request.fallback_message ?? null,
    settings: {
      include_opt_out: request.settings?.include_opt_out ?? true,
      respect_quiet_hours: request.settings?.respect_quiet_hours ?? true,
    },
    segmentation: request.segmentation ?? null,
    recipients_count: plan.recipients.length,
    requested_count: plan.requested,
    duplicates_collapsed: plan.duplicatesCollapsed,
    chunk_count: chunkCount,
    // Numbers on the suppression list are never texted: they are settled as opted out at once.
    // Recipients a frequency cap skips are settled as capped at once, never texted.
    counts: { sent: 0, failed: 0, opted_out: plan.suppressed, unconfirmed: 0, capped: plan.capped },
    replies: 0,
    estimated_cost_micros: plan.estimatedCostMicros,
    actual_cost_micros: 0,
    price_per_segment_micros: deps.pricePerSegmentMicros,
    scheduled_time: start.at.toISOString(),
    completion_time: null,
    cancelled_at: null,
    created_at: now.toISOString(),
    last_send_at: estimate.last,
    estimated_completion_time: estimate.completion,
    fanned_out: false,
  };
}

/**
 * Stores the campaign and starts it now or at its time. Frequency-cap slots are reserved first
 * (a recipient whose number has none left is skipped as capped); then the start message (now) or
 * schedule (later) goes out before the campaign is stored, so a request that stops in between
 * leaves either nothing, or a start for a campaign that never existed, which the sender drops
 * (its reserved slots stop counting once the create request's time is up) — never a stored
 * campaign that nothing will start.
 */
export async function createCampaign(
  deps: CampaignDependencies,
  input: { team: Team; request: CampaignRequest; plan: CampaignPlan; now: Date; config?: MessagingConfig },
): Promise<Campaign> {
  const config = input.config ?? DEFAULT_MESSAGING_CONFIG;
  const start = resolveStartTime(input.request.schedule_time, input.now);
  const campaignId = newCampaignId();
  const policy = policyOf(input.team, config, input.request);
  const plan = await applyCaps(deps.store, { team: input.team, plan: input.plan, policy, now: input.now }, { kind: 'reserve', campaignId });
  const chunks = chunkRecipients(plan);
  const campaign = campaignOf(deps, { ...input, plan, config }, start, chunks.length, campaignId);
  const startMessage = {
    type: 'start',
    campaign_id: campaign.campaign_id,
    requested_at: input.now.toISOString(),
  } satisfies CampaignMessage;
  if (start.immediate) {
    await deps.queue.send([{ body: startMessage }]);
  } else {
    await deps.scheduler.scheduleMessage({
      name: campaignScheduleName(campaign.campaign_id),
      at: start.at,
      queue: 'campaign-sends',
      body: startMessage,
    });
  }
  await deps.store.createCampaign(campaign, chunks);
  // Answered as stored: the sender may have started it since, which a read of the campaign shows.
  return campaign;
}

/**
 * How long a create request may run (the function's timeout, API Gateway's 29 s): a start message
 * whose campaign is still missing after this belongs to a request that stopped before storing it.
 */
const CREATE_REQUEST_LIMIT_MS = 30_000;
/** How long a start waits before looking for its campaign again. */
const START_RETRY_DELAY_SECONDS = 1;

export type StartResult = 'started' | 'already_started' | 'not_sending' | 'waiting_for_campaign' | 'dropped';

/**
 * A start message: scheduled → sending, then one message per chunk (a campaign with nothing to
 * send completes at once), then the campaign is marked fanned out. Redelivered, it finds the mark
 * and does nothing; a start that stopped between the fan-out and the mark fans out again, which
 * the chunks' claims make harmless. A cancelled campaign stays cancelled.
 */
export async function startCampaign(
  deps: CampaignDependencies,
  message: Extract<CampaignMessage, { type: 'start' }>,
  now: Date,
): Promise<StartResult> {
  let campaign = await deps.store.getCampaign(message.campaign_id);
  if (!campaign) {
    const requestedAt = message.requested_at ? Date.parse(message.requested_at) : Number.NaN;
    if (now.getTime() - requestedAt < CREATE_REQUEST_LIMIT_MS) {
      // The create request has sent this message and is still storing the campaign.
      await deps.queue.send([{ body: { ...message }, delaySeconds: START_RETRY_DELAY_SECONDS }]);
      return 'waiting_for_campaign';
    }
    log('warn', 'start of a campaign that was never stored (its request stopped first); dropped', { campaignId: message.campaign_id });
    return 'dropped';
  }
  if (campaign.status === 'scheduled') {
    await deps.store.transitionCampaign(campaign.campaign_id, ['scheduled'], 'sending');
    campaign = (await deps.store.getCampaign(campaign.campaign_id)) ?? campaign;
  }
  if (campaign.status !== 'sending') return 'not_sending';
  if (campaign.fanned_out) return 'already_started';
  if (settledCount(campaign) >= campaign.recipients_count) {
    await completeIfDone(deps, campaign.campaign_id, now);
  } else {
    const chunks = Array.from({ length: campaign.chunk_count }, (_, chunk) => ({
      body: { type: 'chunk', campaign_id: campaign.campaign_id, chunk } satisfies CampaignMessage,
    }));
    await deps.queue.send(chunks);
  }
  await deps.store.markFannedOut(campaign.campaign_id);
  return 'started';
}

/**
 * Completes the campaign when every recipient is settled (sent, failed, opted out or unconfirmed), exactly
 * once: the sending → completed transition is conditional, and only its winner emits the event.
 */
export async function completeIfDone(deps: Pick<CampaignDependencies, 'store'>, campaignId: string, now: Date): Promise<boolean> {
  const campaign = await deps.store.getCampaign(campaignId);
  if (campaign?.status !== 'sending' || settledCount(campaign) < campaign.recipients_count) return false;
  // sms_campaign.completed is due in the same write as the completion (the outbox): exactly one
  // writer completes the campaign, and its event cannot be lost after it.
  const completed = await deps.store.transitionCampaign(campaignId, ['sending'], 'completed', { completion_time: now.toISOString() }, [
    smsCampaignCompleted({
      campaign_id: campaignId,
      team_id: campaign.team_id,
      sent: campaign.counts.sent,
      failed: campaign.counts.failed,
      opted_out: campaign.counts.opted_out,
      unconfirmed: campaign.counts.unconfirmed,
      capped: campaign.counts.capped,
      replies: campaign.replies,
      total_cost: toDollars(campaign.actual_cost_micros),
      at: now,
    }),
  ]);
  if (!completed) return false;
  log('info', 'campaign completed', { campaignId, ...campaign.counts });
  return true;
}

export async function getTeamCampaign(store: Pick<CampaignStore, 'getCampaign'>, team: Team, campaignId: string): Promise<Campaign> {
  const campaign = /^cmp_[0-9a-f]{20}$/.test(campaignId) ? await store.getCampaign(campaignId) : null;
  // Another team's campaign answers exactly like a missing one.
  if (!campaign || campaign.team_id !== team.id) throw new NotFoundError(`Campaign ${campaignId} not found`);
  return campaign;
}

/** Stops unsent messages: scheduled or sending → cancelled; senders check the status before each text. */
export async function cancelCampaign(
  deps: Pick<CampaignDependencies, 'store' | 'scheduler'>,
  team: Team,
  campaignId: string,
  now: Date,
): Promise<Campaign> {
  const campaign = await getTeamCampaign(deps.store, team, campaignId);
  const cancelled = await deps.store.transitionCampaign(campaignId, ['scheduled', 'sending'], 'cancelled', {
    cancelled_at: now.toISOString(),
  });
  if (!cancelled) {
    throw new ConflictError(`Campaign ${campaignId} is ${campaign.status} and can no longer be cancelled`, 'status');
  }
  await deps.scheduler.cancel(campaignScheduleName(campaignId));
  return (await deps.store.getCampaign(campaignId)) ?? campaign;
}
