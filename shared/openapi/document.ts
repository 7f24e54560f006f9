import * as z from 'zod';
import { KEY_TYPES, READ_PERMISSIONS } from '../auth/permissions';
import { ANALYTICS_BLOCKS } from '../domain/analytics';
import { DEFAULT_ALIASES, TARGET_FIELDS } from '../domain/intake/field-mapping';
import { DEFAULT_INTAKE_CONFIG } from '../domain/intake/intake-config';
import { LEAD_TYPES } from '../domain/leads';
import { endOfCallReportSchema } from '../domain/responder/call-report';
import {
  CAMPAIGN_TYPES,
  campaignRequestSchema,
  MAX_RECIPIENTS,
  MAX_SCHEDULE_HORIZON_DAYS,
  MAX_TEMPLATE_CHARS,
} from '../domain/sms/campaign-request';
import { isIdempotent, ROUTES, type RouteDefinition, type Surface } from '../routes';
import { DEFAULT_RANGE_DAYS, dateTimeParam, integerParam, positiveIdParam } from '../schemas/params';
import {
  bookingsQuery,
  CALL_TYPES,
  callsQuery,
  campaignPath,
  crossTeamFunnelQuery,
  crossTeamSessionsQuery,
  enterprisePath,
  funnelQuery,
  MAX_RANGE_DAYS,
  schedulerAnalyticsQuery,
  supportTicketsQuery,
  teamLeadsQuery,
  teamPath,
  teamSessionsQuery,
  unifiedLeadsQuery,
  V0_LIMIT,
  V1_LIMIT,
} from '../schemas/queries';
import {
  IDEMPOTENCY_KEY_PARAMETER,
  IDEMPOTENCY_SECTION,
  REPLAYED_HEADER_COMPONENT,
  REPLAYED_HEADER_DEFINITION,
  REPLAYED_RESPONSE_HEADER,
  withIdempotencyErrors,
} from './idempotency-docs';
import * as responses from './response-schemas';

/**
 * The OpenAPI 3.1 description of the service, generated from the route table (shared/routes.ts),
 * the request schemas the handlers validate with (shared/schemas/queries.ts) and the response
 * schemas (./response-schemas.ts). A route's schemas are looked up in ROUTE_SCHEMAS by route id;
 * adding a route means adding its row to ROUTES and its entry here (a unit test fails otherwise).
 */

export const API_VERSION = '1.3.0';

type JsonSchema = Record<string, unknown>;

/** A description, or a description with a pattern for the member's string values. */
export type BodyNote = string | { readonly description: string; readonly pattern?: string };

export interface RouteSchemas {
  /** Path parameters (an object schema). */
  readonly path?: z.ZodType;
  /** Query parameters (an object schema; string input, as the handler parses it). */
  readonly query?: z.ZodType;
  /** Header parameters (an object schema with lower-case names). */
  readonly headers?: z.ZodType;
  /** JSON request body. */
  readonly body?: z.ZodType;
  /** Success responses by status code. Error responses follow from the route's surface and inputs. */
  readonly responses: Readonly<Record<number, z.ZodType>>;
  /**
   * Client errors beyond the standard ones (e.g. 409), by status: what they mean, and the body's
   * schema when it is more specific than the surface's error body.
   */
  readonly errors?: Readonly<Record<number, string | { readonly description: string; readonly schema: z.ZodType }>>;
  /**
   * Notes on members of the request body, by dotted path (e.g. `message.call.duration`), merged into
   * the generated JSON Schema: a description, and keywords a refinement checks that JSON Schema
   * cannot derive (e.g. a pattern). Used where the body schema is reused from the domain as is.
   */
  readonly bodyNotes?: Readonly<Record<string, BodyNote>>;
  /** What the operation does, in Markdown; permission, key types, filters and paging are appended. */
  readonly description: string;
  /**
   * The stored timestamp start_date and end_date filter on; defaultRange: when absent they default
   * to the last 7 days; maxSpanDays: the widest range the query schema accepts (none: unlimited).
   */
  readonly dateFilter?: { readonly field: string; readonly defaultRange: boolean; readonly maxSpanDays?: number };
  /** How list items are ordered (the timestamp, newest first). */
  readonly orderBy?: string;
  /** Parameter descriptions for this route, overriding the shared ones. */
  readonly parameters?: Readonly<Record<string, string>>;
}

/** v0 team selection: multi-team keys name the team in x-team-id (or the team_id query parameter). */
export const v0TeamHeaders = z.object({ 'x-team-id': positiveIdParam.optional() });

const ok = (schema: z.ZodType) => ({ 200: schema });

// ---------------------------------------------------------------------------------------------
// The POST routes: request schemas documented here (the handlers parse these bodies themselves)

/** Mirrors MAX_INTAKE_BODY_BYTES in functions/ingest-lead/handler.ts. */
const INTAKE_BODY_LIMIT = '256 KB (262,144 bytes)';

const TEST_MODE_DOC =
  '`true` (or `1`) runs the request in test mode: the lead is mapped, routed, validated and scheduled, and the result is answered with 200, but nothing is stored, queued or emitted. Any other value, or none, ingests the lead.';

const CONFLICT_DESCRIPTION =
  'Conflict: a duplicate lead. field is external_id (the team already has a lead with this external_id) or phone_number (it has a lead with this phone number within its dedupe window); lead_id names the existing lead. Nothing was created.';

function intakeBody(): z.ZodType {
  return z.record(z.string(), z.unknown()).meta({
    description: `Any JSON object (not an array or a scalar), at most ${INTAKE_BODY_LIMIT}. Its members are resolved to the target fields through the team's field mapping (see the description).`,
    examples: [
      {
        external_id: 'crm-48213',
        name: 'Dana Whitfield',
        phone: '(415) 555-0134',
        email: 'dana@example.com',
        service: 'Water heater repair',
        source: 'Google Ads',
        address: '12 Harbor Way, San Mateo, CA 94401',
        message: 'No hot water since this morning',
        utm: { source: 'google', medium: 'cpc', campaign: 'spring-hvac' },
      },
    ],
  });
}

function voiceReportBody(): z.ZodType {
  const otherMessage = z
    .object({
      message: z
        .object({
          type: z
            .string()
            .min(1)
            .regex(/^(?!end-of-call-report$)/)
            .describe('Any provider message type other than end-of-call-report, e.g. status-update or transcript'),
        })
        .loose(),
    })
    .describe('Any other provider message: acknowledged with 200 and ignored (ids null)');
  return z.union([endOfCallReportSchema.describe('An end-of-call report: processed by the AI responder'), otherMessage]).meta({
    examples: [
      {
        message: {
          type: 'end-of-call-report',
          call: {
            id: 'call_8f2c41d7',
            customer: { number: '+14155550134', name: 'Dana Whitfield' },
            duration: 184,
            type: 'inboundPhoneCall',
          },
          transcript: 'AI: Thanks for calling. Customer: My water heater is leaking, can someone come tomorrow at 9 am?',
          summary: 'Customer reports a leaking water heater and books a visit for tomorrow at 9 am.',
          recordingUrl: 'https://recordings.example.com/call_8f2c41d7.mp3',
          analysis: { callReason: 'Water heater leak', sentiment: 'neutral', bookingIntent: true, urgency: 'standard' },
        },
      },
    ],
  });
}

