import { ClaimHeldElsewhereError, claimToken, type Delivery, isAbandoned } from '#shared/domain/claims';
import { withRetries } from '#shared/domain/retry';
import type { Team } from '#shared/domain/tenancy';
import { PoisonMessageError } from '#shared/errors';
import { log } from '#shared/logging/logger';
import { countMetric } from '#shared/logging/metrics';
import { MAX_QUEUE_DELAY_SECONDS } from '#shared/ports/message-queue';
import { PermanentProviderError } from '#shared/ports/provider-errors';
import type { SendPacer } from '#shared/ports/send-pacer';
import type { CampaignSendStore, RecipientOutcome, UnsentRecipient } from '#shared/ports/sms-campaign-store';
import type { SmsProvider } from '#shared/ports/sms-provider';
import type { CampaignMessage, ChunkRecipient } from './campaign';
import { capOf, holdCapSlot, messagesPerSecond, sendPolicy, sendTimeFor } from './campaign-schedule';
import { type CampaignDependencies, completeIfDone } from './campaign-service';
import type { MessagingConfig } from './messaging-config';

export interface SendChunkDependencies extends CampaignDependencies {
  /** The campaign store with the send records, the exactly-once guard of each recipient. */
  readonly store: CampaignSendStore;
  readonly sms: SmsProvider;
  readonly team: (teamId: number) => Promise<Team | null>;
  readonly messagingConfig: (teamId: number) => Promise<MessagingConfig>;
  /**
   * Texts per second for every team (SMS_SEND_RATE_PER_SECOND; 0: unpaced), or null: each team's
   * origination identity's rate (campaign-schedule.ts messagesPerSecond), shared by its senders.
   */
  readonly rateOverride: number | null;
  readonly pacer: SendPacer;
  readonly now?: () => Date;
  readonly sleep?: (ms: number) => Promise<void>;
  /** How long a sender may run (the function's timeout): an older open claim is abandoned. */
  readonly maxRunMs: number;
}

/**
 * Recipients claimed, texted and settled together. A sender that dies leaves at most this many
 * claims per chunk without a recorded outcome (they become `unconfirmed`), and a cancel takes
 * effect within this many texts.
 */
export const SEND_GROUP_SIZE = 10;

/**
 * Longest a sender waits in-process for its team's next pacing slot; further off, the chunk comes
 * back when the slot is near (other campaigns of the identity are using the rate meanwhile).
 */
const MAX_PACE_WAIT_MS = 20_000;

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
 * - numbers opted out since creation are settled as opted out; numbers outside the hours the
 *   calling-hours rules allow them (campaign-schedule.ts: every candidate zone of the area code,
 *   state rules for solicitations), or whose frequency-cap slot no longer fits now, are deferred
 *   and the chunk comes back then; provider errors mark the recipient failed with the reason.
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
  const policy = sendPolicy(team, config, {
    campaign_type: campaign.campaign_type,
    respectQuietHours: campaign.settings.respect_quiet_hours,
  });
  const planned = (r: ChunkRecipient) => ({ body: r.body, sendAt: r.send_at ?? null, rule: r.rule ?? null });

  // Recipients suppressed or capped at planning are recorded once (for the outbound texts feed), never texted.
  await deps.store.recordUnsent(
    message.campaign_id,
    team.id,
    recipients.flatMap((r): UnsentRecipient[] =>
      r.suppressed
        ? [{ phone: r.phone, segments: r.segments, status: 'suppressed', ...planned(r) }]
        : r.capped
          ? [{ phone: r.phone, segments: r.segments, status: 'capped', reason: r.capped, ...planned(r) }]
          : [],
    ),
    now().toISOString(),
  );
  const candidates = recipients.filter((r) => !r.suppressed && !r.capped);
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

  // One instant for the pass: recipients of a chunk share it, and their send times with it.
  const at = now();
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
    const allowed = sendTimeFor(r.phone, policy, at).sendAt;
    if (allowed.getTime() > at.getTime()) {
      if (!deferred || allowed < deferred) deferred = allowed;
      waiting.push({ phone: r.phone, segments: r.segments, status: 'deferred', until: allowed.toISOString(), ...planned(r) });
      continue;
    }
    const cap = capOf(r.phone, policy);
    if (cap) {
      // The slot reserved at planning moves to now; a text later than planned may have to wait.
      const held = await holdCapSlot(deps.store, { teamId: team.id, phone: r.phone, campaignId: message.campaign_id, cap, now: at });
      if (!held.ok) {
        if (!deferred || held.until < deferred) deferred = held.until;
        waiting.push({
          phone: r.phone,
          segments: r.segments,
          status: 'deferred',
          until: held.until.toISOString(),
          reason: held.reason,
          ...planned(r),
        });
        continue;
      }
    }
    toSend.push(r);
  }
  await deps.store.settleRecipients(message.campaign_id, team.id, settleNow);
  await deps.store.recordUnsent(message.campaign_id, team.id, waiting, now().toISOString());
  countMetric('TextsDeferred', waiting.filter((w) => w.status === 'deferred').length);

  const token = claimToken(delivery);
  const rate = deps.rateOverride ?? messagesPerSecond(config);
  const interval = rate > 0 ? 1000 / rate : 0;
  /** The transient error the provider still answered after the retries; the rest of the chunk waits for the redelivery. */
  let providerDown: unknown = null;
  for (let i = 0; i < toSend.length && !result.stopped && !providerDown; i += SEND_GROUP_SIZE) {
    if (i > 0) {
      // A cancel stops the sender between groups.
      campaign = (await deps.store.getCampaign(message.campaign_id)) ?? campaign;
      result.stopped = campaign.status !== 'sending';
      if (result.stopped) break;
    }
    if (interval > 0) {
      const free = await deps.pacer.nextFree(team.id, Date.now());
      if (free - Date.now() > MAX_PACE_WAIT_MS) {
        // The identity's rate is taken by other senders for a while: the rest of the chunk (not
        // claimed yet) comes back then.
        const until = new Date(free);
        if (!deferred || until < deferred) deferred = until;
        break;
      }
    }
    const group = toSend.slice(i, i + SEND_GROUP_SIZE);
    const claimed = await deps.store.claimRecipients(
      message.campaign_id,
      group.map((r) => ({ phone: r.phone, segments: r.segments, ...planned(r) })),
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
      if (interval > 0) {
        // Each text takes its slot right before it goes: slots taken ahead would drift into the
        // next sender's when a text runs late.
        const wait = (await deps.pacer.take(team.id, 1, interval, Date.now())) - Date.now();
        if (wait > 0) await sleep(wait);
      }
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
    // Within the queue's delay limit the chunk comes back through the queue; later, the scheduler.
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
    log('info', 'chunk deferred for calling hours or a frequency cap', {
      campaignId: message.campaign_id,
      chunk: message.chunk,
      until: result.deferredUntil,
    });
    return result;
  }
  await completeIfDone(deps, message.campaign_id, now());
  return result;
}
