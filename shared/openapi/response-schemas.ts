import * as z from 'zod';
import { ANALYTICS_BLOCKS, GROUPED_BLOCK_MAX_ROWS } from '../domain/analytics';
import { TARGET_FIELDS } from '../domain/intake/field-mapping';
import { SCHEDULING_MODES } from '../domain/intake/scheduling';
import { LEAD_TYPES } from '../domain/leads';
import { SESSION_EVENT_TYPES, SESSION_STATUSES } from '../domain/sessions';
import { OPT_IN_KEYWORDS, OPT_OUT_KEYWORDS } from '../domain/sms/inbound';

/**
 * Response bodies of the routes, as zod schemas: the OpenAPI document is generated from them and the
 * contract tests validate real responses against that document. They mirror the domain mappers
 * (toPublicSession, toUnifiedLead, toCanonicalLead, toPublicCall, computeFunnel,
 * computeSchedulerAnalytics) and the handlers' envelopes. Objects are closed (no additional
 * properties) wherever the shape is fully known, so a field added or renamed in a handler fails the
 * contract test until it is documented here.
 */

const dateTime = z.iso.datetime().describe('UTC instant, ISO 8601 (e.g. 2026-11-01T14:03:27.000Z)');
const nullableDateTime = z.iso.datetime().nullable();
const count = z.int().min(0);
const id = z.int().min(1);
const fraction = z.number().min(0).max(1);
const nullableString = z.string().nullable();
const freeObject = z.record(z.string(), z.unknown());

// ---------------------------------------------------------------------------------------------
// Errors (one shape per surface; shared/http/error-bodies.ts, gateway responses included)

export const readError = z
  .strictObject({
    error: z
      .string()
      .describe(
        'Error code: invalid_request (400), unauthorized (401), forbidden (403), not_found (404), rate_limited (429), internal_error (500)',
      ),
    message: z.string().describe('Human-readable explanation; for a 400 it starts with the field name, e.g. "limit: must be at most 500"'),
    field: z.string().optional().describe('The request field the error is about (query parameter, path parameter or header name)'),
    details: freeObject.optional().describe('Extra machine-readable context, when there is any'),
    request_id: z.string().describe('Also returned in the x-request-id header and written to the logs'),
  })
  .describe('Error body of the read API');

export const platformError = z
  .strictObject({
    success: z.literal(false),
    error: z.string().describe('Error code'),
    message: z.string(),
    field: z.string().optional(),
    details: freeObject.optional(),
    request_id: z.string(),
  })
  .describe('Error body of the platform API (/v1/...)');

/** Intake errors spread their details at the top level, so the object stays open. */
export const intakeError = z
  .looseObject({
    success: z.literal(false),
    error: z.string().describe('Human-readable explanation'),
    code: z
      .string()
      .describe(
        'Error code: invalid_request (400), unauthorized (401), forbidden (403), not_found (404), conflict (409), payload_too_large (413), unsupported_media_type (415), rate_limited (429), internal_error (500)',
      ),
    request_id: z.string().describe('Also returned in the x-request-id header and written to the logs'),
    field: z.string().optional().describe('The target field or input the error is about, e.g. phone_number, appointment_datetime, routing'),
  })
  .describe('Error body of the intake API; error-specific members (such as lead_id on a 409) sit beside these');

export const intakeConflictError = z
  .strictObject({
    success: z.literal(false),
    error: z.string().describe('Human-readable explanation, naming the duplicate and the existing lead_id'),
    code: z.literal('conflict'),
    request_id: z.string(),
    field: z
      .enum(['external_id', 'phone_number'])
      .describe(
        'external_id: the team already has a lead with this external_id (forever); phone_number: it has one with this phone within its dedupe window',
      ),
    lead_id: id.nullable().describe('The existing lead the request duplicates'),
  })
  .describe('409 of the intake API: the lead duplicates one the team already has; nothing was created');

// ---------------------------------------------------------------------------------------------
// Pagination (shared/pagination/cursor.ts, offset.ts)