const VOICE_BODY_NOTES: Readonly<Record<string, BodyNote>> = {
  'message.type': 'Required. end-of-call-report is processed; any other type is acknowledged with 200 and ignored.',
  'message.call': 'Required for an end-of-call-report.',
  'message.call.id': "Required for an end-of-call-report: the provider's call id. Reports are idempotent per team and call id.",
  'message.call.customer.number': 'The customer’s phone number, international format; stored normalized to E.164.',
  'message.call.duration':
    'Call length in **seconds** (fractions allowed; stored rounded to whole seconds). When absent: message.durationSeconds, else endedAt − startedAt.',
  'message.call.type': 'Provider call type, e.g. inboundPhoneCall, outboundPhoneCall, webCall; default inboundPhoneCall.',
  'message.call.metadata': 'Echoed provider metadata; stl_call_id ties the report to the outreach call of an intake lead.',
  'message.transcript': 'Full transcript (flat shape); message.artifact.transcript is read when it is absent.',
  'message.summary': 'AI-generated summary (flat shape); message.analysis.summary is read when it is absent.',
  'message.recordingUrl': {
    description:
      'Recording URL; must be an https URL (anything else is a 400 naming message.recordingUrl). Stored as given; the service never fetches it.',
    pattern: '^https://',
  },
  'message.artifact.recordingUrl': {
    description: 'Recording URL of the nested shape; the same https rule applies.',
    pattern: '^https://',
  },
  'message.analysis.structuredData': 'Nested shape: callReason, sentiment, bookingIntent, urgency; the flat message.analysis members win.',
  'message.analysis.urgency':
    'standard (or low, normal, routine, none) is ordinary; any other value is raised urgency and opens a support ticket.',
  'message.durationSeconds': 'Call length in seconds, read when message.call.duration is absent.',
};

const WORKSPACE_HEADER = z.string().min(1).max(128);
const WORKSPACE_DOC =
  'The workspace (team) the request is for; each team’s workspace_id is listed by GET /api/teams. Missing: a 400 naming x-workspace-id. A workspace that does not exist, or one outside the key’s reach, is a 403.';

function createCampaignDescription(): string {
  return [
    'Creates an SMS campaign and sends it now, or at schedule_time. The answer is 202 with the campaign (`data`) and `meta {request_id, timestamp}`; completion is reported by the event `sms_campaign.completed`. With `"preflight": true` (or header `x-preflight: true`) the campaign is validated and priced per recipient and answered with 200; nothing is stored or sent.',
    `**Validation** (400 naming the field): campaign_type is one of ${CAMPAIGN_TYPES.join(', ')}; 1–${MAX_RECIPIENTS.toLocaleString('en-US')} recipients, whose phones are normalized to E.164 (invalid ones are listed by index in details.invalid_indexes) and whose duplicates are collapsed and counted; message_template is non-empty, at most ${MAX_TEMPLATE_CHARS} characters; unknown members of the body and of settings are refused, so a typo never silently turns a compliance setting off. schedule_time within a minute of now (or omitted) means now; further in the past is a 400; at most ${MAX_SCHEDULE_HORIZON_DAYS} days ahead. segmentation is accepted and stored but does not filter recipients yet.`,
    '**Merge variables**: `{name}` and `{<custom_field_key>}` (letters, digits, underscore); braces around anything else are plain text, `{{` and `}}` write literal braces. A recipient lacking a variable gets fallback_message; without one the request is refused, naming the variable and the recipients (details.missing_variables).',
    '**Pricing**: segments are counted per rendered message, opt-out line included (GSM-7: 160 characters in one segment, 153 per part; any other character makes the message UCS-2: 70 and 67), times the price per segment.',
    '**Compliance**: settings.include_opt_out (default true) appends "Reply STOP to opt out." unless the text already says how to opt out. Numbers on the team’s suppression list (opted out by an inbound STOP) are never texted and count as opted_out. settings.respect_quiet_hours (default true): texts go out only between 8:00 and 21:00 local time in every time zone the number’s area code spans (20:00 for Florida numbers); others are deferred to the next window, never dropped.',
    '**Sending** is at least once on the queue and exactly once per recipient: a redelivered chunk texts nobody twice.',
  ].join('\n\n');
}

function aliasTable(): string {
  return [
    '| Target field | Default aliases, in order |',
    '|---|---|',
    ...TARGET_FIELDS.map((field) => `| ${field} | ${DEFAULT_ALIASES[field].map((alias) => `\`${alias}\``).join(', ')} |`),
  ].join('\n');
}

function ingestDescription(): string {
  const d = DEFAULT_INTAKE_CONFIG;
  return [
    'Accepts one lead from any source, maps its fields, validates and deduplicates it, stores it, and queues (or schedules) its AI outreach call according to the team’s scheduling mode. The answer is 201 with lead_id and stl_call_id; in test mode it is 200 with a preview and nothing is stored.',
    '**Authentication:** `Authorization: Bearer <API_KEY>` or `X-API-Key: <API_KEY>` (either one). A missing or invalid key is a 401. Errors use the intake body `{success: false, error, code, request_id, field?}`, where `error` is the explanation and `code` the error code.',
    `**Field mapping.** Each target field has an ordered list of aliases (payload paths such as \`phone\`, \`contact.phone\`, \`phones[0].number\` or \`data["e-mail"]\`); the first alias present with a non-empty value wins. Values are read as trimmed text (numbers and booleans become text; objects, arrays, null and blank strings count as absent). The service operator configures a team’s aliases per target field; a target the team’s mapping leaves out uses the default aliases below. first_name and last_name compose customer_name when customer_name is absent. notes can be configured to combine several payload paths into one JSON object. Payload members no alias read are kept with the lead’s raw payload (and listed as unmapped_fields in test mode).\n\n${aliasTable()}`,
    `**Validation.** phone_number is required (a 400 naming phone_number otherwise) and is normalized to E.164, numbers without a country code being read in the team’s region (default ${d.phone_region}); an invalid number is a 400 naming phone_number. appointment_datetime, when present, must be a date-time: ISO 8601 with an offset is taken as is; without an offset (and in the forms \`2026-11-25 14:00\` or \`11/25/2026 2:00 PM\`) it is read in the team’s time zone, DST included; anything else is a 400 naming appointment_datetime. external_id is at most 256 characters. An invalid email is dropped with a warning, not refused.`,
    '**lead_source.** Matched case-insensitively against the team’s configured lead sources, and recorded in the configured spelling. An unknown value is recorded as the team’s default_lead_source (null when none is set), with a warning; a team without configured sources records the value as sent. A lead without lead_source gets default_lead_source. The raw value is always kept (lead_content.lead_source_raw). The lead’s channel type follows from the source: LSA/Local Services → google_lsa, chat → web_chat, SMS/text → text, call/phone → call, else scheduling_widget.',
    `**Duplicates (409).** external_id is unique per team forever. The phone number (E.164) is unique per team within the team’s dedupe window, dedupe_window_hours (default ${d.dedupe_window_hours}; 0 turns the phone check off): a second lead with the same phone inside the window is a 409; once the window has passed the phone is accepted again (and held for a new window). The 409 body carries code \`conflict\`, field (external_id or phone_number) and the existing lead_id. Two identical requests racing create exactly one lead. Test mode does not check duplicates.`,
    '**Enterprise routing.** A single-team key (`enterprise`) ingests for its own team. For a multi-team key (`enterprise_all_teams`; `portfolio_all_teams` likewise) the routing rules of the key’s anchor team choose the target team: each rule compares the value at a payload path (trimmed, case-insensitive) with a list of values; the first matching rule wins; when none matches the lead goes to the configured default team, and without one it is rejected with a 400 naming routing. A target team outside the key’s enterprise (or reach) is a 403. When no rules and no default team are configured, the lead goes to the anchor team.',
    `**Scheduling modes** (team configuration; default ${d.scheduling.mode}), in the team’s time zone, DST included; a window whose end is at or before its start runs past midnight:\n- \`always\`: the call is queued at once.\n- \`business_hours\`: queued at once inside business hours, otherwise scheduled for the start of the next business-hours window.\n- \`after_hours\`: queued at once outside business hours, otherwise scheduled for the end of the current business-hours stretch.\n- \`custom\`: like business_hours, over the custom windows configured with the service operator.\n\noutreach.status is \`queued\` (due now) or \`scheduled\` (due at outreach.due_at). A schedule that allows no call within the next week is a 400 naming scheduling. An unanswered call is retried up to max_attempts (default ${d.outreach.max_attempts}) with retry_spacing_minutes between attempts (default ${d.outreach.retry_spacing_minutes}). Should the call not be queued or scheduled (a transient outage), the lead is still created (201, with a warning) and its outreach is marked dispatch_failed for the operator to requeue.`,
    `**Test mode.** Header \`x-test-mode: true\` or query \`?test_mode=true\`: the lead is mapped, routed, validated and scheduled exactly as it would be, and the answer is 200 with team_id, routing, mapped_fields, field_sources, unmapped_fields, lead_source, outreach and warnings. Nothing is stored, queued or emitted; duplicates are not checked.`,
    '**Downstream.** Each lead emits `lead.created` (then `lead.booking_created` when its call books an appointment, and `lead.completed` when outreach ends), each echoing external_id, lead_id and stl_call_id. The lead is listed by GET /api/v1/teams/{teamId}/leads, joined on external_id or lead_id.',
  ].join('\n\n');
}

