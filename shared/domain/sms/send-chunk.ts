import { ClaimHeldElsewhereError, claimToken, type Delivery, isAbandoned } from '#shared/domain/claims';
import { withRetries } from '#shared/domain/retry';
import type { Team } from '#shared/domain/tenancy';
import { PoisonMessageError } from '#shared/errors';
import { log } from '#shared/logging/logger';
import { countMetric } from '#shared/logging/metrics';
import type { RecipientOutcome, UnsentRecipient } from '#shared/ports/campaign-store';
import type { SmsProvider } from '#shared/ports/sms-provider';
import { PermanentProviderError } from '#shared/ports/voice-provider';
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
  /** How long a sender may run (the function's timeout): an older open claim is abandoned. */
  readonly maxRunMs: number;
}

/** SQS delays stop at 15 minutes; later deferrals go through the scheduler. */
const MAX_QUEUE_DELAY_SECONDS = 900;
/**
 * Recipients claimed, texted and settled together. A sender that dies leaves at most this many
 * claims per chunk without a recorded outcome (they become `unconfirmed`), and a cancel takes
 * effect within this many texts.
 */
export const SEND_GROUP_SIZE = 10;

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
  unconfirmed: number;
  skipped: number;
  deferredUntil: string | null;
  stopped: boolean;
}

const UNCONFIRMED_REASON = 'the sender stopped after claiming this recipient, before recording the provider answer; not sent again';

/**
 * Sends one chunk of a campaign, each recipient at most once:
 * - recipients are claimed (one conditional transaction per group of SEND_GROUP_SIZE, carrying
 *   this delivery's claim token) right before they are texted, and their outcomes settled with
 *   the campaign counters in one transaction per group, so counts are exact and move as groups
 *   finish; a redelivered chunk skips every recipient that has a settled record;
 * - a claim left open by a sender that is gone (see domain/claims.ts) is settled `unconfirmed`:
 *   the text may have gone out, so it is never sent again; a claim whose sender may still be at
 *   work makes the chunk fail back to the queue (ClaimHeldElsewhereError) after everything else is
 *   done, so it returns once that claim is settled or abandoned and the campaign always completes;
 * - numbers opted out since creation are settled as opted out; numbers outside their local send
 *   window (every candidate zone of the area code) are deferred to the next window and the chunk
 *   comes back then; provider errors mark the recipient failed with the reason.
 */