export const cursorPagination = z
  .strictObject({
    cursor: z
      .string()
      .nullable()
      .describe(
        'Opaque, HMAC-signed cursor of the next page; pass it back unchanged as the cursor query parameter, with the same key and filters. Null on the last page.',
      ),
    has_more: z.boolean(),
    limit: z
      .int()
      .min(1)
      .describe(
        'The page size that was applied. A page holds fewer rows when it reached the 5 MB response budget; has_more and cursor then continue exactly after its last row.',
      ),
  })
  .describe('Cursor pagination (v1 lists)');

export const offsetPagination = z
  .strictObject({
    limit: z.int().min(1),
    offset: z.int().min(0),
    has_more: z.boolean().describe('True when rows exist beyond offset + limit'),
  })
  .describe(
    'Offset pagination (v0 lists). limit is the number of rows the page could hold: the requested limit, or fewer when the page reached the 5 MB response budget (then has_more is true); the next page starts at offset + limit.',
  );

// ---------------------------------------------------------------------------------------------
// Sessions (shared/domain/sessions.ts toPublicSession)

export const session = z
  .strictObject({
    session_id: z.string(),
    team_id: id,
    scheduler_id: id,
    status: z.enum(SESSION_STATUSES),
    customer_info: z.strictObject({ name: nullableString, email: nullableString, phone: nullableString, address: nullableString }),
    issue_type: nullableString,
    job_type: nullableString,
    selected_date: z.iso.date().nullable().describe('Appointment date picked in the widget (YYYY-MM-DD, the team’s local date)'),
    selected_time: nullableString.describe('Appointment time slot picked in the widget (HH:mm, the team’s local time)'),
    utm: z.strictObject({
      source: nullableString,
      medium: nullableString,
      campaign: nullableString,
      term: nullableString,
      content: nullableString,
    }),
    google_ads: z.strictObject({ gclid: nullableString, wbraid: nullableString, gbraid: nullableString }),
    st_job_id: z.int().nullable().describe('Job id in the external field-service system, set when the booking created a job'),
    started_at: dateTime,
    completed_at: nullableDateTime.describe('When the booking was completed; null unless booked'),
    last_activity_at: nullableDateTime,
    events: z.array(
      z.strictObject({
        event_type: z.string().describe(`Known values, in funnel order: ${SESSION_EVENT_TYPES.join(', ')}`),
        created_at: dateTime,
      }),
    ),
  })
  .describe("A customer's journey through the scheduling widget; also the item shape of the bookings list");

export const listTeamSessionsResponse = z.strictObject({
  data: z.array(session),
  pagination: cursorPagination,
  meta: z.strictObject({ team_id: id }),
});

export const listSessionsResponse = z.strictObject({
  data: z.array(session),
  pagination: cursorPagination,
  meta: z.strictObject({ team_ids: z.array(id).describe('The teams the list covers (after team_id and include_test_teams)') }),
});

export const listBookingsResponse = z.strictObject({
  data: z.array(session).describe('Booked sessions'),
  pagination: cursorPagination,
});

// ---------------------------------------------------------------------------------------------
// Funnel (shared/domain/analytics.ts FunnelCounts)

const funnelShape = {
  sessions: count.describe('Sessions whose started_at lies in [start_date, end_date)'),
  booking_started: count.describe('Sessions with a booking_started event (the customer picked a slot), or a later stage'),
  customer_info_completed: count.describe('Sessions with a customer_info_completed event, or booked'),
  booking_completed: count.describe('Sessions whose status is booked'),
  conversion_rate: fraction.describe('booking_completed / sessions, a fraction 0–1 rounded to 4 decimals; 0 when there are no sessions'),
  drop_off_count: count.describe('Sessions whose status is dropped_off (pending sessions are still open)'),
  drop_off_rate: fraction.describe('drop_off_count / sessions, a fraction 0–1 rounded to 4 decimals; 0 when there are no sessions'),
};

export const funnelCounts = z.strictObject(funnelShape).describe('Funnel counts; stages are cumulative');

