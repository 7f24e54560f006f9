import { randomUUID } from 'node:crypto';
import { type InboundAction, readInbound } from '#shared/domain/sms/revocation';
import type { Team } from '#shared/domain/tenancy';
import type { InboundTextStore, SuppressionChange } from '#shared/ports/sms-campaign-store';
import type { SmsProvider } from '#shared/ports/sms-provider';
import type { SubscriptionEvent, SubscriptionEventType } from './subscription-events';

export type { InboundAction } from '#shared/domain/sms/revocation';

export function autoReply(action: InboundAction, team: Team): string | null {
  switch (action) {
    case 'opted_out':
      return `${team.name}: you are unsubscribed and will receive no more messages. Reply START to resubscribe.`;
    case 'opted_in':
      return `${team.name}: you are subscribed again. Reply STOP to opt out, HELP for help.`;
    case 'help':
      return `${team.name}: reply STOP to opt out, START to resubscribe. Msg & data rates may apply.`;
    case 'reply':
      return null;
  }
}

export interface InboundResult {
  readonly action: InboundAction;
  /** A reply that may be a revocation in other words: recorded for an operator to look at. */
  readonly needsReview: boolean;
  readonly duplicate: boolean;
  readonly campaignId: string | null;
  readonly reply: string | null;
}

/** How much of a flagged reply its review event keeps: enough to judge it, no more. */
const REVIEW_MESSAGE_CHARS = 320;

/**
 * Handles one inbound text (see revocation.ts for how it is read):
 * - an opt-out adds the number to the team's suppression list, an opt-in removes it; the change is
 *   written in the same transaction as the message id's claim and its subscription event, so a
 *   crash or a redelivered webhook can neither lose it nor apply it twice;
 * - the opt-out confirmation goes out once per opt-out: the first STOP claims it on the
 *   suppression record, a repeated STOP (another message id) finds it claimed and gets nothing;
 *   a redelivered STOP whose first delivery stopped before the claim sends it then;
 * - a reply that uses a revocation word in another sense is not an opt-out: its event carries
 *   `needs_review`, for an operator (the subscription-events feed, `messaging review`);
 * - every inbound text from a number a campaign texted counts as a reply to that (latest) campaign.
 */
export async function handleInboundText(
  deps: { store: InboundTextStore; sms: SmsProvider },
  input: { team: Team; from: string; body: string; messageId: string | null; now: Date },
): Promise<InboundResult> {
  const reading = readInbound(input.body);
  const { action, needsReview } = reading;
  const messageId = input.messageId ?? randomUUID();
  const at = input.now.toISOString();
  const keyword = reading.keyword ?? input.body.trim().toUpperCase().slice(0, 40);
  // Read before the claim so the keyword's event, written with the claim, names the campaign.
  const campaignId = await deps.store.lastCampaignFor(input.team.id, input.from);
  const type = needsReview ? 'possible_opt_out' : EVENT_TYPES[action];
  const event: SubscriptionEvent | null = type
    ? {
        event_id: messageId,
        team_id: input.team.id,
        type,
        phone: input.from,
        keyword,
        source: 'inbound_sms',
        suppression_change: action === 'opted_out' ? 'added' : action === 'opted_in' ? 'removed' : null,
        campaign_id: campaignId,
        occurred_at: at,
        needs_review: needsReview,
        message: needsReview ? input.body.slice(0, REVIEW_MESSAGE_CHARS) : null,
      }
    : null;
  const change: SuppressionChange | null =
    action === 'opted_out'
      ? { kind: 'add', phone: input.from, keyword }
      : action === 'opted_in'
        ? { kind: 'remove', phone: input.from }
        : null;
  const claimed = await deps.store.claimInbound(input.team.id, messageId, at, event, change);
  if (!claimed) {
    const reply = action === 'opted_out' ? await confirmOptOut(deps, input.team, input.from, messageId, at) : null;
    return { action, needsReview, duplicate: true, campaignId: null, reply };
  }
  if (campaignId) await deps.store.addReply(campaignId);
  if (action === 'opted_out') {
    const reply = await confirmOptOut(deps, input.team, input.from, messageId, at);
    return { action, needsReview, duplicate: false, campaignId, reply };
  }
  const reply = autoReply(action, input.team);
  if (reply) await deps.sms.send({ to: input.from, body: reply, reference: `inbound:${messageId}` });
  return { action, needsReview, duplicate: false, campaignId, reply };
}

/**
 * The one confirmation an opt-out may get (47 CFR 64.1200(a)(12): one text, no marketing, presumed
 * lawful within five minutes): claimed on the suppression record first, so it is sent at most once
 * per opt-out however many STOPs arrive; null when another STOP already claimed it.
 */
async function confirmOptOut(
  deps: { store: InboundTextStore; sms: SmsProvider },
  team: Team,
  phone: string,
  messageId: string,
  at: string,
): Promise<string | null> {
  if (!(await deps.store.claimOptOutConfirmation(team.id, phone, at))) return null;
  const reply = autoReply('opted_out', team);
  if (reply) await deps.sms.send({ to: phone, body: reply, reference: `inbound:${messageId}` });
  return reply;
}

const EVENT_TYPES: Record<InboundAction, SubscriptionEventType | null> = {
  opted_out: 'opt_out',
  opted_in: 'opt_in',
  help: 'help',
  reply: null,
};
