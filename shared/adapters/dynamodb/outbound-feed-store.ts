import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { SendStatus } from '#shared/domain/sms/campaign';
import type { OutboundText } from '#shared/domain/sms/outbound-texts';
import type { SubscriptionEvent, SubscriptionEventType } from '#shared/domain/sms/subscription-events';
import { campaignPk } from './keys';
import { subscriptionEventsPk, subscriptionEventTypePk, textsPk, textsStatusPk } from './outbound-keys';
import type { Item } from './query';
import { readTimeOrdered, type TimeOrderedQuery } from './time-range';

interface PageQuery {
  readonly teamId: number;
  readonly start?: string;
  readonly end?: string;
  readonly after?: string;
  readonly limit: number;
}

interface TextListQuery extends PageQuery {
  readonly campaignId?: string;
  readonly status?: SendStatus;
}

interface EventListQuery extends PageQuery {
  readonly type?: SubscriptionEventType;
}

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);

function toText(item: Item): OutboundText {
  const status = item.status as SendStatus;
  const sk = String(item.sk);
  return {
    campaign_id: String(item.pk).slice('CAMPAIGN#'.length),
    team_id: item.team_id as number,
    recipient: sk.slice('SEND#'.length),
    segments: typeof item.segments === 'number' ? item.segments : 0,
    cost_micros: typeof item.cost_micros === 'number' ? item.cost_micros : 0,
    status,
    provider_message_id: str(item.provider_message_id),
    error: str(item.error),
    queued_at: String(item.recorded_at),
    sent_at: status === 'sent' ? str(item.settled_at) : null,
    updated_at: str(item.updated_at) ?? String(item.recorded_at),
    deferred_until: status === 'deferred' ? str(item.deferred_until) : null,
    send_at: str(item.send_at),
    rule: str(item.rule),
  };
}

function toEvent(item: Item): SubscriptionEvent {
  return {
    event_id: String(item.event_id),
    team_id: item.team_id as number,
    type: item.type as SubscriptionEventType,
    phone: String(item.phone),
    keyword: str(item.keyword),
    source: item.source as SubscriptionEvent['source'],
    suppression_change: (str(item.suppression_change) as SubscriptionEvent['suppression_change']) ?? null,
    campaign_id: str(item.campaign_id),
    occurred_at: String(item.occurred_at),
    // Events stored before replies were flagged carry neither.
    needs_review: item.needs_review === true,
    message: str(item.message),
  };
}

/**
 * The outbound feeds of the campaigns table (keys in outbound-keys.ts, indexes in tables.ts): each
 * page is one Query of limit + 1 rows, newest first, the date range and the cursor in the key
 * condition. The one filter DynamoDB applies after the key is status within a campaign: it reads at
 * most that campaign's records.
 */
export class DynamoOutboundFeedStore {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async listTexts(q: TextListQuery): Promise<{ text: OutboundText; position: string }[]> {
    const partition: Pick<TimeOrderedQuery, 'indexName' | 'partitionKeyName' | 'partitionKeyValue' | 'filter'> =
      q.campaignId !== undefined
        ? {
            indexName: 'textsByCampaign',
            partitionKeyName: 'pk',
            partitionKeyValue: campaignPk(q.campaignId),
            filter:
              q.status !== undefined
                ? {
                    FilterExpression: '#status = :status',
                    ExpressionAttributeNames: { '#status': 'status' },
                    ExpressionAttributeValues: { ':status': q.status },
                  }
                : undefined,
          }
        : q.status !== undefined
          ? { indexName: 'textsByTeamStatus', partitionKeyName: 'textsStatusPk', partitionKeyValue: textsStatusPk(q.teamId, q.status) }
          : { indexName: 'textsByTeam', partitionKeyName: 'textsPk', partitionKeyValue: textsPk(q.teamId) };
    const items = await readTimeOrdered(this.client, {
      tableName: this.tableName,
      ...partition,
      sortKeyName: 'textsSk',
      start: q.start,
      end: q.end,
      after: q.after,
      want: q.limit + 1,
    });
    return items.map((item) => ({ text: toText(item), position: String(item.textsSk) }));
  }

  async listSubscriptionEvents(q: EventListQuery): Promise<{ event: SubscriptionEvent; position: string }[]> {
    const items = await readTimeOrdered(this.client, {
      tableName: this.tableName,
      ...(q.type !== undefined
        ? { indexName: 'byEventType', partitionKeyName: 'eventTypePk', partitionKeyValue: subscriptionEventTypePk(q.teamId, q.type) }
        : { partitionKeyName: 'pk', partitionKeyValue: subscriptionEventsPk(q.teamId) }),
      sortKeyName: 'sk',
      start: q.start,
      end: q.end,
      after: q.after,
      want: q.limit + 1,
    });
    return items.map((item) => ({ event: toEvent(item), position: String(item.sk) }));
  }
}