function voiceReportDescription(): string {
  return [
    "Receives a voice provider's end-of-call report and processes it with the AI responder: the call is stored, with the appointment and support ticket the responder decided on.",
    '**Headers:** `Authorization: Bearer <API_KEY>`, `X-Workspace-ID: <WORKSPACE_ID>` (names the team), `Content-Type: application/json`. Errors use the platform body `{success: false, error, message, field?, request_id}`.',
    '**Required fields.** message.type (a string); for type end-of-call-report also message.call.id (a string). Every other member is optional, but its type is checked: a wrong type, or a missing required field, is a 400 whose message and field name the member (e.g. `message.call.id: is required`). A message type other than end-of-call-report is acknowledged with 200 and ignored.',
    '**Two shapes.** The flat shape of the spec (message.transcript, message.summary, message.recordingUrl, message.analysis.{callReason, sentiment, bookingIntent, urgency}) and the nested shape of current providers (message.artifact.{transcript, recordingUrl}, message.analysis.summary, message.analysis.structuredData.{…}, endedReason, startedAt, endedAt, cost) are both accepted; where both carry a value the flat member wins. message.call.duration is in **seconds** (stored rounded to whole seconds). recordingUrl must be an https URL and is stored as given: the service never fetches it.',
    [
      '**AI responder rules** (each decision is recorded on the call, with its reason, as `decisions` in GET /api/calls):',
      '- bookingIntent true → an appointment. When the transcript names a day and a time after the call (e.g. "tomorrow at 11 pm", read in the team’s time zone relative to when the call happened, DST included), it is `scheduled` for that instant; otherwise it is `requested` (staff schedule it), with the named day as preferred date when a day without a time is named.',
      '- urgency above standard (anything but standard, low, normal, routine, none), a negative sentiment (negative, angry, frustrated, upset, dissatisfied), or a call reason that is a complaint (it mentions complain…, refund, dispute, damage, unhappy or bad service) or asks for escalation (escalat…, manager, supervisor, legal, lawyer or cancel) → a support ticket (GET /api/v1/enterprise/{enterpriseId}/support-tickets). Priority: urgent for emergency, critical, urgent or immediate urgency; high for any other raised urgency or an escalation; normal otherwise.',
      '- otherwise no action: the call is stored alone.',
    ].join('\n'),
    '**Leads.** An inbound call becomes a unified lead of type call (status booked when an appointment was created). The report of an outreach call placed for an intake lead (matched by metadata stl_call_id or the provider call id) closes that lead’s outreach: the lead records the outcome and appointment, and `lead.booking_created` and `lead.completed` are emitted; an unanswered call with attempts left schedules the next attempt instead.',
    '**Idempotency.** A report is processed once per team and message.call.id: the first delivery answers 201 with the ids it created; a redelivery (or a copy racing it) creates nothing and answers 200 with the same ids. appointmentId and ticketId are null when nothing of the kind was created; all three ids are null when the message type is ignored.',
  ].join('\n\n');
}

/** Merges bodyNotes into a generated body schema; a note on an unknown member is a programming error. */
function annotateBody(schema: JsonSchema, notes: RouteSchemas['bodyNotes']): JsonSchema {
  for (const [path, note] of Object.entries(notes ?? {})) {
    const node = findMember(schema, path.split('.'));
    if (!node) throw new Error(`bodyNotes: no member ${path} in the body schema`);
    const { description, pattern } = typeof note === 'string' ? { description: note, pattern: undefined } : note;
    node.description = description;
    if (pattern !== undefined) {
      const branches = (node.anyOf ?? [node]) as JsonSchema[];
      for (const branch of branches) if (branch.type === 'string') branch.pattern = pattern;
    }
  }
  return schema;
}