const rangeMeta = {
  start_date: dateTime.describe('The applied start (inclusive), UTC'),
  end_date: dateTime.describe('The applied end (exclusive), UTC'),
  timezone: z.string().describe('The IANA time zone of the request'),
};

export const teamFunnelResponse = z.strictObject({
  data: funnelCounts,
  meta: z.strictObject({ team_id: id, ...rangeMeta }),
});

export const crossTeamFunnelResponse = z.strictObject({
  data: z
    .strictObject({
      ...funnelShape,
      teams: z.array(z.strictObject({ team_id: id, ...funnelShape })).describe('The same counts per team'),
    })
    .describe('Counts summed over the teams; rates recomputed from the sums'),
  meta: z.strictObject({ team_ids: z.array(id), ...rangeMeta }),
});

// ---------------------------------------------------------------------------------------------
// Legacy scheduler analytics (shared/domain/analytics.ts SchedulerAnalytics)

const groupCounts = { sessions: count, conversions: count.describe('Booked sessions') };

export const customerEvent = z
  .strictObject({
    sessionId: z.string(),
    status: z.enum(SESSION_STATUSES),
    customerInfo: z.strictObject({ name: z.string(), email: z.string(), phone: z.string(), address: z.string() }),
    issueType: z.string(),
    jobType: z.string(),
    selectedDate: z.union([z.iso.date(), z.literal('')]),
    selectedTime: z.string(),
    utmSource: z.string(),
    gclid: z.string(),
    conversionValue: z.number().min(0).describe('Estimated job value in dollars when booked; 0 otherwise'),
    lastActivity: dateTime.describe('last_activity_at, or started_at when there was no later activity'),
  })
  .describe('One session, newest activity first; missing strings are empty strings');

export const schedulerAnalyticsResponse = z.strictObject({
  data: z
    .strictObject({
      funnel: z.strictObject({
        sessions: count,
        bookingStarted: count,
        customerInfoCompleted: count,
        bookingCompleted: count,
        conversionRate: fraction.describe('bookingCompleted / sessions, 0–1, 4 decimals; 0 when there are no sessions'),
      }),
      bookings: z.strictObject({
        total: count.describe('Booked sessions'),
        avgBookingTimeSeconds: count.describe('Mean of completed_at − started_at over booked sessions, whole seconds; 0 when none'),
      }),
      chartData: z
        .array(z.strictObject({ date: z.iso.date(), ...groupCounts }))
        .describe('One bucket per calendar day of the range in the requested time zone (DST days are 23 or 25 hours long)'),
      utmData: z
        .array(
          z.strictObject({
            source: z.string(),
            medium: z.string(),
            campaign: z.string(),
            term: z.string(),
            content: z.string(),
            ...groupCounts,
          }),
        )
        .describe('Sessions grouped by UTM values (sessions without any UTM value are left out), most sessions first'),
      googleAdsData: z
        .array(z.strictObject({ gclid: z.string(), wbraid: z.string(), gbraid: z.string(), ...groupCounts }))
        .describe('Sessions grouped by ad-click ids (sessions without one are left out), most sessions first'),
      serviceAreaData: z.array(z.strictObject({ serviceArea: z.string(), count })).describe('Most sessions first, then by name'),
      issueTypeData: z.array(z.strictObject({ issueType: z.string(), count })).describe('Most sessions first, then by name'),
      customerEvents: z.array(customerEvent).describe('Paginated with limit and offset (the only row-level block)'),
    })
    .partial()
    .describe('Only the blocks named in metrics are present'),
  pagination: offsetPagination.describe('Applies to customerEvents'),
  metadata: z.strictObject({
    teamId: id,
    startDate: dateTime,
    endDate: dateTime,
    timezone: z.string(),
    schedulerId: id.nullable(),
    metricsRequested: z.array(z.enum(ANALYTICS_BLOCKS)),
    truncatedBlocks: z
      .array(z.enum(['utmData', 'googleAdsData', 'serviceAreaData', 'issueTypeData']))
      .describe(
        `Grouped blocks that had more rows than they return: each keeps its largest ${GROUPED_BLOCK_MAX_ROWS.toLocaleString('en-US')} rows at most (fewer in the rare case the 5 MB response budget is reached). Usually empty.`,
      ),
  }),
});

