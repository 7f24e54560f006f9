import type { Campaign, ChunkRecipient } from '#shared/domain/sms-campaigns/campaign';
import { campaignRequestSchema } from '#shared/domain/sms-campaigns/campaign-request';
import { createCampaign, planForTeam } from '#shared/domain/sms-campaigns/campaign-service';
import { DEFAULT_MESSAGING_CONFIG } from '#shared/domain/sms-campaigns/messaging-config';
import type { Team } from '#shared/domain/tenancy';
import { parseOrThrow } from '#shared/http/validation';
import type { CampaignSendStore, CampaignStore, RecipientOutcome, SendRecord } from '#shared/ports/sms-campaign-store';
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

/**
 * A one-recipient campaign created through the campaign service into `store`, its sends queued
 * nowhere: what a read of a stored campaign needs to find.
 */
export async function createStoredCampaign(store: CampaignStore, team: Team): Promise<Campaign> {
  const deps = {
    store,
    queue: { send: async () => {} },
    scheduler: { scheduleMessage: async () => {}, cancel: async () => {} },
    pricePerSegmentMicros: 8300,
  };
  const request = parseOrThrow(
    campaignRequestSchema,
    { campaign_type: 'appointment_reminder', recipients: [{ phone: '+12125550100' }], message_template: 'See you at 9.' },
    'body',
  );
  const now = new Date('2026-12-01T15:00:00Z');
  const plan = await planForTeam(deps, team, request, DEFAULT_MESSAGING_CONFIG, now);
  return createCampaign(deps, { team, request, plan, now, config: DEFAULT_MESSAGING_CONFIG });
}