function findMember(node: JsonSchema, path: readonly string[]): JsonSchema | undefined {
  const [head, ...rest] = path;
  if (head === undefined) return node;
  const child = (node.properties as Record<string, JsonSchema> | undefined)?.[head];
  if (child) return findMember(child, rest);
  for (const branch of (node.anyOf ?? []) as JsonSchema[]) {
    const found = findMember(branch, path);
    if (found) return found;
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// The registry

export const ROUTE_SCHEMAS: Readonly<Record<string, RouteSchemas>> = {
  listTeamSessions: {
    path: teamPath,
    query: teamSessionsQuery,
    responses: ok(responses.listTeamSessionsResponse),
    description: "Lists the team's scheduling-widget sessions.",
    dateFilter: { field: 'started_at', defaultRange: false },
    orderBy: 'started_at',
  },
  listSessions: {
    query: crossTeamSessionsQuery,
    responses: ok(responses.listSessionsResponse),
    description:
      'Lists sessions of every team the key can access, merged into one list. Internal QA/test teams are left out unless include_test_teams=true; a team named with team_id is never filtered. meta.team_ids lists the teams covered.',
    dateFilter: { field: 'started_at', defaultRange: false },
    orderBy: 'started_at',
  },
  listBookings: {
    query: bookingsQuery,
    responses: ok(responses.listBookingsResponse),
    description:
      'Lists completed bookings (sessions with status booked) of every team the key can access. Items have the Session shape. Internal QA/test teams are left out unless include_test_teams=true; a team named with team_id is never filtered.',
    dateFilter: { field: 'completed_at', defaultRange: false },
    orderBy: 'completed_at',
  },
  getTeamFunnel: {
    path: teamPath,
    query: funnelQuery,
    responses: ok(responses.teamFunnelResponse),
    description: `Funnel metrics of one team.\n\n${metricDefinitions()}`,
    dateFilter: { field: 'started_at', defaultRange: true, maxSpanDays: MAX_RANGE_DAYS },
  },
  getFunnel: {
    query: crossTeamFunnelQuery,
    responses: ok(responses.crossTeamFunnelResponse),
    description: `Funnel metrics over every team the key can access: the counts of each team are summed and the rates recomputed from the sums; data.teams carries each team's own counts. Internal QA/test teams are left out unless include_test_teams=true; a team named with team_id is never filtered.\n\n${metricDefinitions()}`,
    dateFilter: { field: 'started_at', defaultRange: true, maxSpanDays: MAX_RANGE_DAYS },
  },
  getSchedulerAnalytics: {
    query: schedulerAnalyticsQuery,
    headers: v0TeamHeaders,
    responses: ok(responses.schedulerAnalyticsResponse),
    description: [
      'Legacy (v0) scheduler analytics of one team, in blocks chosen with metrics (default: all blocks). Each block is present only when requested.',
      '- funnel: the funnel counts below (camelCase). bookings: booked sessions and their mean time from start to completion.',
      '- chartData: one bucket per calendar day of the range in the requested time zone, oldest first; days are local calendar days, so a DST day is 23 or 25 hours long.',
      '- utmData, googleAdsData, serviceAreaData, issueTypeData: sessions grouped by attribution, service area and issue type, most sessions first, then by name.',
      '- customerEvents: one row per session, newest activity first, paginated with limit and offset (pagination applies to this block only).',
      '',
      metricDefinitions(),
    ].join('\n'),
    dateFilter: { field: 'started_at', defaultRange: true, maxSpanDays: MAX_RANGE_DAYS },
  },
  listUnifiedLeads: {
    query: unifiedLeadsQuery,
    headers: v0TeamHeaders,
    responses: ok(responses.listUnifiedLeadsResponse),
    description: 'Legacy (v0) unified leads of one team, from every channel. Missing strings are empty strings.',
    dateFilter: { field: 'datetime', defaultRange: true, maxSpanDays: MAX_RANGE_DAYS },
    orderBy: 'datetime',
    parameters: { type: `Only leads of this channel: ${LEAD_TYPES.join(', ')}.` },
  },
  listTeamLeads: {
    path: teamPath,
    query: teamLeadsQuery,
    responses: ok(responses.listTeamLeadsResponse),
    description:
      "The team's canonical (v1) leads feed, every channel. Leads from the intake webhook carry their integer lead_id and the sender's external_id; join on either.",
    dateFilter: { field: 'datetime (created_at in the response)', defaultRange: false },
    orderBy: 'datetime',
    parameters: { type: `Only leads of this channel: ${LEAD_TYPES.join(', ')}.` },
  },
  listTeams: {
    responses: ok(responses.listTeamsResponse),
    description:
      'Lists every team the key can access, QA/test teams included and flagged with is_test, ordered by id. Needs no team selection, also for multi-team keys.',
  },
  listCalls: {
    query: callsQuery,
    headers: v0TeamHeaders,
    responses: ok(responses.listCallsResponse),
    description:
      'Call records of one team. The transcript field is present only when the key also holds read:transcripts; without it, calls are listed without transcripts (not a 403).',
    dateFilter: { field: 'started_at', defaultRange: true, maxSpanDays: MAX_RANGE_DAYS },
    orderBy: 'started_at',
    parameters: { type: `Only calls of this provider type: ${CALL_TYPES.join(', ')}.` },
  },
  ingestLead: {
    query: z.object({ test_mode: z.string().optional() }),
    headers: z.object({ 'x-test-mode': z.string().optional() }),
    body: intakeBody(),
    responses: { 201: responses.ingestLeadCreated, 200: responses.ingestLeadPreview },
    errors: {
      409: { description: CONFLICT_DESCRIPTION, schema: responses.intakeConflictError },
      413: `Payload too large: the body is more than ${INTAKE_BODY_LIMIT}`,
      415: 'Unsupported media type: Content-Type is not application/json',
      503: 'The lead is stored but its outreach call could not be queued (the body carries lead_id and stl_call_id): repeat the same request; the repeat queues the call and answers 201 with the same ids',
    },
    description: ingestDescription(),
    parameters: {
      test_mode: TEST_MODE_DOC,
      'x-test-mode': `${TEST_MODE_DOC} Same as the test_mode query parameter.`,
    },
  },
  receiveVoiceReport: {
    headers: z.object({ 'x-workspace-id': WORKSPACE_HEADER }),
    body: voiceReportBody(),
    bodyNotes: VOICE_BODY_NOTES,
    responses: { 201: responses.voiceReportCreated, 200: responses.voiceReportAcknowledged },
    errors: {
      413: 'Payload too large: the body is more than 1 MB (1,048,576 bytes)',
      415: 'Unsupported media type: Content-Type is not application/json',
    },
    description: voiceReportDescription(),
    parameters: { 'x-workspace-id': WORKSPACE_DOC },
  },
  listSupportTickets: {
    path: enterprisePath,
    query: supportTicketsQuery,
    responses: ok(responses.listSupportTicketsResponse),
    description: [
      "Support tickets the AI responder opened from calls (see POST /v1/responder/webhook for when it opens one and with which priority), merged across the enterprise's teams.",
      'Only an `enterprise_all_teams` key of the enterprise named in the path may read it, and it needs `read:support_tickets`; any other key type, or another enterprise, is a 403. Internal QA/test teams are left out unless include_test_teams=true; a team named with team_id is never filtered (and must belong to the enterprise). meta.enterprise_id and meta.team_ids state what the list covers.',
    ].join('\n\n'),
    dateFilter: { field: 'created_at', defaultRange: false },
    orderBy: 'created_at',
  },
  createSmsCampaign: {
    headers: z.object({ 'x-workspace-id': WORKSPACE_HEADER, 'x-preflight': z.string().optional() }),
    body: campaignRequestSchema,
    responses: { 202: responses.smsCampaignResponse, 200: responses.smsCampaignPreflight },
    errors: {
      413: 'Payload too large: the body is more than 6 MB',
      415: 'Unsupported media type: Content-Type is not application/json',
    },
    description: createCampaignDescription(),
    parameters: {
      'x-workspace-id': WORKSPACE_DOC,
      'x-preflight':
        '`true` validates and prices the campaign per recipient and answers 200, sending nothing; same as "preflight": true in the body.',
    },
  },
  getSmsCampaign: {
    path: campaignPath,
    headers: z.object({ 'x-workspace-id': WORKSPACE_HEADER }),
    responses: ok(responses.smsCampaignResponse),
    errors: { 404: 'No campaign with this id for the workspace’s team (another team’s campaign answers the same)' },
    description: 'The campaign with its current status and counts; `messages_sent` moves as chunks are sent.',
    parameters: { 'x-workspace-id': WORKSPACE_DOC, campaignId: 'The campaign_id answered when the campaign was created.' },
  },
  cancelSmsCampaign: {
    path: campaignPath,
    headers: z.object({ 'x-workspace-id': WORKSPACE_HEADER }),
    responses: ok(responses.smsCampaignResponse),
    errors: {
      404: 'No campaign with this id for the workspace’s team',
      409: 'Conflict: the campaign is already completed or cancelled (field status)',
    },
    description:
      'Cancels a scheduled or sending campaign: its schedule is deleted and senders stop before each unsent text, so texts not yet sent are never sent (counted as cancelled). Texts already sent stay sent.',
    parameters: { 'x-workspace-id': WORKSPACE_DOC, campaignId: 'The campaign_id answered when the campaign was created.' },
  },
  receiveInboundSms: {
    headers: z.object({ 'x-workspace-id': WORKSPACE_HEADER }),
    body: z.object({
      from: z.string().min(1).max(40).describe('The sender’s number; normalized to E.164 in the team’s region (invalid: 400 naming from)'),
      to: z.string().max(40).nullable().optional().describe('The number texted'),
      body: z.string().max(1600).describe('The text'),
      message_id: z
        .string()
        .min(1)
        .max(200)
        .nullable()
        .optional()
        .describe('The provider’s message id; a repeated id is acknowledged and handled once'),
      received_at: z.iso.datetime({ offset: true }).nullable().optional(),
    }),
    responses: ok(responses.inboundSmsResponse),
    errors: { 413: 'Payload too large: the body is more than 64 KB', 415: 'Unsupported media type: Content-Type is not application/json' },
    description:
      'An inbound text, from the SMS provider (or a bridge from its event stream). Keywords are matched case-insensitively on the whole message: opt-out keywords add the number to the team’s suppression list (it is never texted again by a campaign), opt-in keywords remove it, help keywords get the help text; the confirmation goes back as a text. Every inbound text from a number a campaign texted counts as a reply to that campaign (engagement.replies of sms_campaign.completed).',
    parameters: { 'x-workspace-id': WORKSPACE_DOC },
  },
  getOpenApi: {
    responses: ok(responses.openApiDocument),
    description: 'This API description, generated from the route table and the schemas the handlers validate with. Needs no key.',
  },
};

function metricDefinitions(): string {
  return [
    `**Metric definitions.** Every metric counts sessions whose started_at lies in [start_date, end_date). Stages are cumulative: a session that reached a later stage counts in every earlier one.`,
    '- sessions: sessions started in the range.',
    '- booking_started: sessions with a booking_started event (the customer picked a slot), or a later stage.',
    '- customer_info_completed: sessions with a customer_info_completed event, or booked.',
    '- booking_completed: sessions whose status is booked.',
    '- conversion_rate: booking_completed / sessions.',
    '- drop_off_count: sessions whose status is dropped_off (pending sessions are still open).',
    '- drop_off_rate: drop_off_count / sessions.',
    '',
    'Rates are fractions between 0 and 1 (not percentages), rounded to 4 decimals, and 0 when there are no sessions.',
  ].join('\n');
}

// ---------------------------------------------------------------------------------------------
// Shared wording

const SERVERS: Record<Surface, { url: string; description: string; variables: Record<string, { default: string; description: string }> }> =
  {
    read: {
      url: '{base_url}',
      description: 'Enterprise read API: paths /api/... (v0) and /api/v1/... (v1)',
      variables: {
        base_url: {
          default: 'http://localhost:3000',
          description:
            'Base URL of the read API (its API Gateway stage URL or custom domain); `npm start` serves every surface on one port',
        },
      },
    },
    platform: {
      url: '{platform_url}',
      description: 'Platform API: voice webhook and SMS campaigns, paths /v1/...',
      variables: { platform_url: { default: 'http://localhost:3000', description: 'Base URL of the platform API' } },
    },
    intake: {
      url: '{intake_url}',
      description: 'Lead intake API: paths /api/outbound/...',
      variables: { intake_url: { default: 'http://localhost:3000', description: 'Base URL of the intake API' } },
    },
  };

const ERROR_COMPONENT: Record<Surface, string> = { read: 'Error', platform: 'PlatformError', intake: 'IntakeError' };

const V0_TEAM_SELECTION =
  'A single-team key (type enterprise) is locked to its team and needs neither the x-team-id header nor the team_id query parameter. Multi-team keys (enterprise_all_teams, portfolio_all_teams) name the team with one of them: naming none is a 400 naming x-team-id, naming different teams in both is a 400. A team outside the key’s reach — or one that does not exist — is a 403.';

const CURSOR_RULES =
  'Cursor pagination: pass pagination.cursor of the previous page, unchanged, as cursor. Cursors are opaque and HMAC-signed, and bound to the API key, the route and the filters (every query parameter except cursor and limit): repeat the same filters on every page (limit may change). An edited, malformed or foreign cursor (issued to another key, for another route or other filters) is a 400 naming cursor. On the last page pagination.cursor is null and has_more is false.';

const OFFSET_RULES =
  'Offset pagination: limit rows starting at offset; pagination.has_more tells whether rows exist beyond offset + limit.';

interface ParameterContext {
  readonly route: RouteDefinition;
  readonly entry: RouteSchemas;
  readonly schema: JsonSchema;
}

type ParameterDoc = string | ((ctx: ParameterContext) => string);

const PARAMETER_DOCS: Record<string, ParameterDoc> = {
  teamId: 'The team. A team outside the key’s reach — or one that does not exist — is a 403.',
  enterpriseId:
    'The enterprise. It must be the enterprise of the key (an enterprise_all_teams key); another enterprise — or one that does not exist — is a 403.',
  status: 'Only sessions in this status.',
  scheduler_id: 'Only sessions of this scheduler (booking widget).',
  start_date: ({ entry }) =>
    `Only rows whose ${entry.dateFilter?.field ?? 'timestamp'} is on or after this instant (inclusive). ISO 8601 date-time with a zone designator, e.g. 2026-11-01T00:00:00Z. ` +
    (entry.dateFilter?.defaultRange ? `Default: ${DEFAULT_RANGE_DAYS} days before end_date.` : 'Default: no lower bound.'),
  end_date: ({ entry }) =>
    `Only rows whose ${entry.dateFilter?.field ?? 'timestamp'} is before this instant (exclusive). Must be after start_date (400 naming start_date otherwise). ` +
    (entry.dateFilter?.maxSpanDays
      ? `The range may span at most ${entry.dateFilter.maxSpanDays} days (400 naming end_date, or start_date when end_date is absent). `
      : '') +
    (entry.dateFilter?.defaultRange ? 'Default: now.' : 'Default: no upper bound.'),
  cursor: 'pagination.cursor of the previous page, unchanged (see the cursor rules in the description).',
  limit: ({ schema }) =>
    `Page size, ${String(schema.minimum)}–${String(schema.maximum)}; default ${String(schema.default)}. A value outside the bounds is a 400 naming limit and the bound, e.g. "limit: must be at most ${String(schema.maximum)}".`,
  offset: 'Rows to skip; default 0. A negative value is a 400 naming offset.',
  team_id: ({ entry }) =>
    entry.headers === v0TeamHeaders
      ? 'The team to read, for multi-team keys: an alternative to the x-team-id header.'
      : 'Restrict to this one team. A team named here is addressed explicitly and never filtered as a test team; one outside the key’s reach is a 403.',
  include_test_teams: 'Include internal QA/test teams when aggregating over several teams (default false).',
  timezone: ({ route }) =>
    route.id === 'getSchedulerAnalytics'
      ? 'IANA time zone name of the chartData day buckets and the reported range; default America/New_York. An unknown zone is a 400.'
      : 'IANA time zone name reported in meta.timezone (the counts cover the instant range [start_date, end_date) whatever the zone); default America/New_York. An unknown zone is a 400.',
  metrics: `Comma-separated block names, any of ${ANALYTICS_BLOCKS.join(', ')}; default: all blocks. An unknown name is a 400 naming metrics.`,
  type: 'Only rows of this type.',
  external_id: 'Only the leads with this external_id (the sender’s own reference, as sent at intake).',
  'x-team-id': `The team to read. ${V0_TEAM_SELECTION}`,
};

// ---------------------------------------------------------------------------------------------
// Schema generation

const MAX_SAFE = Number.MAX_SAFE_INTEGER;
/** Formats whose zod-generated regex is dropped from the document for readability (validators know the format). */
const FORMATS_WITHOUT_PATTERN = new Set(['date-time', 'date', 'uuid']);

/**
 * Tidies zod's JSON Schema: query integers (a string → number pipe from integerParam) are
 * documented as integers with their bounds, query date-times get their format, and the
 * safe-integer bounds of z.int() and the regexes of well-known formats are dropped.
 */
function tidy(ctx: { zodSchema: z.core.$ZodTypes; jsonSchema: z.core.JSONSchema.BaseSchema }): void {
  const json = ctx.jsonSchema as JsonSchema;
  const def = ctx.zodSchema._zod.def;
  if (def.type === 'pipe' && def.in === integerParam) {
    const numeric = z.toJSONSchema(def.out as z.ZodType) as JsonSchema;
    for (const key of Object.keys(json)) delete json[key];
    json.type = 'integer';
    if (typeof numeric.minimum === 'number') json.minimum = numeric.minimum;
    if (typeof numeric.maximum === 'number') json.maximum = numeric.maximum;
  }
  if (ctx.zodSchema === dateTimeParam) json.format = 'date-time';
  if (json.maximum === MAX_SAFE) delete json.maximum;
  if (json.minimum === -MAX_SAFE) delete json.minimum;
  if (typeof json.format === 'string' && FORMATS_WITHOUT_PATTERN.has(json.format)) delete json.pattern;
}

function inputSchema(schema: z.ZodType): JsonSchema {
  const { $schema: _, ...json } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', override: tidy }) as JsonSchema;
  return json;
}

/** What a request schema yields for an empty input: the defaults the handler applies. */
function defaultsOf(schema: z.ZodType): Record<string, unknown> {
  const parsed = schema.safeParse({});
  return parsed.success && parsed.data && typeof parsed.data === 'object' ? (parsed.data as Record<string, unknown>) : {};
}

function wireDefault(value: unknown, schema: JsonSchema): unknown {
  if (Array.isArray(value)) return value.join(',');
  if (schema.type === 'integer' || schema.type === 'number') return value;
  return typeof value === 'string' ? value : String(value);
}

interface ParameterObject {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  description: string;
  schema: JsonSchema;
}

function parametersOf(location: ParameterObject['in'], schema: z.ZodType, route: RouteDefinition, entry: RouteSchemas): ParameterObject[] {
  const json = inputSchema(schema);
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required ?? []) as string[]);
  const defaults = defaultsOf(schema);
  return Object.entries(properties).map(([name, property]) => {
    const parameterSchema: JsonSchema = { ...property };
    if (defaults[name] !== undefined) parameterSchema.default = wireDefault(defaults[name], parameterSchema);
    const doc = entry.parameters?.[name] ?? PARAMETER_DOCS[name] ?? (typeof property.description === 'string' ? property.description : '');
    return {
      name,
      in: location,
      required: location === 'path' || required.has(name),
      description: typeof doc === 'function' ? doc({ route, entry, schema: parameterSchema }) : doc,
      schema: parameterSchema,
    };
  });
}

