import { log } from '../../http/logger';
import type { RecipientOutcome } from '../../ports/campaign-store';
import type { SmsProvider } from '../../ports/sms-provider';
import { PermanentProviderError } from '../../ports/voice-provider';
import { PoisonMessageError } from '../../workers/sqs-batch';
import { withRetries } from '../retry';
import type { Team } from '../tenancy';
import type { CampaignMessage, ChunkRecipient } from './campaign';
import { type CampaignDependencies, completeIfDone } from './campaign-service';
import type { MessagingConfig } from './messaging-config';
import { candidateZones, nextSendInstant, windowFor } from './quiet-hours';

export interface SendChunkDependencies extends CampaignDependencies {
  readonly sms: SmsProvider;
  readonly team: (teamId: number) => Promise<Team | null>;
  readonly messagingConfig: (teamId: number) => Promise<MessagingConfig>;
  /** Sends per second per sender (0: unpaced). */
  readonly ratePerSecond: number;
  readonly now?: () => Date;
  readonly sleep?: (ms: number) => Promise<void>;
}

/** SQS delays stop at 15 minutes; later deferrals go through the scheduler. */
const MAX_QUEUE_DELAY_SECONDS = 900;
/** A claim older than this was abandoned (SQS visibility timeout of the sender is 12 minutes). */
const ABANDONED_CLAIM_MS = 15 * 60_000;
/** How often a sender looks at the campaign status again, so a cancel stops it quickly. */
const STATUS_CHECK_EVERY = 10;

let nextSlotAt = 0;

async function pace(rate: number, sleep: (ms: number) => Promise<void>): Promise<void> {
  if (rate <= 0) return;
  const interval = 1000 / rate;
  const now = Date.now();
  const wait = nextSlotAt - now;
  nextSlotAt = Math.max(now, nextSlotAt) + interval;
  if (wait > 0) await sleep(wait);
}

export interface ChunkResult {
  sent: number;
  failed: number;
  optedOut: number;
  skipped: number;
  deferredUntil: string | null;
  stopped: boolean;
}

/**
 * Sends one chunk of a campaign. Each recipient is texted at most once: its send record is claimed
 * with a conditional write before the provider is called (one transaction for the chunk), and a
 * redelivered chunk skips every recipient that has a record. Outcomes are settled with the
 * campaign counters in one transaction per chunk, so counts are exact and move as chunks finish. Numbers opted out since creation are settled as opted out; numbers
 * outside their local send window (every candidate zone of the area code) are deferred to the next
 * window and the chunk comes back then. Provider errors mark the recipient failed with the reason.
 */
