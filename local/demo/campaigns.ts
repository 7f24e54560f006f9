import { createHash } from 'node:crypto';
import type { Campaign, ChunkRecipient } from '#shared/domain/sms-campaigns/campaign';
import type { SubscriptionEvent } from '#shared/domain/sms-campaigns/subscription-events';
import type { CampaignSendStore, InboundTextStore, RecipientOutcome } from '#shared/ports/sms-campaign-store';

/**
 * Demo SMS campaigns for the outbound feeds: per team, a finished seasonal campaign and one still
 * sending (some recipients deferred to their send window), written through the campaign store's
 * own write paths (claim, settle, record unsent), then keyword replies and an operator change.
 * Numbers are 555-01xx, reserved for fiction.
 */
const RECIPIENTS = 24;
const PRICE_MICROS = 7900;

const DAY_MS = 86_400_000;

/** Each demo campaign of a team: its number and how many days ago it started. */
const CAMPAIGN_STARTS = [
  [0, 9],
  [1, 1],
] as const;

function demoCampaignId(teamId: number, n: number): string {
  return `cmp_${createHash('sha256').update(`demo-campaign:${teamId}:${n}`).digest('hex').slice(0, 20)}`;
}

const phone = (teamId: number, i: number) => `+1312555${String(100 + ((teamId * 7 + i) % 100)).padStart(4, '0')}`;

/** The recipient's fate in a demo campaign, by position. */
function fate(i: number, sending: boolean): 'suppressed' | 'opted_out' | 'failed' | 'deferred' | 'sent' {
  if (i < 2) return 'suppressed';
  if (i === 2) return 'opted_out';
  if (i === 3 || i === 4) return 'failed';
  if (sending && i >= RECIPIENTS - 4) return 'deferred';
  return 'sent';
}

interface DemoCampaignCounts {
  readonly campaigns: number;
  readonly texts: number;
  readonly events: number;
}

export async function seedDemoCampaigns(
  store: CampaignSendStore,
  inbound: InboundTextStore,
  teamId: number,
  teamName: string,
  now: Date,
): Promise<DemoCampaignCounts> {
  let texts = 0;
  let events = 0;
  for (const [n, daysAgo] of CAMPAIGN_STARTS) {
    const sending = n === 1;
    const campaignId = demoCampaignId(teamId, n);
    const startedAt = new Date(now.getTime() - daysAgo * DAY_MS);
    const body = `${teamName}: spring tune-up, 20% off this week. Reply STOP to opt out.`;
    const recipients: ChunkRecipient[] = Array.from({ length: RECIPIENTS }, (_, i) => ({
      phone: phone(teamId, i + n * 3),
      body,
      segments: 1,
      suppressed: fate(i, sending) === 'suppressed',
    }));
    const suppressed = recipients.filter((r) => r.suppressed).length;
    const campaign: Campaign = {
      campaign_id: campaignId,
      team_id: teamId,
      campaign_type: 'seasonal_promotion',
      status: 'sending',
      message_template: body,
      fallback_message: null,
      settings: { include_opt_out: true, respect_quiet_hours: true },
      segmentation: null,
      recipients_count: RECIPIENTS,
      requested_count: RECIPIENTS,
      duplicates_collapsed: 0,
      chunk_count: 1,
      counts: { sent: 0, failed: 0, opted_out: suppressed, unconfirmed: 0, capped: 0 },
      replies: 0,
      estimated_cost_micros: (RECIPIENTS - suppressed) * PRICE_MICROS,
      actual_cost_micros: 0,
      price_per_segment_micros: PRICE_MICROS,
      scheduled_time: startedAt.toISOString(),
      completion_time: null,
      cancelled_at: null,
      created_at: startedAt.toISOString(),
      fanned_out: true,
    };
    await store.createCampaign(campaign, [recipients]);
    const at = (i: number) => new Date(startedAt.getTime() + i * 2000).toISOString();
    await store.recordUnsent(
      campaignId,
      teamId,
      recipients.filter((r) => r.suppressed).map((r) => ({ phone: r.phone, body: r.body, segments: r.segments, status: 'suppressed' })),
      at(0),
    );
    const outcomes: RecipientOutcome[] = [];
    for (const [i, r] of recipients.entries()) {
      const f = fate(i, sending);
      if (f === 'suppressed') continue;
      if (f === 'deferred') {
        const until = new Date(startedAt.getTime() + 14 * 3_600_000).toISOString();
        await store.recordUnsent(campaignId, teamId, [{ phone: r.phone, body: r.body, segments: 1, status: 'deferred', until }], at(i));
        continue;
      }
      if (f === 'opted_out') {
        outcomes.push({ phone: r.phone, status: 'opted_out', segments: 1, costMicros: 0, at: at(i) });
        continue;
      }
      await store.claimRecipients(campaignId, [{ phone: r.phone, body: r.body, segments: 1 }], { at: at(i), token: 'demo', teamId });
      outcomes.push(
        f === 'sent'
          ? {
              phone: r.phone,
              status: 'sent',
              segments: 1,
              costMicros: PRICE_MICROS,
              providerMessageId: `SMdemo${campaignId.slice(4, 12)}${i}`,
              at: at(i),
            }
          : { phone: r.phone, status: 'failed', segments: 1, costMicros: 0, error: 'carrier rejected the message (30007)', at: at(i) },
      );
    }
    await store.settleRecipients(campaignId, teamId, outcomes);
    const sentPhones = outcomes.filter((o) => o.status === 'sent').map((o) => o.phone);
    await store.rememberLastCampaign(teamId, sentPhones, campaignId, at(RECIPIENTS));
    if (!sending) await store.transitionCampaign(campaignId, ['sending'], 'completed', { completion_time: at(RECIPIENTS) });
    texts += RECIPIENTS;

    // Replies to the campaign: an opt-out, a help request, and (on the older one) an opt-in back.
    const replies: [string, SubscriptionEvent['type'], number][] = [
      ['STOP', 'opt_out', 5],
      ['HELP', 'help', 6],
      ...(sending ? [] : ([['START', 'opt_in', 5]] as [string, SubscriptionEvent['type'], number][])),
    ];
    for (const [k, [keyword, type, i]] of replies.entries()) {
      const from = recipients[i]?.phone as string;
      const when = new Date(startedAt.getTime() + (k + 1) * 3_600_000).toISOString();
      const messageId = `SMdemo-in-${campaignId.slice(4, 12)}-${k}`;
      const event: SubscriptionEvent = {
        event_id: messageId,
        team_id: teamId,
        type,
        phone: from,
        keyword,
        source: 'inbound_sms',
        suppression_change: type === 'opt_out' ? 'added' : type === 'opt_in' ? 'removed' : null,
        campaign_id: campaignId,
        occurred_at: when,
      };
      await inbound.claimInbound(teamId, messageId, when, event);
      if (type === 'opt_out') await store.suppress(teamId, from, keyword, when);
      if (type === 'opt_in') await store.unsuppress(teamId, from);
      await inbound.addReply(campaignId);
      events++;
    }
  }
  const operatorAt = new Date(now.getTime() - 3 * DAY_MS).toISOString();
  const operatorPhone = phone(teamId, 60);
  await store.suppress(teamId, operatorPhone, 'OPERATOR', operatorAt, {
    event_id: `op_demo_${teamId}`,
    team_id: teamId,
    type: 'suppressed',
    phone: operatorPhone,
    keyword: null,
    source: 'operator',
    suppression_change: 'added',
    campaign_id: null,
    occurred_at: operatorAt,
  });
  return { campaigns: CAMPAIGN_STARTS.length, texts, events: events + 1 };
}