// ---------------------------------------------------------------------------------------------
// Operations

const STANDARD_RESPONSE_DESCRIPTIONS: Record<number, string> = { 200: 'OK', 201: 'Created', 202: 'Accepted', 204: 'No content' };

function keyTypesOf(route: RouteDefinition): readonly string[] {
  return route.keyTypes ?? KEY_TYPES;
}

function operationDescription(route: RouteDefinition, entry: RouteSchemas | undefined, query: ParameterObject[]): string {
  const parts = [entry?.description ?? route.summary];
  if (route.permission === null) {
    parts.push('**Authentication:** none (public).');
  } else {
    parts.push(`**Required permission:** \`${route.permission}\`.`);
    parts.push(
      route.keyTypes
        ? `**Key types:** ${route.keyTypes.map((t) => `\`${t}\``).join(', ')} only (other key types get a 403).`
        : `**Key types:** all (${KEY_TYPES.map((t) => `\`${t}\``).join(', ')}).`,
    );
  }
  if (entry?.headers === v0TeamHeaders) parts.push(`**Team selection (v0):** ${V0_TEAM_SELECTION}`);
  if (entry?.dateFilter) {
    const { field, defaultRange, maxSpanDays } = entry.dateFilter;
    parts.push(
      `**Date range:** start_date and end_date apply to ${field}; start_date is inclusive, end_date exclusive. ` +
        (defaultRange
          ? `Without them the range is the last ${DEFAULT_RANGE_DAYS} days: start ${DEFAULT_RANGE_DAYS} days before end, end now.`
          : 'Without them the list is not limited in time.') +
        (maxSpanDays
          ? ` The range may span at most ${maxSpanDays} days: a wider one is a 400 naming end_date (start_date when end_date is absent), e.g. "end_date: the range may span at most ${maxSpanDays} days".`
          : ''),
    );
  }
  if (entry?.orderBy) parts.push(`**Order:** newest first by ${entry.orderBy}; ties by team, then id, descending.`);
  const names = new Set(query.map((p) => p.name));
  if (names.has('cursor')) parts.push(`**Pagination:** ${CURSOR_RULES}`);
  else if (names.has('offset')) parts.push(`**Pagination:** ${OFFSET_RULES}`);
  return parts.join('\n\n');
}

function errorResponse(surface: Surface, description: string, component: string = ERROR_COMPONENT[surface]): Record<string, unknown> {
  return {
    description,
    headers: { 'x-request-id': { $ref: '#/components/headers/RequestId' } },
    content: { 'application/json': { schema: { $ref: `#/components/schemas/${component}` } } },
  };
}

