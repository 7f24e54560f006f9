import { log } from '../../http/logger';
import type { SmsProvider } from '../../ports/sms-provider';
import { PermanentProviderError } from '../../ports/voice-provider';
import { PoisonMessageError } from '../../workers/sqs-batch';
import { withRetries } from '../retry';
import type { Team } from '../tenancy';
import type { CampaignMessage } from './campaign';
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
 * with a conditional write before the provider is called, and a redelivered chunk skips every
 * recipient that has a record. Numbers opted out since creation are settled as opted out; numbers
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
  const [statuses, optedOut] = await Promise.all([
    deps.store.getSendStatuses(message.campaign_id, phones),
    deps.store.suppressedAmong(team.id, phones),
  ]);
  let deferred: Date | null = null;

  for (const [i, r] of candidates.entries()) {
    const existing = statuses.get(r.phone);
    if (existing === 'sent' || existing === 'failed' || existing === 'opted_out') {
      result.skipped++;
      continue;
    }
    if (existing === 'sending') {
      // A sender stopped between claiming and settling: the text may have gone out, so it is not
      // sent again (at most once), and the recipient is settled as failed for the operator to see.
      await deps.store.settleRecipient(message.campaign_id, r.phone, {
        status: 'failed',
        costMicros: 0,
        error: 'interrupted after claiming; not resent to avoid a duplicate text',
        at: now().toISOString(),
      });
      result.failed++;
      continue;
    }
    if (i > 0 && i % STATUS_CHECK_EVERY === 0) {
      campaign = (await deps.store.getCampaign(message.campaign_id)) ?? campaign;
      if (campaign.status !== 'sending') {
        result.stopped = true;
        return result;
      }
    }
    if (optedOut.has(r.phone)) {
      await deps.store.settleRecipient(message.campaign_id, r.phone, { status: 'opted_out', costMicros: 0, at: now().toISOString() });
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
    if (!(await deps.store.claimRecipient(message.campaign_id, r.phone, now().toISOString()))) {
      result.skipped++;
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
      await deps.store.settleRecipient(message.campaign_id, r.phone, {
        status: 'sent',
        costMicros: r.segments * campaign.price_per_segment_micros,
        providerMessageId: sent.providerMessageId,
        at: now().toISOString(),
      });
      await deps.store.rememberLastCampaign(team.id, r.phone, message.campaign_id, now().toISOString());
      result.sent++;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      await deps.store.settleRecipient(message.campaign_id, r.phone, {
        status: 'failed',
        costMicros: 0,
        error: reason.slice(0, 500),
        at: now().toISOString(),
      });
      result.failed++;
    }
  }

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
