import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { OutboundText } from '#shared/domain/sms-campaigns/outbound-texts';
import type { SubscriptionEvent } from '#shared/domain/sms-campaigns/subscription-events';
import type { EventListQuery, OutboundFeedStore, TextListQuery } from '#shared/ports/outbound-feed-store';
import { isAppointmentTextItem, outboundTextOfAppointmentText, parseAppointmentTextItem } from './appointment-text-items';
import { campaignPk } from './keys';
import { subscriptionEventsPk, subscriptionEventTypePk, textsPk, textsStatusPk } from './outbound-keys';
import { fromSubscriptionEventItem, outboundTextOf, parseSendItem } from './sms-campaign-items';
import { readTimeOrdered, type TimeOrderedQuery } from './time-range';

/**
 * The outbound feeds of the campaigns table (keys in outbound-keys.ts, indexes in tables.ts; the
 * texts feed lists campaign send records and appointments' texts, appointment-text-items.ts): each
 * page is one Query of limit + 1 rows, newest first, the date range and the cursor in the key
 * condition. The one filter DynamoDB applies after the key is status within a campaign: it reads at
 * most that campaign's records.
 */
export class DynamoOutboundFeedStore implements OutboundFeedStore {
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
    // Campaign send records and appointments' texts share the team's indexes; each maps as its own kind.
    return items.map((item) => ({
      text: isAppointmentTextItem(item)
        ? outboundTextOfAppointmentText(parseAppointmentTextItem(item))
        : outboundTextOf(parseSendItem(item)),
      position: String(item.textsSk),
    }));
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
    return items.map((item) => ({ event: fromSubscriptionEventItem(item), position: String(item.sk) }));
  }
}
