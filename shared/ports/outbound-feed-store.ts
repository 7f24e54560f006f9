import type { SendStatus } from '#shared/domain/sms-campaigns/campaign';
import type { OutboundText } from '#shared/domain/sms-campaigns/outbound-texts';
import type { SubscriptionEvent, SubscriptionEventType } from '#shared/domain/sms-campaigns/subscription-events';

/** One page of a team's feed, newest first: `limit + 1` rows at most (the extra one tells a next page exists). */
interface FeedPageQuery {
  readonly teamId: number;
  /** The range [start, end) of the rows' times. */
  readonly start?: string;
  readonly end?: string;
  /** The position of the last row of the previous page. */
  readonly after?: string;
  readonly limit: number;
}

export interface TextListQuery extends FeedPageQuery {
  readonly campaignId?: string;
  readonly status?: SendStatus;
}

export interface EventListQuery extends FeedPageQuery {
  readonly type?: SubscriptionEventType;
}

/** The outbound texting feeds: campaign texts and subscription events, each row with its cursor position. */
export interface OutboundFeedStore {
  listTexts(q: TextListQuery): Promise<{ text: OutboundText; position: string }[]>;
  listSubscriptionEvents(q: EventListQuery): Promise<{ event: SubscriptionEvent; position: string }[]>;
}