// ---------------------------------------------------------------------------------------------
// Leads (shared/domain/leads.ts)

export const unifiedLead = z
  .strictObject({
    id: z.uuid(),
    type: z.enum(LEAD_TYPES),
    datetime: dateTime.describe('When the lead arrived'),
    customer_phone: z.string(),
    customer_email: z.string(),
    lead_content: freeObject.describe('Channel-specific content'),
    agent: z.string(),
    referrer_url: z.string(),
    attribution: z.strictObject({ utm_source: z.string(), utm_medium: z.string(), utm_campaign: z.string(), gclid: z.string() }),
  })
  .describe('A lead from any channel (v0); missing strings are empty strings');

export const listUnifiedLeadsResponse = z.strictObject({ data: z.array(unifiedLead), pagination: offsetPagination });

export const canonicalLead = z
  .strictObject({
    id: z.uuid().describe('The unified lead id'),
    lead_id: id.nullable().describe('Integer id of leads that came through the intake webhook; null for other channels'),
    team_id: id,
    type: z.enum(LEAD_TYPES),
    status: z.string(),
    external_id: nullableString.describe("The sender's own reference, as given at intake"),
    created_at: dateTime.describe('When the lead arrived'),
    customer: z.strictObject({ name: nullableString, phone: nullableString, email: nullableString }),
    source: nullableString,
    agent: nullableString,
    referrer_url: nullableString,
    attribution: z.strictObject({
      utm_source: nullableString,
      utm_medium: nullableString,
      utm_campaign: nullableString,
      utm_term: nullableString,
      utm_content: nullableString,
      gclid: nullableString,
    }),
    lead_content: freeObject,
    outreach: freeObject.nullable().describe('State of the AI outreach, for intake leads'),
    appointment: freeObject.nullable(),
  })
  .describe('A lead from any channel (v1 canonical feed)');

export const listTeamLeadsResponse = z.strictObject({
  data: z.array(canonicalLead),
  pagination: cursorPagination,
  meta: z.strictObject({ team_id: id }),
});

// ---------------------------------------------------------------------------------------------
// Teams (functions/list-teams/handler.ts)

export const team = z.strictObject({
  id,
  name: z.string(),
  timezone: z.string().describe('IANA time zone'),
  enterprise_id: id,
  workspace_id: z.string().describe('Addresses the team on the platform API (X-Workspace-ID)'),
  is_test: z.boolean().describe('Internal QA/test team, left out of multi-team aggregations unless include_test_teams=true'),
});

export const listTeamsResponse = z.strictObject({ data: z.array(team) });

// ---------------------------------------------------------------------------------------------
// Calls (shared/domain/calls.ts toPublicCall)

export const call = z
  .strictObject({
    call_id: z.uuid(),
    team_id: id,
    provider_call_id: z.string().describe("The voice provider's call id"),
    type: z.string().describe('Provider call type: inboundPhoneCall, outboundPhoneCall or webCall'),
    direction: z.enum(['inbound', 'outbound']),
    customer: z.strictObject({ name: nullableString, phone: nullableString }),
    started_at: dateTime,
    ended_at: nullableDateTime,
    duration_seconds: count.nullable().describe('Whole seconds'),
    summary: nullableString,
    recording_url: nullableString,
    analysis: z.strictObject({
      call_reason: nullableString,
      sentiment: nullableString,
      booking_intent: z.boolean().nullable(),
      urgency: nullableString,
    }),
    ended_reason: nullableString,
    cost: z.number().nullable().describe('Dollars'),
    appointment_id: nullableString,
    ticket_id: nullableString,
    lead_id: id.nullable(),
    stl_call_id: id.nullable(),
    decisions: z
      .array(
        z.strictObject({
          decision: z.string().describe('appointment, ticket or no_action'),
          reason: z.string().describe('Why the AI responder decided so, in words an operator reads'),
        }),
      )
      .readonly()
      .optional()
      .describe('What the AI responder decided about the call and why; present on calls processed from a voice report'),
    created_at: dateTime,
    transcript: nullableString.optional().describe('Present only when the key holds read:transcripts'),
  })
  .describe('A call handled by the AI responder or placed by outreach');

