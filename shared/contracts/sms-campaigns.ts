import * as z from 'zod/mini';
import { OPT_IN_KEYWORDS, OPT_OUT_KEYWORDS } from '#shared/domain/sms/revocation';
import { campaignRequestSchema } from '#shared/domain/sms-campaigns/campaign-request';
import { atLoad } from '#shared/lazy';
import { SMS_CAMPAIGN_ROUTES } from '#shared/route-table/sms-campaigns';
import { campaignPath } from '#shared/schemas/query-parts';
import { defineContract, type ResponseSchema, responseSchema } from './contract';
import { idempotencyKeyHeader, preflightHeader, workspaceHeader } from './headers';
import { count, dateTime, nullableDateTime, nullableString, requestMeta } from './responses';

/**
 * SMS campaigns and inbound texts (functions/create-sms-campaign, get-, cancel-sms-campaign,
 * receive-inbound-sms). Four functions import this module and each uses one contract: contracts
 * and request schemas are `/* @__PURE__ *\/` calls (`atLoad`, shared/lazy.ts), so a function's
 * bundle builds its own route's schemas and drops the others (the campaign request alone is about
 * 350 zod schema objects).
 */

/** 10,000 recipients with custom fields fit comfortably; API Gateway's own limit is 10 MB. */
export const MAX_CAMPAIGN_BODY_BYTES = 6 * 1024 * 1024;
const MAX_INBOUND_BODY_BYTES = 64 * 1024;
const MAX_CANCEL_BODY_BYTES = 16 * 1024;

// ---------------------------------------------------------------------------------------------
// Bodies

/** An inbound text as the SMS provider (or a bridge from its event stream) posts it. */
export const inboundSmsBody = /* @__PURE__ */ atLoad(() =>
  z.object({
    from: z
      .string({ error: 'is required' })
      .check(
        z.minLength(1, { error: 'is required' }),
        z.maxLength(40),
        z.describe('The sender’s number; normalized to E.164 in the team’s region (invalid: 400 naming from)'),
      ),
    to: z.nullable(z.optional(z.string().check(z.maxLength(40)))).check(z.describe('The number texted')),
    body: z.string({ error: 'is required' }).check(z.maxLength(1600, { error: 'must be at most 1600 characters' }), z.describe('The text')),
    message_id: z
      .nullable(z.optional(z.string().check(z.minLength(1), z.maxLength(200))))
      .check(z.describe('The provider’s message id; a repeated id is acknowledged and handled once')),
    received_at: z.nullable(z.optional(z.iso.datetime({ offset: true }))),
  }),
);

/** Cancel takes no body; one that is sent goes through the same safe parse as every POST body, and is ignored. */
const ignoredBody = /* @__PURE__ */ atLoad(() =>
  z.record(z.string(), z.unknown()).check(z.describe('Ignored: the cancel takes no body (one that is sent must still be a JSON object)')),
);

// ---------------------------------------------------------------------------------------------
// Responses (shared/presenters/sms-campaigns.ts; functions/*-sms-*)

const dollars = /* @__PURE__ */ responseSchema((z) => z.number().min(0));

export const smsCampaign = /* @__PURE__ */ responseSchema((z) =>
  z
    .strictObject({
      campaign_id: z.string().describe('cmp_ followed by 20 hexadecimal characters'),
      status: z
        .enum(['scheduled', 'sending', 'completed', 'cancelled'])
        .describe('scheduled: starts at scheduled_time; sending: texts are going out; completed: every recipient settled; cancelled'),
      recipients_count: count().describe('Unique recipients, after collapsing duplicate numbers'),
      messages_sent: count().describe('Texts sent so far'),
      estimated_cost: dollars().describe('Dollars: segments of the messages to send × the price per segment'),
      scheduled_time: dateTime().describe('When the campaign starts or started'),
      completion_time: nullableDateTime().describe('When every recipient was settled; null until then'),
      counts: z
        .strictObject({
          sent: count(),
          failed: count().describe('The provider refused the text'),
          opted_out: count().describe('On the team’s suppression list; never texted'),
          unconfirmed: count().describe(
            'The sender stopped (a crash, a timeout) between texting and recording the answer: the text may have gone out, and is never sent again',
          ),
          capped: count().describe(
            'Skipped because the number was at its state’s frequency cap (Florida, Oklahoma, Maryland: 3 solicitations in 24 hours, counting texts sent and texts other campaigns planned); never texted',
          ),
          cancelled: count().describe('Not sent because the campaign was cancelled'),
          pending: count().describe('Not settled yet'),
        })
        .describe('Where every recipient stands'),
      duplicates_collapsed: count().describe('Recipients left out because their number was already listed'),
      last_send_at: nullableDateTime().describe(
        'When the last recipient’s text may go out under the calling-hours rules (state and federal hours, closed days, the team’s quiet hours); null on campaigns created before these rules',
      ),
      estimated_completion_time: nullableDateTime().describe(
        'When every text should be out: the later of last_send_at and the time the team’s sending rate needs for the recipients; null on older campaigns',
      ),
      actual_cost: dollars().describe('Dollars spent on the segments actually sent'),
      replies: count().describe('Inbound texts from the campaign’s recipients after it texted them (counted by the inbound webhook)'),
    })
    .describe('An SMS campaign and its progress'),
);

export const smsCampaignResponse = /* @__PURE__ */ responseSchema((z) =>
  z.strictObject({ data: smsCampaign(), meta: requestMeta() }).describe('The campaign with its current counts'),
);

