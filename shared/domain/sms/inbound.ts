import { randomUUID } from 'node:crypto';
import type { Team } from '#shared/domain/tenancy';
import type { CampaignStore } from '#shared/ports/campaign-store';
import type { SmsProvider } from '#shared/ports/sms-provider';
import type { SubscriptionEvent, SubscriptionEventType } from './subscription-events';

/** CTIA keywords, matched case-insensitively on the whole trimmed message. */
export const OPT_OUT_KEYWORDS = ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'REVOKE', 'OPTOUT'] as const;
export const OPT_IN_KEYWORDS = ['START', 'YES', 'UNSTOP'] as const;
export const HELP_KEYWORDS = ['HELP', 'INFO'] as const;

export type InboundAction = 'opted_out' | 'opted_in' | 'help' | 'reply';

export function classifyInbound(body: string): InboundAction {
  const word = body
    .trim()
    .replace(/[.!]+$/, '')
    .toUpperCase();
  if ((OPT_OUT_KEYWORDS as readonly string[]).includes(word)) return 'opted_out';
  if ((OPT_IN_KEYWORDS as readonly string[]).includes(word)) return 'opted_in';
  if ((HELP_KEYWORDS as readonly string[]).includes(word)) return 'help';
  return 'reply';
}

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
  readonly duplicate: boolean;
  readonly campaignId: string | null;
  readonly reply: string | null;
}

/**
 * Handles one inbound text: opt-out keywords add the number to the team's suppression list, opt-in
 * keywords remove it, help keywords get the help text; every inbound text from a number a campaign
 * texted counts as a reply to that (latest) campaign. The confirmation text goes back through the
 * SMS provider. A message id seen before is acknowledged and ignored (webhooks are redelivered).
 */
export async function handleInboundText(
  deps: { store: CampaignStore; sms: SmsProvider },
  input: { team: Team; from: string; body: string; messageId: string | null; now: Date },
): Promise<InboundResult> {
  const action = classifyInbound(input.body);
  const messageId = input.messageId ?? randomUUID();
  const at = input.now.toISOString();
  const keyword = input.body.trim().toUpperCase();
  // Read before the claim so the keyword's event, written with the claim, names the campaign.
  const campaignId = await deps.store.lastCampaignFor(input.team.id, input.from);
  const type = EVENT_TYPES[action];
  const event: SubscriptionEvent | null = type
    ? {
        event_id: messageId,
        team_id: input.team.id,
        type,
        phone: input.from,
        keyword: keyword.replace(/[.!]+$/, ''),
        source: 'inbound_sms',
        suppression_change: action === 'opted_out' ? 'added' : action === 'opted_in' ? 'removed' : null,
        campaign_id: campaignId,
        occurred_at: at,
      }
    : null;
  if (!(await deps.store.claimInbound(input.team.id, messageId, at, event))) {
    return { action, duplicate: true, campaignId: null, reply: null };
  }
  if (action === 'opted_out') await deps.store.suppress(input.team.id, input.from, keyword, at);
  if (action === 'opted_in') await deps.store.unsuppress(input.team.id, input.from);
  if (campaignId) await deps.store.addReply(campaignId);
  const reply = autoReply(action, input.team);
  if (reply) await deps.sms.send({ to: input.from, body: reply, reference: `inbound:${messageId}` });
  return { action, duplicate: false, campaignId, reply };
}

const EVENT_TYPES: Record<InboundAction, SubscriptionEventType | null> = {
  opted_out: 'opt_out',
  opted_in: 'opt_in',
  help: 'help',
  reply: null,
};