export const listCallsResponse = z.strictObject({ data: z.array(call), pagination: offsetPagination });

// ---------------------------------------------------------------------------------------------
// Support tickets (shared/domain/support.ts TicketRecord; functions/list-support-tickets)

export const supportTicket = z
  .strictObject({
    ticket_id: z.uuid(),
    team_id: id,
    enterprise_id: id,
    call_id: z.uuid().describe('The call the ticket was opened from (call_id in GET /api/calls)'),
    lead_id: id.nullable().describe('The intake lead, when the call was its outreach call; null otherwise'),
    status: z.literal('open'),
    priority: z
      .enum(['low', 'normal', 'high', 'urgent'])
      .describe('urgent: emergency-level urgency; high: other raised urgency or an escalation; normal: otherwise'),
    category: z.string().describe('urgent_request, complaint, escalation or negative_experience'),
    subject: z.string().max(300).describe('The call summary (or call reason), at most 300 characters'),
    reason: z.string().describe('Why the AI responder opened the ticket'),
    customer: z.strictObject({ name: nullableString, phone: nullableString.describe('E.164') }),
    created_at: dateTime,
  })
  .describe('A support ticket the AI responder opened from a call');

export const listSupportTicketsResponse = z.strictObject({
  data: z.array(supportTicket),
  pagination: cursorPagination,
  meta: z.strictObject({
    enterprise_id: id,
    team_ids: z.array(id).describe('The teams the list covers (after team_id and include_test_teams)'),
  }),
});

// ---------------------------------------------------------------------------------------------
// Voice report webhook (functions/receive-voice-report/handler.ts)

const voiceIds = (callId: z.ZodType) =>
  z.strictObject({
    callId,
    appointmentId: z.uuid().nullable().describe('The appointment the responder created; null when it created none'),
    ticketId: z.uuid().nullable().describe('The support ticket the responder opened; null when it opened none'),
  });

export const voiceReportCreated = z
  .strictObject({
    success: z.literal(true),
    message: z.string(),
    data: voiceIds(z.uuid().describe('The stored call (call_id in GET /api/calls)')),
  })
  .describe('Created: the report was processed for the first time; the call (and any appointment and ticket) was stored');

export const voiceReportAcknowledged = z
  .strictObject({
    success: z.literal(true),
    message: z.string().describe('Says which of the two cases applies'),
    data: voiceIds(z.uuid().nullable().describe('The call stored by the first delivery; null for an ignored message type')),
  })
  .describe(
    'Acknowledged without creating anything: a redelivered report (same team and message.call.id) answers the ids of its first delivery; a message type other than end-of-call-report is ignored and answers null ids',
  );

// ---------------------------------------------------------------------------------------------
// Speed-to-lead intake (shared/domain/intake/ingest.ts; functions/ingest-lead/handler.ts)

export const intakeOutreach = z
  .strictObject({
    status: z.enum(['queued', 'scheduled']).describe('queued: the call is placed now; scheduled: it is placed at due_at'),
    due_at: dateTime.describe('When the first call attempt is (or was) due, UTC'),
    scheduling_mode: z.enum(SCHEDULING_MODES).describe("The team's scheduling mode that chose due_at"),
  })
  .describe('The AI outreach call of the lead');

const targetFieldText = (what: string) =>
  z
    .strictObject(Object.fromEntries(TARGET_FIELDS.map((field) => [field, z.string().optional()])))
    .describe(`Per target field, ${what}; absent targets are left out`);

