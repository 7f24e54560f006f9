import type { Campaign, ChunkRecipient } from '#shared/domain/sms-campaigns/campaign';
import type { CampaignSendStore, RecipientOutcome, SendRecord } from '#shared/ports/sms-campaign-store';
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
