import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoSendPacer } from '#shared/adapters/dynamodb/send-pacer';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import type { Campaign, ChunkRecipient } from '#shared/domain/sms-campaigns/campaign';
import { type CampaignRequest, campaignRequestSchema } from '#shared/domain/sms-campaigns/campaign-request';
import { type CampaignDependencies, createCampaign, planForTeam } from '#shared/domain/sms-campaigns/campaign-service';
import { DEFAULT_MESSAGING_CONFIG, type MessagingConfig } from '#shared/domain/sms-campaigns/messaging-config';
import type { Team } from '#shared/domain/tenancy';
import { parseOrThrow } from '#shared/http/validation';
import type { MessageQueue } from '#shared/ports/message-queue';
import type { OneTimeScheduler } from '#shared/ports/scheduler';
import type { SendPacer } from '#shared/ports/send-pacer';
import type {
  CampaignSendStore,
  CampaignStore,
  CampaignStoreWithoutChunks,
  RecipientOutcome,
  SendRecord,
} from '#shared/ports/sms-campaign-store';
import type { SmsProvider, SmsSendRequest } from '#shared/ports/sms-provider';
import { fakePort } from './handler-harness';

/**
 * One campaign in memory, with what its sender reads and writes: its chunks, the send records
 * (claimed once, settled, or given back), the team's opted-out numbers and the counters settling
 * moves. Keeps the store's exactly-once guard: a phone with a record is not claimed again. The
 * methods a sender does not use are not faked (fakePort): a test sees one reached.
 */
export function memoryCampaign(initial: Campaign, chunks: readonly (readonly ChunkRecipient[])[], optedOut: readonly string[] = []) {
  let campaign = initial;
  const records = new Map<string, SendRecord>();
  const settled: RecipientOutcome[] = [];
  const store = fakePort<CampaignSendStore>({
    getCampaign: async (id) => (id === campaign.campaign_id ? campaign : null),
    getChunk: async (id, chunk) => (id === campaign.campaign_id ? (chunks[chunk] ?? null) : null),
    recordUnsent: async () => undefined,
    getSendStatuses: async (_id, phones) =>
      new Map(
        phones.flatMap((phone): [string, SendRecord][] => {
          const record = records.get(phone);
          return record ? [[phone, record]] : [];
        }),
      ),
    suppressedAmong: async (_team, phones) => new Set(phones.filter((phone) => optedOut.includes(phone))),
    claimRecipients: async (_id, recipients, claim) => {
      const mine = recipients.filter((r) => !records.has(r.phone)).map((r) => r.phone);
      for (const phone of mine) records.set(phone, { status: 'sending', claimedAt: claim.at, claimToken: claim.token });
      return new Set(mine);
    },
    settleRecipients: async (_id, _team, outcomes) => {
      for (const outcome of outcomes) {
        records.set(outcome.phone, { status: outcome.status, claimedAt: null, claimToken: null });
        settled.push(outcome);
        campaign = {
          ...campaign,
          counts: { ...campaign.counts, [outcome.status]: campaign.counts[outcome.status] + 1 },
          actual_cost_micros: campaign.actual_cost_micros + outcome.costMicros,
        };
      }
    },
    rememberLastCampaign: async () => undefined,
    releaseClaims: async (_id, _team, phones) => {
      for (const phone of phones) records.delete(phone);
    },
    transitionCampaign: async (_id, from, to, fields) => {
      if (!from.includes(campaign.status)) return false;
      campaign = { ...campaign, status: to, ...fields };
      return true;
    },
  });
  return { store, settled, campaign: () => campaign };
}

/**
 * An SMS provider that records every text it takes; a number in `refused` is refused for good
 * (as the provider answers an invalid number), and every text fails while `down` is set.
 */
export function recordingSms(refused: Readonly<Record<string, Error>> = {}) {
  const sent: SmsSendRequest[] = [];
  const state = { down: false };
  const sms: SmsProvider = {
    send: async (request) => {
      if (state.down) throw new Error('provider unavailable');
      const refusal = refused[request.to];
      if (refusal) throw refusal;
      sent.push(request);
      return { providerMessageId: `sm-${sent.length}` };
    },
  };
  return { sms, sent, state };
}

/** What planning and creating a campaign reach besides its store: `queue` (default: keeps nothing) and a scheduler that keeps nothing. */
export function campaignDependencies<S extends CampaignStoreWithoutChunks>(store: S, queue: MessageQueue = { send: async () => {} }) {
  return {
    store,
    queue,
    scheduler: { scheduleMessage: async () => {}, cancel: async () => {} } satisfies OneTimeScheduler,
    pricePerSegmentMicros: 8300,
  };
}

/** A campaign request body, read as the create route reads it. */
export function campaignRequest(body: Record<string, unknown>): CampaignRequest {
  return parseOrThrow(campaignRequestSchema, body, 'body');
}

/** Plans `request` for `team` and creates it, as the create route does. */
export async function createPlannedCampaign(
  deps: CampaignDependencies,
  team: Team,
  request: CampaignRequest,
  now: Date,
  config: MessagingConfig = DEFAULT_MESSAGING_CONFIG,
): Promise<Campaign> {
  const plan = await planForTeam(deps, team, request, config, now);
  return createCampaign(deps, { team, request, plan, now, config });
}

/**
 * What a campaign sender reads besides the campaign dependencies: `team` and its texting
 * configuration, the provider, the team's pacer on the campaigns table, unpaced unless
 * `rateOverride` says otherwise, and the clock.
 */
export function senderDependencies<D extends CampaignDependencies & { store: CampaignSendStore }>(
  deps: D,
  options: { sms: SmsProvider; team: Team; now: () => Date; config?: MessagingConfig; rateOverride?: number | null; pacer?: SendPacer },
) {
  return {
    ...deps,
    sms: options.sms,
    team: async () => options.team,
    messagingConfig: async () => options.config ?? DEFAULT_MESSAGING_CONFIG,
    rateOverride: options.rateOverride === undefined ? 0 : options.rateOverride,
    pacer: options.pacer ?? new DynamoSendPacer(getDocumentClient(), physicalTableName('campaigns')),
    maxRunMs: 120_000,
    now: options.now,
  };
}

/**
 * A one-recipient campaign created through the campaign service into `store`, its sends queued
 * nowhere: what a read of a stored campaign needs to find.
 */
export function createStoredCampaign(store: CampaignStore, team: Team): Promise<Campaign> {
  const request = campaignRequest({
    campaign_type: 'appointment_reminder',
    recipients: [{ phone: '+12125550100' }],
    message_template: 'See you at 9.',
  });
  return createPlannedCampaign(campaignDependencies(store), team, request, new Date('2026-12-01T15:00:00Z'));
}