export const smsCampaignPreflight = /* @__PURE__ */ responseSchema((z) =>
  z
    .strictObject({
      data: z.strictObject({
        preflight: z.literal(true),
        recipients_count: count().describe('Unique recipients'),
        requested_count: count().describe('Recipients in the request, duplicates included'),
        duplicates_collapsed: count(),
        opted_out: count().describe('Recipients on the suppression list (they would not be texted)'),
        capped: count().describe('Recipients a frequency cap would skip (see recipients[].capped)'),
        fallback_count: count().describe('Recipients that would get fallback_message'),
        segments: count().describe('Segments that would be sent'),
        estimated_cost: dollars(),
        price_per_segment: dollars(),
        last_send_at: nullableDateTime().describe('When the last recipient’s text may go out under the calling-hours rules'),
        estimated_completion_time: nullableDateTime().describe('When every text should be out at the team’s sending rate'),
        recipients: z.array(
          z.strictObject({
            index: count().describe('Position in the request’s recipients'),
            phone: z.string().describe('E.164'),
            encoding: z.enum(['GSM-7', 'UCS-2']),
            segments: count(),
            used_fallback: z.boolean(),
            suppressed: z.boolean(),
            send_at: nullableDateTime().describe(
              'The first instant the text may go out, given schedule_time and the calling-hours rules; null when suppressed',
            ),
            rule: nullableString().describe(
              'Which rule set send_at: `TX Sunday 12:00` (waits for that opening) or `federal Tuesday 8:00–21:00` (open at once); `none` when respect_quiet_hours is false',
            ),
            capped: nullableString().describe('Why a frequency cap would skip this recipient (never texted); null when it would not'),
            message: z.string().describe('The text as it would be sent, opt-out line included'),
          }),
        ),
      }),
      meta: requestMeta(),
    })
    .describe('Preflight: the campaign validated and priced per recipient; nothing was stored or sent'),
);

export const inboundSmsResponse = /* @__PURE__ */ responseSchema((z) =>
  z
    .strictObject({
      success: z.literal(true),
      message: z.string(),
      data: z.strictObject({
        action: z
          .enum(['opted_out', 'opted_in', 'help', 'reply'])
          .describe(
            `opted_out: ${OPT_OUT_KEYWORDS.join(', ')} (any case, with filler, punctuation or emoji, common misspellings, phrases such as "stop texting me" or "no more texts", Spanish alto, para, no más mensajes); opted_in: ${OPT_IN_KEYWORDS.join(', ')}; help: HELP, INFO, AYUDA; reply: anything else`,
          ),
        needs_review: z
          .boolean()
          .describe(
            'A reply that uses a revocation word in another sense: not an opt-out, recorded as a possible_opt_out subscription event for an operator',
          ),
        duplicate: z.boolean().describe('True when this message_id was handled before (nothing was done again)'),
        campaign_id: nullableString().describe('The campaign the text counts as a reply to'),
        reply: nullableString().describe(
          'The text sent back, if any: one confirmation per opt-out (none for a repeated STOP), the help or resubscribe text',
        ),
      }),
      meta: requestMeta(),
    })
    .describe('How the inbound text was handled'),
);

// ---------------------------------------------------------------------------------------------
// Contracts

export const createSmsCampaign = /* @__PURE__ */ defineContract(SMS_CAMPAIGN_ROUTES, {
  routeId: 'createSmsCampaign',
  headers: /* @__PURE__ */ atLoad(() => z.object({ ...idempotencyKeyHeader, ...workspaceHeader, ...preflightHeader })),
  body: { schema: campaignRequestSchema, maxBytes: MAX_CAMPAIGN_BODY_BYTES },
  responses: { 202: smsCampaignResponse, 200: smsCampaignPreflight },
});

export const getSmsCampaign = /* @__PURE__ */ defineContract(SMS_CAMPAIGN_ROUTES, {
  routeId: 'getSmsCampaign',
  path: campaignPath,
  headers: /* @__PURE__ */ atLoad(() => z.object(workspaceHeader)),
  responses: { 200: smsCampaignResponse },
  errors: { 404: 'No campaign with this id for the workspace’s team (another team’s campaign answers the same)' },
});

export const cancelSmsCampaign = /* @__PURE__ */ defineContract(SMS_CAMPAIGN_ROUTES, {
  routeId: 'cancelSmsCampaign',
  path: campaignPath,
  headers: /* @__PURE__ */ atLoad(() => z.object({ ...idempotencyKeyHeader, ...workspaceHeader })),
  body: { schema: ignoredBody, maxBytes: MAX_CANCEL_BODY_BYTES, required: false },
  responses: { 200: smsCampaignResponse },
  errors: {
    404: 'No campaign with this id for the workspace’s team',
    409: 'Conflict: the campaign is already completed or cancelled (field status)',
  },
});

export const receiveInboundSms = /* @__PURE__ */ defineContract(SMS_CAMPAIGN_ROUTES, {
  routeId: 'receiveInboundSms',
  headers: /* @__PURE__ */ atLoad(() => z.object({ ...idempotencyKeyHeader, ...workspaceHeader })),
  body: { schema: inboundSmsBody, maxBytes: MAX_INBOUND_BODY_BYTES },
  responses: { 200: inboundSmsResponse },
});

export const SMS_COMPONENTS = {
  SmsCampaign: smsCampaign,
  SmsCampaignResponse: smsCampaignResponse,
  SmsCampaignPreflight: smsCampaignPreflight,
  InboundSmsResponse: inboundSmsResponse,
} as const satisfies Record<string, ResponseSchema>;