export async function sendChunk(deps: SendChunkDependencies, message: Extract<CampaignMessage, { type: 'chunk' }>): Promise<ChunkResult> {
  const now = deps.now ?? (() => new Date());
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const result: ChunkResult = { sent: 0, failed: 0, optedOut: 0, skipped: 0, deferredUntil: null, stopped: false };
  let campaign = await deps.store.getCampaign(message.campaign_id);
  if (!campaign) throw new PoisonMessageError(`no campaign ${message.campaign_id}`);
  if (campaign.status !== 'sending') {
    result.stopped = true;
    return result;
  }
  const recipients = await deps.store.getChunk(message.campaign_id, message.chunk);
  if (!recipients) throw new PoisonMessageError(`campaign ${message.campaign_id} has no chunk ${message.chunk}`);
  const team = await deps.team(campaign.team_id);
  if (!team) throw new PoisonMessageError(`campaign ${message.campaign_id} belongs to no team`);
  const config = await deps.messagingConfig(team.id);
  const teamWindow = { startHour: config.quiet_hours.start_hour, endHour: config.quiet_hours.end_hour };

  const candidates = recipients.filter((r) => !r.suppressed);
  const phones = candidates.map((r) => r.phone);
  const [records, optedOut] = await Promise.all([
    deps.store.getSendStatuses(message.campaign_id, phones),
    deps.store.suppressedAmong(team.id, phones),
  ]);
  const outcomes: RecipientOutcome[] = [];
  const toSend: ChunkRecipient[] = [];
  let deferred: Date | null = null;

  for (const r of candidates) {
    const record = records.get(r.phone);
    if (record && record.status !== 'sending') {
      result.skipped++;
      continue;
    }
    if (record) {
      // Claimed by a sender that has not settled it. Recently: that sender may still be at work,
      // leave it alone. Long ago: it stopped after claiming, and the text may have gone out, so
      // it is not sent again (at most once) but settled as failed for the operator to see.
      const claimedMs = record.claimedAt ? Date.parse(record.claimedAt) : 0;
      if (now().getTime() - claimedMs < ABANDONED_CLAIM_MS) {
        result.skipped++;
        continue;
      }
      outcomes.push({
        phone: r.phone,
        status: 'failed',
        costMicros: 0,
        error: 'sender stopped after claiming; not resent to avoid a duplicate text',
        at: now().toISOString(),
      });
      result.failed++;
      continue;
    }
    if (optedOut.has(r.phone)) {
      outcomes.push({ phone: r.phone, status: 'opted_out', costMicros: 0, at: now().toISOString() });
      result.optedOut++;
      continue;
    }
    if (campaign.settings.respect_quiet_hours) {
      const at = now();
      const allowed = nextSendInstant(candidateZones(r.phone, team.timezone), windowFor(r.phone, teamWindow), at);
      if (allowed.getTime() > at.getTime()) {
        if (!deferred || allowed < deferred) deferred = allowed;
        continue;
      }
    }
    toSend.push(r);
  }

  const claimed = await deps.store.claimRecipients(
    message.campaign_id,
    toSend.map((r) => r.phone),
    now().toISOString(),
  );
  const unused: string[] = [];
  const sentPhones: string[] = [];
  for (const [i, r] of toSend.entries()) {
    if (!claimed.has(r.phone)) {
      result.skipped++;
      continue;
    }
    if (!result.stopped && i > 0 && i % STATUS_CHECK_EVERY === 0) {
      campaign = (await deps.store.getCampaign(message.campaign_id)) ?? campaign;
      result.stopped = campaign.status !== 'sending';
    }
    if (result.stopped) {
      unused.push(r.phone);
      continue;
    }
    await pace(deps.ratePerSecond, sleep);
    try {
      const sent = await withRetries(() => deps.sms.send({ to: r.phone, body: r.body, reference: `${message.campaign_id}:${r.phone}` }), {
        attempts: 3,
        baseDelayMs: 100,
        isRetryable: (e) => !(e instanceof PermanentProviderError),
        sleep,
      });
      outcomes.push({
        phone: r.phone,
        status: 'sent',
        costMicros: r.segments * campaign.price_per_segment_micros,
        providerMessageId: sent.providerMessageId,
        at: now().toISOString(),
      });
      sentPhones.push(r.phone);
      result.sent++;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      outcomes.push({ phone: r.phone, status: 'failed', costMicros: 0, error: reason.slice(0, 500), at: now().toISOString() });
      result.failed++;
    }
  }
  await deps.store.releaseRecipients(message.campaign_id, unused);
  await deps.store.settleRecipients(message.campaign_id, outcomes);
  await deps.store.rememberLastCampaign(team.id, sentPhones, message.campaign_id, now().toISOString());
  if (result.stopped) return result;

  if (deferred) {
    result.deferredUntil = deferred.toISOString();
    const delaySeconds = Math.ceil((deferred.getTime() - now().getTime()) / 1000);
    if (delaySeconds <= MAX_QUEUE_DELAY_SECONDS) {
      await deps.queue.send([{ body: { ...message }, delaySeconds: Math.max(0, delaySeconds) }]);
    } else {
      await deps.scheduler.scheduleMessage({
        name: `campaign-${message.campaign_id}-chunk-${message.chunk}-${deferred.getTime()}`,
        at: deferred,
        queue: 'campaign-sends',
        body: { ...message },
      });
    }
    log('info', 'chunk deferred for quiet hours', { campaignId: message.campaign_id, chunk: message.chunk, until: result.deferredUntil });
    return result;
  }
  await completeIfDone(deps, message.campaign_id, now());
  return result;
}