export const ingestLeadCreated = z
  .strictObject({
    success: z.literal(true),
    lead_id: id.describe('Integer id of the new lead (lead_id in the v1 leads feed and in lead events)'),
    stl_call_id: id.describe('Integer id of its outreach call'),
    request_id: z.string(),
    team_id: id.describe('The team the lead was created for (after enterprise routing)'),
    outreach: intakeOutreach,
    warnings: z
      .array(z.string())
      .optional()
      .describe('Present when something was accepted with a change, e.g. an invalid email dropped or an unknown lead_source mapped'),
  })
  .describe('Created: the lead is stored and its outreach call queued or scheduled');

export const ingestLeadPreview = z
  .strictObject({
    success: z.literal(true),
    test_mode: z.literal(true),
    request_id: z.string(),
    team_id: id.describe('The team the lead would be created for'),
    routing: z
      .union([
        z.strictObject({ kind: z.literal('key_team').describe("The key's own team (no enterprise routing applied)") }),
        z.strictObject({
          kind: z.literal('rule'),
          teamId: id,
          ruleIndex: count.describe('0-based index of the rule that matched (the first match wins)'),
          field: z.string().describe('The payload path the rule read'),
          value: z.string().describe('The value it read, trimmed and lower-cased'),
        }),
        z.strictObject({ kind: z.literal('default'), teamId: id.describe('The default team: no rule matched') }),
      ])
      .describe('How the target team was chosen'),
    mapped_fields: targetFieldText('the value read from the payload (phone_number normalized to E.164)'),
    field_sources: targetFieldText('the alias (payload path) that supplied the value'),
    unmapped_fields: z.array(z.string()).describe('Payload paths no mapping read; a created lead keeps them with its raw payload'),
    lead_source: nullableString.describe('The lead source that would be recorded (see lead_source in the description)'),
    outreach: intakeOutreach,
    warnings: z.array(z.string()),
  })
  .describe(
    'Test mode: what the request would create, having mapped, routed, validated and scheduled it; nothing was stored, queued or emitted',
  );

// ---------------------------------------------------------------------------------------------
// SMS campaigns (shared/domain/sms/campaign.ts toCampaignData; functions/*-sms-*)

const dollars = z.number().min(0);
const requestMeta = z.strictObject({ request_id: z.string(), timestamp: dateTime.describe('When the response was made') });

export const smsCampaign = z
  .strictObject({
    campaign_id: z.string().describe('cmp_ followed by 20 hexadecimal characters'),
    status: z
      .enum(['scheduled', 'sending', 'completed', 'cancelled'])
      .describe('scheduled: starts at scheduled_time; sending: texts are going out; completed: every recipient settled; cancelled'),
    recipients_count: count.describe('Unique recipients, after collapsing duplicate numbers'),
    messages_sent: count.describe('Texts sent so far'),
    estimated_cost: dollars.describe('Dollars: segments of the messages to send × the price per segment'),
    scheduled_time: dateTime.describe('When the campaign starts or started'),
    completion_time: nullableDateTime.describe('When every recipient was settled; null until then'),
    counts: z
      .strictObject({
        sent: count,
        failed: count.describe('The provider refused the text'),
        opted_out: count.describe('On the team’s suppression list; never texted'),
        unconfirmed: count.describe(
          'The sender stopped (a crash, a timeout) between texting and recording the answer: the text may have gone out, and is never sent again',
        ),
        cancelled: count.describe('Not sent because the campaign was cancelled'),
        pending: count.describe('Not settled yet'),
      })
      .describe('Where every recipient stands'),
    duplicates_collapsed: count.describe('Recipients left out because their number was already listed'),
    actual_cost: dollars.describe('Dollars spent on the segments actually sent'),
    replies: count.describe('Inbound texts from the campaign’s recipients after it texted them (counted by the inbound webhook)'),
  })
  .describe('An SMS campaign and its progress');

export const smsCampaignResponse = z
  .strictObject({ data: smsCampaign, meta: requestMeta })
  .describe('The campaign with its current counts');