export async function sendChunk(
  deps: SendChunkDependencies,
  message: Extract<CampaignMessage, { type: 'chunk' }>,
  delivery: Delivery,
): Promise<ChunkResult> {
  const now = deps.now ?? (() => new Date());
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const result: ChunkResult = { sent: 0, failed: 0, optedOut: 0, unconfirmed: 0, skipped: 0, deferredUntil: null, stopped: false };
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

  // Recipients suppressed at planning are recorded once (for the outbound texts feed), never texted.
  const suppressedAtPlan = recipients.filter((r) => r.suppressed);
  await deps.store.recordUnsent(
    message.campaign_id,
    team.id,
    suppressedAtPlan.map((r) => ({ phone: r.phone, segments: r.segments, status: 'suppressed' })),
    now().toISOString(),
  );
  const candidates = recipients.filter((r) => !r.suppressed);
  const phones = candidates.map((r) => r.phone);
  const [records, optedOut] = await Promise.all([
    deps.store.getSendStatuses(message.campaign_id, phones),
    deps.store.suppressedAmong(team.id, phones),
  ]);
  const settleNow: RecipientOutcome[] = [];
  const toSend: ChunkRecipient[] = [];
  const waiting: UnsentRecipient[] = [];
  let deferred: Date | null = null;
  let heldElsewhere = false;

  for (const r of candidates) {
    // A deferred record is a recipient not claimed yet.
    const stored = records.get(r.phone);
    const record = stored?.status === 'deferred' ? undefined : stored;
    if (record && record.status !== 'sending') {
      result.skipped++;
      continue;
    }
    if (record) {
      if (isAbandoned({ token: record.claimToken, claimedAt: record.claimedAt }, delivery, now(), deps.maxRunMs)) {
        settleNow.push({
          phone: r.phone,
          status: 'unconfirmed',
          segments: r.segments,
          costMicros: 0,
          error: UNCONFIRMED_REASON,
          at: now().toISOString(),
        });
        result.unconfirmed++;
      } else {
        heldElsewhere = true;
        result.skipped++;
      }
      continue;
    }
    if (optedOut.has(r.phone)) {
      settleNow.push({ phone: r.phone, status: 'opted_out', segments: r.segments, costMicros: 0, at: now().toISOString() });
      result.optedOut++;
      continue;
    }
    if (campaign.settings.respect_quiet_hours) {
      const at = now();
      const allowed = nextSendInstant(candidateZones(r.phone, team.timezone), windowFor(r.phone, teamWindow), at);
      if (allowed.getTime() > at.getTime()) {
        if (!deferred || allowed < deferred) deferred = allowed;
        waiting.push({ phone: r.phone, segments: r.segments, status: 'deferred', until: allowed.toISOString() });
        continue;
      }
    }
    toSend.push(r);
  }
  await deps.store.settleRecipients(message.campaign_id, team.id, settleNow);
  await deps.store.recordUnsent(message.campaign_id, team.id, waiting, now().toISOString());
  countMetric('TextsDeferred', waiting.filter((w) => w.status === 'deferred').length);

  const token = claimToken(delivery);
  /** The transient error the provider still answered after the retries; the rest of the chunk waits for the redelivery. */
  let providerDown: unknown = null;
  for (let i = 0; i < toSend.length && !result.stopped && !providerDown; i += SEND_GROUP_SIZE) {
    if (i > 0) {
      // A cancel stops the sender between groups.
      campaign = (await deps.store.getCampaign(message.campaign_id)) ?? campaign;
      result.stopped = campaign.status !== 'sending';
      if (result.stopped) break;
    }
    const group = toSend.slice(i, i + SEND_GROUP_SIZE);
    const claimed = await deps.store.claimRecipients(
      message.campaign_id,
      group.map((r) => ({ phone: r.phone, segments: r.segments })),
      { at: now().toISOString(), token, teamId: team.id },
    );
    const outcomes: RecipientOutcome[] = [];
    const sentPhones: string[] = [];
    const released: string[] = [];
    for (const r of group) {
      if (!claimed.has(r.phone)) {
        // Claimed meanwhile by another sender: it texts and settles it.
        result.skipped++;
        continue;
      }
      if (providerDown) {
        released.push(r.phone);
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
          segments: r.segments,
          costMicros: r.segments * campaign.price_per_segment_micros,
          providerMessageId: sent.providerMessageId,
          at: now().toISOString(),
        });
        sentPhones.push(r.phone);
        result.sent++;
      } catch (error) {
        if (!(error instanceof PermanentProviderError)) {
          // Still failing after the retries: the provider is down. The text is not a failure of
          // the recipient: its claim goes back and the chunk comes again (SQS), so it is sent once
          // the provider is back.
          providerDown = error;
          released.push(r.phone);
          continue;
        }
        const reason = error instanceof Error ? error.message : String(error);
        outcomes.push({
          phone: r.phone,
          status: 'failed',
          segments: r.segments,
          costMicros: 0,
          error: reason.slice(0, 500),
          at: now().toISOString(),
        });
        result.failed++;
      }
    }
    await deps.store.settleRecipients(message.campaign_id, team.id, outcomes);
    await deps.store.rememberLastCampaign(team.id, sentPhones, message.campaign_id, now().toISOString());
    await deps.store.releaseClaims(message.campaign_id, team.id, released, token, now().toISOString());
  }
  if (providerDown) {
    throw new Error(
      `campaign ${message.campaign_id} chunk ${message.chunk}: the SMS provider is unavailable (${providerDown instanceof Error ? providerDown.message : String(providerDown)}); untexted recipients are retried with the chunk`,
    );
  }
  if (result.stopped) return result;
  if (heldElsewhere) {
    throw new ClaimHeldElsewhereError(
      `campaign ${message.campaign_id} chunk ${message.chunk}: recipients claimed by a sender that may still be running; retried later`,
    );
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