function errorResponses(
  route: RouteDefinition,
  entry: RouteSchemas | undefined,
  inputs: readonly ParameterObject[],
  componentOf: (schema: z.ZodType) => string,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (inputs.length > 0 || entry?.body) {
    const reasons = [
      entry?.body
        ? 'the body or a parameter is invalid (the message and field name it)'
        : 'a parameter is invalid (the message and field name it, and the bound for limit)',
    ];
    if (entry?.headers === v0TeamHeaders) reasons.push('a multi-team key names no team');
    if (inputs.some((p) => p.name === 'cursor')) reasons.push('the cursor is malformed, tampered or foreign');
    out[400] = errorResponse(route.surface, `Bad request: ${reasons.join('; ')}`);
  }
  if (route.permission !== null) {
    out[401] = sharedResponse(route.surface, 'Unauthorized');
    out[403] = errorResponse(
      route.surface,
      `The key lacks ${route.permission}${route.keyTypes ? ', its type is not allowed here,' : ''} or the team is outside its reach`,
    );
  }
  out[404] = sharedResponse(route.surface, 'NotFound');
  for (const [status, error] of Object.entries(entry?.errors ?? {})) {
    out[status] =
      typeof error === 'string'
        ? errorResponse(route.surface, error)
        : errorResponse(route.surface, error.description, componentOf(error.schema));
  }
  out[429] = sharedResponse(route.surface, 'TooManyRequests');
  out[500] = sharedResponse(route.surface, 'InternalError');
  return out;
}