export const smsCampaignPreflight = z
  .strictObject({
    data: z.strictObject({
      preflight: z.literal(true),
      recipients_count: count.describe('Unique recipients'),
      requested_count: count.describe('Recipients in the request, duplicates included'),
      duplicates_collapsed: count,
      opted_out: count.describe('Recipients on the suppression list (they would not be texted)'),
      fallback_count: count.describe('Recipients that would get fallback_message'),
      segments: count.describe('Segments that would be sent'),
      estimated_cost: dollars,
      price_per_segment: dollars,
      recipients: z.array(
        z.strictObject({
          index: count.describe('Position in the request’s recipients'),
          phone: z.string().describe('E.164'),
          encoding: z.enum(['GSM-7', 'UCS-2']),
          segments: count,
          used_fallback: z.boolean(),
          suppressed: z.boolean(),
          message: z.string().describe('The text as it would be sent, opt-out line included'),
        }),
      ),
    }),
    meta: requestMeta,
  })
  .describe('Preflight: the campaign validated and priced per recipient; nothing was stored or sent');

export const inboundSmsResponse = z
  .strictObject({
    success: z.literal(true),
    message: z.string(),
    data: z.strictObject({
      action: z
        .enum(['opted_out', 'opted_in', 'help', 'reply'])
        .describe(
          `opted_out: ${OPT_OUT_KEYWORDS.join(', ')}; opted_in: ${OPT_IN_KEYWORDS.join(', ')}; help: HELP, INFO; reply: anything else`,
        ),
      duplicate: z.boolean().describe('True when this message_id was handled before (nothing was done again)'),
      campaign_id: nullableString.describe('The campaign the text counts as a reply to'),
      reply: nullableString.describe('The confirmation text sent back, if any'),
    }),
    meta: requestMeta,
  })
  .describe('How the inbound text was handled');

// ---------------------------------------------------------------------------------------------
// Meta

export const openApiDocument = z
  .looseObject({ openapi: z.string(), info: z.looseObject({ title: z.string(), version: z.string() }), paths: freeObject })
  .describe('An OpenAPI 3.1 document');

/** Named components of the document (`#/components/schemas/<name>`). */
export const RESPONSE_COMPONENTS = {
  Error: readError,
  PlatformError: platformError,
  IntakeError: intakeError,
  CursorPagination: cursorPagination,
  OffsetPagination: offsetPagination,
  Session: session,
  ListTeamSessionsResponse: listTeamSessionsResponse,
  ListSessionsResponse: listSessionsResponse,
  ListBookingsResponse: listBookingsResponse,
  FunnelCounts: funnelCounts,
  TeamFunnelResponse: teamFunnelResponse,
  CrossTeamFunnelResponse: crossTeamFunnelResponse,
  CustomerEvent: customerEvent,
  SchedulerAnalyticsResponse: schedulerAnalyticsResponse,
  UnifiedLead: unifiedLead,
  ListUnifiedLeadsResponse: listUnifiedLeadsResponse,
  CanonicalLead: canonicalLead,
  ListTeamLeadsResponse: listTeamLeadsResponse,
  Team: team,
  ListTeamsResponse: listTeamsResponse,
  Call: call,
  ListCallsResponse: listCallsResponse,
  SupportTicket: supportTicket,
  ListSupportTicketsResponse: listSupportTicketsResponse,
  VoiceReportCreated: voiceReportCreated,
  VoiceReportAcknowledged: voiceReportAcknowledged,
  IntakeOutreach: intakeOutreach,
  IngestLeadCreated: ingestLeadCreated,
  IngestLeadPreview: ingestLeadPreview,
  IntakeConflictError: intakeConflictError,
  SmsCampaign: smsCampaign,
  SmsCampaignResponse: smsCampaignResponse,
  SmsCampaignPreflight: smsCampaignPreflight,
  InboundSmsResponse: inboundSmsResponse,
  OpenApiDocument: openApiDocument,
} as const satisfies Record<string, z.ZodType>;
