import type { DynamoDBDocumentClient, QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { redactedEventDetail } from '#shared/domain/data-subject-deletions/redacted-event';
import { type DataSubject, mentionsSubject } from '#shared/domain/data-subject-deletions/request';
import { type ErasedTables, exactItem, index, type KindSpec, partition } from './data-subject-deletion-kind';
import { campaignPk, teamPk } from './keys';
import { subscriptionEventsPk, textsPk } from './outbound-keys';
import { dueHistoryPk, historyPk, parseEventDetail } from './outbox';
import { type Item, queryPages } from './query';
import { teamCampaignsPk } from './sms-campaign-items';

type MessageKind = 'campaign_recipients' | 'texts' | 'text_ledgers' | 'subscription_events' | 'webhook_deliveries' | 'outbox_events';

const recipientsOf = (item: Item) => (Array.isArray(item.recipients) ? (item.recipients as Record<string, unknown>[]) : []);
const isPersonsText = (item: Item, s: DataSubject) => s.phone !== null && String(item.textsSk ?? '').endsWith(`#${s.phone}`);

/** Texts to and from the person, what campaigns planned for them, and the events and deliveries naming them. */
export function messageKinds(client: DynamoDBDocumentClient, t: ErasedTables): Record<MessageKind, KindSpec> {
  return {
    campaign_recipients: {
      // Before texts: a campaign still sending must not find the person in a chunk once their send
      // record (its exactly-once guard) is gone, or a redelivered chunk would text them again.
      table: t.campaigns,
      queries: async (team, d) =>
        (await campaignsOf(client, t.campaigns, team, d.subject)).map((id) => partition(t.campaigns, campaignPk(id), 'CHUNK#')),
      matches: (item, s) => recipientsOf(item).some((r) => r.phone === s.phone),
      removal: async (item, s) => ({ set: { recipients: recipientsOf(item).filter((r) => r.phone !== s.phone) } }),
    },
    texts: {
      table: t.campaigns,
      queries: async (team) => [index(t.campaigns, 'textsByTeam', 'textsPk', textsPk(team))],
      matches: isPersonsText,
      removal: async () => 'delete',
    },
    text_ledgers: {
      // Keyed by the number: the last campaign that texted it (reply attribution) and its
      // frequency-cap slots. The suppression item, also keyed by it, is kept.
      table: t.campaigns,
      queries: async (team, d) => {
        const phone = d.subject?.phone;
        if (!phone) return [];
        return [exactItem(t.campaigns, `${teamPk(team)}#LASTCAMPAIGN`, phone), exactItem(t.campaigns, `${teamPk(team)}#CAP`, phone)];
      },
      matches: () => true,
      removal: async () => 'delete',
    },
    subscription_events: {
      // The events are the opt-out's record and stay; a reply's text kept for review does not.
      table: t.campaigns,
      queries: async (team) => [partition(t.campaigns, subscriptionEventsPk(team))],
      matches: (item, s) => item.phone === s.phone && typeof item.message === 'string',
      removal: async () => ({ set: { message: null } }),
    },
    webhook_deliveries: {
      table: t.webhooks,
      queries: async (team) => deliveryQueries(client, t.webhooks, team),
      matches: (item, s) => typeof item.payload === 'string' && mentionsSubject(item.payload, s),
      removal: async (item) => ({
        set: { payload: JSON.stringify({ event: item.eventType, event_id: item.eventId, redacted: true }) },
      }),
    },
    outbox_events: outboxEventsKind(t),
  };
}

/**
 * Sent events are deleted, so a replay cannot send them again. Events still due go out all the same
 * (their receivers count on them), redacted: the publisher sends the item as it is when it
 * publishes, not the copy its stream record carries.
 */
function outboxEventsKind(t: ErasedTables): KindSpec {
  return {
    table: t.outbox,
    queries: async (team) => [
      index(t.outbox, 'history', 'historyPk', historyPk(team)),
      index(t.outbox, 'history', 'historyPk', dueHistoryPk(team)),
    ],
    matches: (item, s) => typeof item.detail === 'string' && mentionsSubject(item.detail, s),
    removal: async (item, s) => {
      if (item.state !== 'due') return 'delete';
      const detail = parseEventDetail(String(item.detail));
      return { set: { detail: JSON.stringify(redactedEventDetail(detail ?? {}, s)) } };
    },
  };
}

/**
 * The team's campaigns that may hold the person in a chunk: every campaign the team created (its
 * campaigns list), and those that recorded a text to the number (campaigns created before the list).
 */
async function campaignsOf(client: DynamoDBDocumentClient, table: string, team: number, subject: DataSubject | null) {
  const ids = new Set<string>();
  if (subject?.phone == null) return [];
  for await (const page of queryPages(client, partition(table, teamCampaignsPk(team)))) {
    for (const item of page) ids.add(String(item.campaign_id));
  }
  for await (const page of queryPages(client, index(table, 'textsByTeam', 'textsPk', textsPk(team)))) {
    for (const item of page) {
      if (isPersonsText(item, subject) && String(item.pk).startsWith('CAMPAIGN#')) ids.add(String(item.pk).slice('CAMPAIGN#'.length));
    }
  }
  return [...ids];
}

async function deliveryQueries(client: DynamoDBDocumentClient, table: string, team: number) {
  const queries: QueryCommandInput[] = [];
  for await (const page of queryPages(client, partition(table, teamPk(team), 'WEBHOOK#'))) {
    for (const item of page) queries.push(index(table, 'deliveriesByTime', 'listPk', `WEBHOOK#${String(item.webhookId)}`));
  }
  return queries;
}