/** Error responses whose wording is the same on every route, one set per surface in components.responses. */
const SHARED_RESPONSES = {
  Unauthorized: 'The API key is missing, malformed, unknown or revoked',
  NotFound: 'No such route',
  TooManyRequests: 'Too many requests',
  InternalError: 'Internal error; the body reveals nothing, quote request_id when reporting it',
} as const;

function sharedResponseName(surface: Surface, name: keyof typeof SHARED_RESPONSES): string {
  return surface === 'read' ? name : `${surface.charAt(0).toUpperCase()}${surface.slice(1)}${name}`;
}

function sharedResponse(surface: Surface, name: keyof typeof SHARED_RESPONSES): { $ref: string } {
  return { $ref: `#/components/responses/${sharedResponseName(surface, name)}` };
}

function sharedResponseComponents(): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const surface of new Set(ROUTES.map((r) => r.surface))) {
    for (const [name, description] of Object.entries(SHARED_RESPONSES)) {
      out[sharedResponseName(surface, name as keyof typeof SHARED_RESPONSES)] = errorResponse(surface, description);
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// The document

export interface OpenApiDocument {
  readonly openapi: '3.1.0';
  readonly info: { readonly title: string; readonly version: string; readonly description: string };
  readonly jsonSchemaDialect: string;
  readonly servers: readonly unknown[];
  readonly tags: readonly { readonly name: string; readonly description: string }[];
  readonly paths: Record<string, Record<string, Record<string, unknown>>>;
  readonly components: {
    readonly schemas: Record<string, JsonSchema>;
    readonly responses: Record<string, unknown>;
    readonly securitySchemes: Record<string, unknown>;
    readonly headers: Record<string, unknown>;
  };
}

const TAG_DESCRIPTIONS: Record<string, string> = {
  Sessions: 'Scheduling-widget sessions and completed bookings',
  Analytics: 'Funnel and scheduler analytics',
  Leads: 'Leads from every channel',
  Teams: 'The teams a key can access',
  Calls: 'Calls handled by the AI responder or placed by outreach',
  'Speed to lead': 'Lead intake webhook: field mapping, deduplication, enterprise routing and AI outreach scheduling',
  Voice: 'The voice provider’s end-of-call report webhook and the AI responder',
  'Support tickets': 'Support tickets the AI responder opened, per enterprise',
  'SMS campaigns': 'Text campaigns: creation, pricing, quiet hours, opt-outs and inbound texts',
  Meta: 'This description',
};

/** Builds the whole document. Pure: call it once (at module load) and reuse the result. */
export function buildOpenApiDocument(): OpenApiDocument {
  const registry = z.registry<{ id: string }>();
  const ids = new Map<z.ZodType, string>();
  for (const [name, schema] of Object.entries(responses.RESPONSE_COMPONENTS)) {
    registry.add(schema, { id: name });
    ids.set(schema, name);
  }
  for (const route of ROUTES) {
    const entry = ROUTE_SCHEMAS[route.id];
    const named: [string, z.ZodType][] = [
      ...Object.entries(entry?.responses ?? {}).map(([status, schema]): [string, z.ZodType] => [`Response${status}`, schema]),
      ...Object.entries(entry?.errors ?? {}).flatMap(([status, error]): [string, z.ZodType][] =>
        typeof error === 'string' ? [] : [[`Error${status}`, error.schema]],
      ),
    ];
    for (const [suffix, schema] of named) {
      if (ids.has(schema)) continue;
      const name = `${route.id.charAt(0).toUpperCase()}${route.id.slice(1)}${suffix}`;
      registry.add(schema, { id: name });
      ids.set(schema, name);
    }
  }
  const componentOf = (schema: z.ZodType): string => {
    const name = ids.get(schema);
    if (!name) throw new Error('schema is not a component');
    return name;
  };
  const generated = z.toJSONSchema(registry, {
    uri: (id) => `#/components/schemas/${id}`,
    unrepresentable: 'any',
    override: tidy,
  }).schemas as Record<string, JsonSchema>;
  if ('__shared' in generated) throw new Error('response schemas have shared definitions; register them as components');
  const schemas: Record<string, JsonSchema> = {};
  for (const [name, { $schema: _s, $id: _i, ...schema }] of Object.entries(generated)) schemas[name] = schema;

  const paths: OpenApiDocument['paths'] = {};
  for (const route of ROUTES) {
    const entry = ROUTE_SCHEMAS[route.id];
    const path = entry?.path ? parametersOf('path', entry.path, route, entry) : [];
    const query = entry?.query ? parametersOf('query', entry.query, route, entry) : [];
    const headers = entry?.headers ? parametersOf('header', entry.headers, route, entry) : [];
    const idempotent = isIdempotent(route);
    const parameters = [...path, ...query, ...headers, ...(idempotent ? [IDEMPOTENCY_KEY_PARAMETER] : [])];
    const success: Record<string, unknown> = {};
    for (const [status, schema] of Object.entries(entry?.responses ?? {})) {
      success[status] = {
        description: schema.description ?? STANDARD_RESPONSE_DESCRIPTIONS[Number(status)] ?? 'Success',
        headers: {
          'x-request-id': { $ref: '#/components/headers/RequestId' },
          ...(idempotent ? { [REPLAYED_RESPONSE_HEADER.name]: REPLAYED_RESPONSE_HEADER.ref } : {}),
        },
        content: { 'application/json': { schema: { $ref: `#/components/schemas/${ids.get(schema)}` } } },
      };
    }
    const operation: Record<string, unknown> = {
      operationId: route.id,
      summary: route.summary,
      description: operationDescription(route, entry, query),
      tags: [route.tag],
      servers: [SERVERS[route.surface]],
      security:
        route.permission === null ? [] : route.surface === 'intake' ? [{ bearerAuth: [] }, { apiKeyHeader: [] }] : [{ bearerAuth: [] }],
      ...(route.permission === null ? {} : { 'x-required-permission': route.permission, 'x-key-types': [...keyTypesOf(route)] }),
      ...(parameters.length > 0 ? { parameters } : {}),
      ...(entry?.body
        ? {
            requestBody: {
              required: true,
              content: { 'application/json': { schema: annotateBody(inputSchema(entry.body), entry.bodyNotes) } },
            },
          }
        : {}),
      responses: {
        ...success,
        ...(idempotent
          ? withIdempotencyErrors(errorResponses(route, entry, parameters, componentOf), (d) => errorResponse(route.surface, d))
          : errorResponses(route, entry, parameters, componentOf)),
      },
    };
    paths[route.path] ??= {};
    (paths[route.path] as Record<string, unknown>)[route.method.toLowerCase()] = operation;
  }

  const tags = [...new Set(ROUTES.map((r) => r.tag))].map((name) => ({ name, description: TAG_DESCRIPTIONS[name] ?? name }));
  return {
    openapi: '3.1.0',
    info: { title: 'Lead, Call and Scheduling Service API', version: API_VERSION, description: INFO_DESCRIPTION },
    jsonSchemaDialect: 'https://spec.openapis.org/oas/3.1/dialect/base',
    servers: [SERVERS.read, SERVERS.platform, SERVERS.intake],
    tags,
    paths,
    components: {
      schemas,
      responses: sharedResponseComponents(),
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'service_ followed by 64 hexadecimal characters',
          description:
            'Authorization: Bearer <API_KEY>. Keys are the literal prefix service_ followed by 64 hexadecimal characters, created at team or enterprise level; only a hash is stored, so the plaintext is shown once. A missing, malformed, unknown or revoked key is a 401; a key without the route’s permission (x-required-permission) is a 403.',
        },
        apiKeyHeader: {
          type: 'apiKey',
          in: 'header',
          name: 'X-API-Key',
          description: 'The intake API also accepts the key in X-API-Key.',
        },
      },
      headers: {
        RequestId: {
          description: 'Identifies the request; also in error bodies (request_id) and in the logs',
          schema: { type: 'string' },
        },
        [REPLAYED_HEADER_COMPONENT]: REPLAYED_HEADER_DEFINITION,
      },
    },
  };
}

