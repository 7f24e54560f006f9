import * as z from 'zod/mini';
import { TEXT_PURPOSES, TEXT_STATUSES } from '#shared/domain/sms-campaigns/outbound-texts';
import { SUBSCRIPTION_EVENT_SOURCES, SUBSCRIPTION_EVENT_TYPES } from '#shared/domain/sms-campaigns/subscription-events';
import { atLoad } from '#shared/lazy';
import { OUTBOUND_ROUTES } from '#shared/route-table/outbound';
import { dateRangeMembers, enumParam, startBeforeEnd, teamPath, v1PageMembers } from '#shared/schemas/query-parts';
import { defineContract, type ResponseSchema, responseSchema } from './contract';
import { cursorPagination, dateTime, id, nullableDateTime, nullableString } from './responses';

/** Outbound texting feeds (functions/list-outbound-texts, list-subscription-events; read:outbound). */

// ---------------------------------------------------------------------------------------------
// Inputs

/** Campaign ids as the campaign routes issue them (campaign-service.ts getTeamCampaign). */
const campaignIdParam = /* @__PURE__ */ atLoad(() =>
  z
    .optional(
      z
        .string()
        .check(z.regex(/^cmp_[0-9a-f]{20}$/, { error: 'must be a campaign id as the campaign routes return it (cmp_ and 20 hex digits)' })),
    )
    .check(z.describe('Only the texts of this campaign (cmp_ and 20 hex digits); another team’s campaign answers 404')),
);

export const outboundTextsQuery = /* @__PURE__ */ atLoad(() =>
  startBeforeEnd(z.object({ campaign_id: campaignIdParam, status: enumParam(TEXT_STATUSES), ...dateRangeMembers, ...v1PageMembers })),
);

export const subscriptionEventsQuery = /* @__PURE__ */ atLoad(() =>
  startBeforeEnd(z.object({ type: enumParam(SUBSCRIPTION_EVENT_TYPES), ...dateRangeMembers, ...v1PageMembers })),
);

// ---------------------------------------------------------------------------------------------
// Responses

export const outboundText = /* @__PURE__ */ responseSchema((z) =>
  z
    .strictObject({
      campaign_id: nullableString().describe('The campaign that sent the text; null for a text outside campaigns (see purpose)'),
      purpose: z
        .enum(TEXT_PURPOSES)
        .describe(
          'Why the text was sent: campaign (a campaign recipient’s text); booking_confirmation, booking_reminder, booking_change (the texts an appointment sends on its own: transactional, not held by calling hours or caps, never to a suppressed number); booking_recovery (a text to a customer who left a booking unfinished)',
        ),
      appointment_id: nullableString().describe('The appointment a booking text is about; null for campaign texts'),
      team_id: id(),
      recipient: z.string().describe('The recipient number, E.164'),
      body: nullableString().describe(
        'The text as sent (while not sent: as it would be sent); null on campaign texts recorded before bodies were kept',
      ),
      segments: z.int().min(0).describe('SMS segments of the rendered message'),
      cost: z.number().min(0).describe('What the text cost in US dollars (0 unless sent)'),
      status: z
        .enum(TEXT_STATUSES)
        .describe(
          'sending: claimed by the sender, outcome not recorded yet; sent; failed (see error); opted_out: opted out after the campaign was planned; unconfirmed: the sender stopped before recording the provider answer (never sent again); deferred: waiting for the recipient’s send window or frequency-cap slot (see deferred_until, error); suppressed: on the suppression list when the campaign was planned (a text outside campaigns: when it was due), never texted; capped: skipped by a state frequency cap when the campaign was planned (error says which), never texted; skipped: a recovery text that waited for its window and was not sent because it had no reason to go any more (error says why, e.g. the session was booked meanwhile)',
        ),
      provider_message_id: nullableString(),
      error: nullableString().describe('Why the text failed, is unconfirmed, was capped or skipped, or waits for a frequency-cap slot'),
      queued_at: dateTime().describe('When the text was recorded: claimed for sending, deferred or suppressed (the feed’s order)'),
      sent_at: nullableDateTime().describe('When the provider accepted the text; null unless sent'),
      updated_at: dateTime(),
      deferred_until: nullableDateTime().describe('When the recipient’s send window opens; null unless deferred'),
      send_at: nullableDateTime().describe(
        'The first instant the text could go out under the calling-hours rules when the campaign was planned (as its preflight showed); null on older texts',
      ),
      rule: nullableString().describe('Which rule set send_at, e.g. `TX Sunday 12:00`; null on older texts'),
    })
    .describe('One text: a campaign recipient’s, or one an appointment sent on its own (purpose)'),
);

export const subscriptionEvent = /* @__PURE__ */ responseSchema((z) =>
  z
    .strictObject({
      event_id: z.string().describe('The inbound message id, or an id of the operator change'),
      team_id: id(),
      type: z
        .enum(SUBSCRIPTION_EVENT_TYPES)
        .describe(
          'opt_out, opt_in, help: keyword received; possible_opt_out: a reply that uses a revocation word in a way that may not be one (needs_review); suppressed, unsuppressed: operator change',
        ),
      phone: z.string().describe('The number, E.164'),
      keyword: nullableString().describe('The keyword or phrase that decided it (upper case); null for an operator change'),
      source: z.enum(SUBSCRIPTION_EVENT_SOURCES),
      suppression_change: z.enum(['added', 'removed']).nullable().describe('What the event did to the team’s suppression list'),
      campaign_id: nullableString().describe('The last campaign that texted the number, when one did'),
      occurred_at: dateTime(),
      needs_review: z
        .boolean()
        .describe('True for a possible_opt_out: an operator should read message and opt the number out if it meant stop'),
      message: nullableString().describe('The text of a reply flagged for review (first 320 characters); null otherwise'),
    })
    .describe('A keyword received from a texted number, or a change of the suppression list'),
);

export const listOutboundTextsResponse = /* @__PURE__ */ responseSchema((z) =>
  z.strictObject({ data: z.array(outboundText()), pagination: cursorPagination(), meta: z.strictObject({ team_id: id() }) }),
);

export const listSubscriptionEventsResponse = /* @__PURE__ */ responseSchema((z) =>
  z.strictObject({ data: z.array(subscriptionEvent()), pagination: cursorPagination(), meta: z.strictObject({ team_id: id() }) }),
);

// ---------------------------------------------------------------------------------------------
// Contracts

export const listOutboundTexts = /* @__PURE__ */ defineContract(OUTBOUND_ROUTES, {
  routeId: 'listOutboundTexts',
  path: teamPath,
  query: outboundTextsQuery,
  responses: { 200: listOutboundTextsResponse },
  errors: { 404: 'The team, or the campaign named by campaign_id, is unknown or not reachable with this key' },
});

export const listSubscriptionEvents = /* @__PURE__ */ defineContract(OUTBOUND_ROUTES, {
  routeId: 'listSubscriptionEvents',
  path: teamPath,
  query: subscriptionEventsQuery,
  responses: { 200: listSubscriptionEventsResponse },
});

export const OUTBOUND_COMPONENTS = {
  OutboundText: outboundText,
  SubscriptionEvent: subscriptionEvent,
  ListOutboundTextsResponse: listOutboundTextsResponse,
  ListSubscriptionEventsResponse: listSubscriptionEventsResponse,
} as const satisfies Record<string, ResponseSchema>;