const INFO_DESCRIPTION = [
  'The service’s three surfaces, generated from the same route table and schemas the service validates with:',
  '- the read-only enterprise API on `{base_url}` (scheduler sessions, bookings, funnel and scheduler analytics, unified and canonical leads, calls, teams, support tickets);',
  '- the platform API on `{platform_url}` (`/v1/...`): the voice provider’s end-of-call report webhook and SMS campaigns;',
  '- the lead intake API on `{intake_url}` (`/api/outbound/...`): the speed-to-lead webhook.',
  '',
  '## Authentication',
  'Every request carries `Authorization: Bearer <API_KEY>`; a key is `service_` followed by 64 hexadecimal characters. The intake endpoint also accepts the key as `X-API-Key: <API_KEY>`. Platform requests name their team with `X-Workspace-ID`. Each operation names the permission it needs (`x-required-permission`, and in its description) and the key types it accepts (`x-key-types`). A missing or invalid key is a 401; a key lacking the permission, or naming a team outside its reach, is a 403.',
  '',
  '## Permissions',
  `- Read: ${READ_PERMISSIONS.map((p) => `\`${p}\``).join(', ')}. \`read:transcripts\` adds transcripts to call records; \`read:support_tickets\` is only for \`enterprise_all_teams\` keys.`,
  '- Write, one per POST surface: `write:leads` (POST /api/outbound/speed-to-lead/ingest), `write:calls` (POST /v1/responder/webhook), `write:sms_campaigns` (the SMS campaign routes under /v1/messaging/sms/: create, read, cancel, inbound texts).',
  '',
  '## Key types and team selection',
  '- `enterprise`: one team. Never needs to name it.',
  '- `enterprise_all_teams`: every team of its enterprise. `portfolio_all_teams`: every team of its portfolio (possibly several enterprises).',
  '- v1 routes carry the team in the path (`/api/v1/teams/{teamId}/...`) or aggregate over every team the key reaches, with an optional `team_id` filter; internal QA/test teams are left out of aggregations unless `include_test_teams=true`, and a team named explicitly is never filtered.',
  `- v0 routes (${ROUTES.filter((r) => ROUTE_SCHEMAS[r.id]?.headers === v0TeamHeaders)
    .map((r) => `\`${r.path}\``)
    .join(', ')}): ${V0_TEAM_SELECTION} \`/api/teams\` needs no team.`,
  '',
  '## Dates',
  `Date filters are ISO 8601 date-times with a zone designator; start_date is inclusive and end_date exclusive. Each operation states which timestamp they apply to (sessions: started_at; bookings: completed_at; leads: datetime; calls: started_at; funnel and analytics: started_at). Where a default applies, the range is the last ${DEFAULT_RANGE_DAYS} days ending now. Analytics, funnels and the v0 leads and calls lists accept ranges of at most ${MAX_RANGE_DAYS} days (400 naming end_date); the cursor lists have no maximum. Returned instants are UTC. Day buckets (chartData) are calendar days in the requested IANA time zone, so a DST day is 23 or 25 hours long.`,
  '',
  '## Lists and pagination',
  '- Lists are ordered newest first by their timestamp; ties by team, then id, descending.',
  `- v1 lists use cursor pagination (limit default ${V1_LIMIT.default}, max ${V1_LIMIT.max}). ${CURSOR_RULES}`,
  `- v0 lists use offset pagination (limit default ${V0_LIMIT.default}, max ${V0_LIMIT.max}; offset default 0). ${OFFSET_RULES} In scheduler analytics it applies to customerEvents.`,
  '- A limit outside its bounds is a 400 whose message names limit and the bound.',
  '',
  '## Metrics',
  metricDefinitions(),
  '',
  IDEMPOTENCY_SECTION,
  '',
  '## Errors',
  'Every response carries `x-request-id`; error bodies repeat it as `request_id`. A client mistake is a 4xx whose message names the field. Each surface has one error body:',
  '- read API: `{error, message, field?, details?, request_id}`, where `error` is a code (invalid_request, unauthorized, forbidden, not_found, rate_limited, internal_error);',
  '- platform API: `{success: false, error, message, field?, details?, request_id}`, where `error` is the code;',
  '- intake API: `{success: false, error, code, request_id, field?}`, where `error` is the explanation and `code` the code (also conflict, payload_too_large, unsupported_media_type).',
].join('\n');
