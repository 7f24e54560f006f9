import { CALL_TYPES } from '#shared/contracts/calls';
import { formatCount } from '#shared/contracts/contract';
import { DEFAULT_ALIASES, TARGET_FIELDS } from '#shared/domain/intake/field-mapping';
import { DEFAULT_INTAKE_CONFIG } from '#shared/domain/intake/intake-config';
import { INTAKE_PRESETS } from '#shared/domain/intake/presets';
import { LEAD_TYPES } from '#shared/domain/leads';
import {
  CAMPAIGN_TYPES,
  MAX_RECIPIENTS,
  MAX_SCHEDULE_HORIZON_DAYS,
  MAX_TEMPLATE_CHARS,
} from '#shared/domain/sms-campaigns/campaign-request';
import type { RouteId } from '#shared/routes';
import { MAX_RANGE_DAYS } from '#shared/schemas/query-parts';
import { APPOINTMENT_OPERATION_DOCS } from './appointment-docs';
import type { BodyNote } from './json-schema';
import { WIDGET_OPERATION_DOCS } from './widget-docs';
import { metricDefinitions, type OperationDocs } from './wording';

function createCampaignDescription(): string {
  return [
    'Creates an SMS campaign and sends it now, or at schedule_time. The answer is 202 with the campaign (`data`) and `meta {request_id, timestamp}`; completion is reported by the event `sms_campaign.completed`. With `"preflight": true` (or header `x-preflight: true`) the campaign is validated and priced per recipient and answered with 200, with each recipient’s `send_at` and `rule` under the calling-hours rules and the recipients a frequency cap would skip; nothing is stored or sent.',
    `**Validation** (400 naming the field): campaign_type is one of ${CAMPAIGN_TYPES.join(', ')}; 1–${formatCount(MAX_RECIPIENTS)} recipients, whose phones are normalized to E.164 (invalid ones are listed by index in details.invalid_indexes) and whose duplicates are collapsed and counted; message_template is non-empty, at most ${MAX_TEMPLATE_CHARS} characters; unknown members of the body and of settings are refused, so a typo never silently turns a compliance setting off. schedule_time within a minute of now (or omitted) means now; further in the past is a 400; at most ${MAX_SCHEDULE_HORIZON_DAYS} days ahead. segmentation is accepted and stored but does not filter recipients yet.`,
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
    `**Field mapping.** Each target field has an ordered list of aliases (payload paths such as \`phone\`, \`contact.phone\`, \`phones[0].number\` or \`data["e-mail"]\`); the first alias present with a non-empty value wins. A path may also select an array element by the value of one of its members: \`user_column_data[column_id=PHONE_NUMBER].string_value\` (Google lead forms), \`field_data[name=phone_number].values[0]\` (Meta leads): the first element that is an object whose member equals the value (strings exactly, numbers and booleans by their JSON text); a name or value with spaces, brackets, \`=\` or other characters outside letters, digits and \`_$@+:./-\` is written as a JSON string (\`answers[question="What is your zip?"].value\`). A path that leads nowhere (no such member or element) is a miss: the next alias is tried. A mapping may also give a target a fixed value used when no alias gives one (fallback_values, e.g. a preset's lead_source). Presets for Google Ads lead forms, Meta lead ads, Google Local Services leads, GoHighLevel and Zapier are applied by the operator (\`admin intake preset apply NAME --team ID\`). Values are read as trimmed text (numbers and booleans become text; objects, arrays, null and blank strings count as absent). The service operator configures a team’s aliases per target field; a target the team’s mapping leaves out uses the default aliases below. first_name and last_name compose customer_name when customer_name is absent. notes can be configured to combine several payload paths into one JSON object. Payload members no alias read are kept with the lead’s raw payload (and listed as unmapped_fields in test mode).\n\n${aliasTable()}`,
    `**Validation.** phone_number is required (a 400 naming phone_number otherwise) and is normalized to E.164, numbers without a country code being read in the team’s region (default ${d.phone_region}). An alias whose value is not a phone number is skipped like a miss and the next alias is tried; when no alias gives a valid number but one gave text, the lead is **kept** (201, with a warning): customer.phone is null and customer.phone_raw holds the text as sent, outreach.status is \`not_placed\` (nobody is called), lead.created carries phone_number null and phone_number_raw, and lead.completed follows with outcome failed. An email that is not an address is likewise skipped (the next alias is tried). appointment_datetime, when present, must be a date-time: ISO 8601 with an offset is taken as is; without an offset (and in the forms \`2026-11-25 14:00\` or \`11/25/2026 2:00 PM\`) it is read in the team’s time zone, DST included; anything else is a 400 naming appointment_datetime. external_id is at most 256 characters. An invalid email is dropped with a warning, not refused.`,
    '**lead_source.** Matched case-insensitively against the team’s configured lead sources, and recorded in the configured spelling. An unknown value is recorded as the team’s default_lead_source (null when none is set), with a warning; a team without configured sources records the value as sent. A lead without lead_source gets default_lead_source. The raw value is always kept (lead_content.lead_source_raw). The lead’s channel type follows from the source: LSA/Local Services → google_lsa, chat → web_chat, SMS/text → text, call/phone → call, else scheduling_widget.',
    `**Duplicates (409).** external_id is unique per team forever. The phone number (E.164) is unique per team within the team’s dedupe window, dedupe_window_hours (default ${d.dedupe_window_hours}; 0 turns the phone check off): a second lead with the same phone inside the window is a 409; once the window has passed the phone is accepted again (and held for a new window). The 409 body carries code \`conflict\`, field (external_id or phone_number) and the existing lead_id. Two identical requests racing create exactly one lead. Test mode does not check duplicates.`,
    '**Enterprise routing.** A single-team key (`enterprise`) ingests for its own team. For a multi-team key (`enterprise_all_teams`; `portfolio_all_teams` likewise) the routing rules of the key’s anchor team choose the target team: each rule compares the value at a payload path (trimmed, case-insensitive) with a list of values; the first matching rule wins; when none matches the lead goes to the configured default team, and without one it is rejected with a 400 naming routing. A target team outside the key’s enterprise (or reach) is a 403. When no rules and no default team are configured, the lead goes to the anchor team.',
    `**Scheduling modes** (team configuration; default ${d.scheduling.mode}), in the team’s time zone, DST included; a window whose end is at or before its start runs past midnight:\n- \`always\`: the call is queued at once.\n- \`business_hours\`: queued at once inside business hours, otherwise scheduled for the start of the next business-hours window.\n- \`after_hours\`: queued at once outside business hours, otherwise scheduled for the end of the current business-hours stretch.\n- \`custom\`: like business_hours, over the custom windows configured with the service operator.\n\noutreach.status is \`queued\` (due now) or \`scheduled\` (due at outreach.due_at). A schedule that allows no call within the next week is a 400 naming scheduling. An unanswered call is retried up to max_attempts (default ${d.outreach.max_attempts}) with retry_spacing_minutes between attempts (default ${d.outreach.retry_spacing_minutes}). Should the call not be queued or scheduled (a transient outage), the lead is still created (201, with a warning) and its outreach is marked dispatch_failed for the operator to requeue.`,
    `**Test mode.** Header \`x-test-mode: true\` or query \`?test_mode=true\`: the lead is mapped, routed, validated and scheduled exactly as it would be, and the answer is 200 with team_id, routing, mapped_fields, field_sources, explain, unmapped_fields, lead_source, outreach and warnings. \`explain\` says per target field which alias matched, or why none did: every alias tried, in order, with its result (\`missing\`: the path leads nowhere, with the first step that does, e.g. \`no element of user_column_data has column_id=PHONE_NUMBER\`; \`empty\`; \`not_scalar\`; \`invalid\`: not a phone number or not an email address) and fallback_value when the mapping's fixed value was used: post a sample of a new source in test mode to see at once why a field is empty. Nothing is stored, queued or emitted; duplicates are not checked.`,
    '**Downstream.** Each lead emits `lead.created` (then `lead.booking_created` when its call books an appointment, and `lead.completed` when outreach ends), each echoing external_id, lead_id and stl_call_id. The lead is listed by GET /api/v1/teams/{teamId}/leads, joined on external_id or lead_id.',
  ].join('\n\n');
}

function voiceReportDescription(): string {
  return [
    "Receives a voice provider's end-of-call report and processes it with the AI responder: the call is stored, with the appointment and support ticket the responder decided on.",
    '**Headers:** `Authorization: Bearer <API_KEY>`, `X-Workspace-ID: <WORKSPACE_ID>` (names the team), `Content-Type: application/json`. Errors use the platform body `{success: false, error, message, field?, request_id}`.',
    "**Required fields.** message.type (a string); for type end-of-call-report also message.call.id (a string). The envelope's other members are optional, but their types are checked: a wrong type, or a missing required field, is a 400 whose message and field name the member (e.g. `message.call.id: is required`). message.analysis is **never** a reason to refuse: it is whatever the assistant's analysis plan produces (below). transfer-update is recorded; any other message type (status-update, assistant.started, handoff-destination-request, language-change-detected, call.deleted, call.artifact.upload, chat.*, session.*, …) is acknowledged with 200 and not stored.",
    "**Shapes.** The original flat shape (message.transcript, message.summary, message.recordingUrl, message.analysis.{callReason, sentiment, bookingIntent, urgency}), the nested shape of current providers (message.artifact.{transcript, messages, recordingUrl}, message.analysis.summary, message.analysis.structuredData, endedReason, startedAt, endedAt, cost), and Vapi's 2026 members (artifact.recording {stereoUrl, mono {combinedUrl, assistantUrl, customerUrl}}, costs[], call.costBreakdown, call.startedAt/endedAt, analysis.structuredDataMulti and successEvaluation, message-level customer and phoneNumber) are all accepted; where several carry a value the flat member wins. The recording stored is the mono combined one, else the stereo one. message.call.duration is in **seconds** (stored rounded to whole seconds). Recording URLs must be https and are stored as given.",
    '**Analysis, read liberally.** callReason, sentiment, bookingIntent and urgency are looked for in message.analysis, then message.analysis.structuredData, then each structuredDataMulti entry (its result), keys in any case (booking_intent, BookingIntent). bookingIntent reads true/false, "yes"/"no", 1/0; urgency reads words (low, standard, high, urgent, emergency and synonyms such as critical or asap) or a number on a 1–5 scale (6–10 read as a 1–10 scale). A value that cannot be read is null and recorded as a warning on the call (`warnings`, naming the member); the analysis as sent is kept on the call (`analysis.raw`).',
    [
      '**AI responder rules** (each decision is recorded on the call, with its reason and the words it rests on, as `decisions` in GET /api/calls). The analysis decides where it says; where a member is absent the transcript decides:',
      "- a visit: bookingIntent true, or (without bookingIntent) the caller asks for a visit, accepts a time offered, asks to reschedule, or the assistant confirms a booking → an appointment, `scheduled` at the time the call settles on (the assistant's confirmation first, else the last time named; relative dates such as \"next Tuesday after lunch\" in the team's time zone relative to the call, Spanish too), inside the team's scheduler hours when it has a scheduler; otherwise `requested`, with the named day as preferred date.",
      '- urgency above standard, or (without urgency) an emergency in the transcript (gas smell, flooding, sewage backup, sparks or burning, carbon monoxide, no heat in freezing weather); a negative sentiment, or (without sentiment) a complaint in the transcript; a call reason that is a complaint or asks for escalation; or (without bookingIntent) a cancellation → a support ticket. Priority urgent for an emergency, high for other raised urgency or an escalation, normal otherwise.',
      '- voicemails and wrong numbers, price questions without a booking, and everything else → no action: the call is stored alone.',
    ].join('\n'),
    '**Leads.** An inbound call becomes a unified lead of type call (status booked when an appointment was created). The report of an outreach call placed for an intake lead (matched by metadata stl_call_id or the provider call id) closes that lead’s outreach: the lead records the outcome and appointment, and `lead.booking_created` and `lead.completed` are emitted; an unanswered call with attempts left schedules the next attempt instead.',
    '**Idempotency.** A report is processed once per team and message.call.id: the first delivery answers 201 with the ids it created; a redelivery (or a copy racing it) creates nothing and answers 200 with the same ids. appointmentId and ticketId are null when nothing of the kind was created; all three ids are null when the message type is ignored.',
  ].join('\n\n');
}

const VOICE_BODY_NOTES: Readonly<Record<string, BodyNote>> = {
  'message.type':
    'Required. end-of-call-report is processed, transfer-update recorded; any other type is acknowledged with 200 and not stored.',
  'message.call': 'Required for an end-of-call-report.',
  'message.call.id': "Required for an end-of-call-report: the provider's call id. Reports are idempotent per team and call id.",
  'message.call.customer.number':
    'The customer’s phone number, international format; stored normalized to E.164. A number that does not read as a phone number is stored as null, with the text as sent in customer.phone_raw of the call.',
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
  'message.analysis':
    "Whatever the assistant's analysis plan produces: never refused, read liberally (see the description), kept on the call as analysis.raw; what cannot be read is a warning on the call.",
  'message.costs':
    'The costs of the call by component (USD); summed for the call cost when message.cost and call.costBreakdown.total are absent.',
  'message.durationSeconds': 'Call length in seconds, read when message.call.duration is absent.',
};

const INTAKE_EXAMPLES: readonly unknown[] = [
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
];

const VOICE_EXAMPLES: readonly unknown[] = [
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
];

/** What each operation does, in words, by route id. Operations without an entry are described by their route's summary. */
export const OPERATION_DOCS: { readonly [Id in RouteId]?: OperationDocs } = {
  listTeamSessions: {
    description: "Lists the team's scheduling-widget sessions.",
    dateFilter: { field: 'started_at', defaultRange: false },
    orderBy: 'started_at',
  },
  listSessions: {
    description:
      'Lists sessions of every team the key can access, merged into one list. Internal QA/test teams are left out unless include_test_teams=true; a team named with team_id is never filtered. meta.team_ids lists the teams covered.',
    dateFilter: { field: 'started_at', defaultRange: false },
    orderBy: 'started_at',
  },
  listBookings: {
    description:
      'Lists completed bookings (sessions with status booked) of every team the key can access. Items have the Session shape. Internal QA/test teams are left out unless include_test_teams=true; a team named with team_id is never filtered.',
    dateFilter: { field: 'completed_at', defaultRange: false },
    orderBy: 'completed_at',
  },
  getTeamFunnel: {
    description: `Funnel metrics of one team.\n\n${metricDefinitions()}`,
    dateFilter: { field: 'started_at', defaultRange: true, maxSpanDays: MAX_RANGE_DAYS },
  },
  getFunnel: {
    description: `Funnel metrics over every team the key can access: the counts of each team are summed and the rates recomputed from the sums; data.teams carries each team's own counts. Internal QA/test teams are left out unless include_test_teams=true; a team named with team_id is never filtered.\n\n${metricDefinitions()}`,
    dateFilter: { field: 'started_at', defaultRange: true, maxSpanDays: MAX_RANGE_DAYS },
  },
  getSchedulerAnalytics: {
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
    description: 'Legacy (v0) unified leads of one team, from every channel. Missing strings are empty strings.',
    dateFilter: { field: 'datetime', defaultRange: true, maxSpanDays: MAX_RANGE_DAYS },
    orderBy: 'datetime',
    parameters: { type: `Only leads of this channel: ${LEAD_TYPES.join(', ')}.` },
  },
  listTeamLeads: {
    description:
      "The team's canonical (v1) leads feed, every channel. Leads from the intake webhook carry their integer lead_id and the sender's external_id; join on either.",
    dateFilter: { field: 'datetime (created_at in the response)', defaultRange: false },
    orderBy: 'datetime',
    parameters: { type: `Only leads of this channel: ${LEAD_TYPES.join(', ')}.` },
  },
  listTeams: {
    description:
      'Lists every team the key can access, QA/test teams included and flagged with is_test, ordered by id. Needs no team selection, also for multi-team keys.',
  },
  listCalls: {
    description:
      'Call records of one team. The transcript field is present only when the key also holds read:transcripts; without it, calls are listed without transcripts (not a 403).',
    dateFilter: { field: 'started_at', defaultRange: true, maxSpanDays: MAX_RANGE_DAYS },
    orderBy: 'started_at',
    parameters: { type: `Only calls of this provider type: ${CALL_TYPES.join(', ')}.` },
  },
  ingestLead: {
    description: ingestDescription(),
    parameters: {
      preset: `Read this request's payload with a preset's field mapping instead of the team's (${INTAKE_PRESETS.map((p) => p.name).join(', ')}): one integration URL per source, e.g. a GoHighLevel webhook to \`/api/outbound/speed-to-lead/ingest?preset=gohighlevel\`. The team's other configuration applies. An unknown name is a 400 naming preset.`,
    },
    bodyExamples: INTAKE_EXAMPLES,
  },
  receiveGoogleAdsLead: {
    description: [
      'The webhook of Google Ads lead forms: in the form’s webhook settings, the URL is this path with the team’s id and the key is the team’s Google lead-form key (created and rotated by the operator: `admin intake google-key --team ID --rotate`; only its SHA-256 is stored; after a rotation the previous key keeps working for 24 hours).',
      '**Authentication:** none in the headers (Google sends none): the body’s `google_key` is compared, in constant time, with the team’s key. A missing or wrong key, a team without a key and a team that does not exist all get the same 401 (`{success: false, error: "Missing or invalid google_key", code: "unauthorized", request_id}`), so the answer tells nothing about which teams exist. The route is not rate-limited per key (it has none); the API stage throttle applies.',
      '**Mapping:** the google-ads-lead-form preset, whatever the team’s own field mapping: the answers in user_column_data are read by column_id (FULL_NAME, FIRST_NAME, LAST_NAME, PHONE_NUMBER, WORK_PHONE, EMAIL, WORK_EMAIL, STREET_ADDRESS, CITY, REGION, POSTAL_CODE, COUNTRY; the service from column_id SERVICE or the question "What service do you need?"), whatever their order; lead_id is the external_id, gcl_id the attribution.gclid, campaign_id / adgroup_id / creative_id the utm_campaign / utm_term / utm_content, utm_source google, utm_medium lead_form, lead source "Google Ads". The team’s scheduling, dedupe window, lead sources and phone region apply as on the intake. google_key is never stored; every other member is kept with the lead’s raw payload.',
      '**Answers** (always 200 for a lead taken, since Google treats anything else as a failed delivery and retries it): `result: created` with lead_id, stl_call_id and outreach (the call is queued or scheduled, never waited for, so the answer comes within Google’s timeout); `result: duplicate` with the stored lead_id when Google retries a lead_id it already posted (a retry never creates a second lead, also when copies race) or the phone is a duplicate within the team’s dedupe window; and for `is_test: true` (the form’s “send test data”) the intake’s test-mode answer, explain included: nothing is stored or called. A body that is not a Google lead is a 400 naming the member (lead_id, user_column_data, is_test; phone_number when the form gave no phone).',
    ].join('\n\n'),
    parameters: {
      teamId:
        'The team whose Google lead-form key the body’s google_key must match. A team that does not exist, or has no key, answers the same 401 as a wrong key.',
    },
  },
  receiveVoiceReport: {
    description: voiceReportDescription(),
    bodyNotes: VOICE_BODY_NOTES,
    bodyExamples: VOICE_EXAMPLES,
  },
  listSupportTickets: {
    description: [
      "Support tickets the AI responder opened from calls (see POST /v1/responder/webhook for when it opens one and with which priority), merged across the enterprise's teams.",
      'Only an `enterprise_all_teams` key of the enterprise named in the path may read it, and it needs `read:support_tickets`; any other key type, or another enterprise, is a 403. Internal QA/test teams are left out unless include_test_teams=true; a team named with team_id is never filtered (and must belong to the enterprise). meta.enterprise_id and meta.team_ids state what the list covers.',
    ].join('\n\n'),
    dateFilter: { field: 'created_at', defaultRange: false },
    orderBy: 'created_at',
  },
  listAuditLog: {
    description: [
      "Every change to the key's enterprise's API keys and webhooks, each with who made it (the key id, or `operator` and the OS user for the admin CLI), what it changed (action, target, teams, a small detail without personal data) and when. Each entry is written in the same transaction as its change, and kept one year.",
      'A key reads the entries of the enterprises its teams belong to, limited to those touching a team it reaches: a single-team key sees its team’s changes, an enterprise_all_teams or portfolio_all_teams key its whole enterprises’. Another enterprise’s entries are never listed. action keeps one action; export.requested records each export asked for; deletion, replay and retention actions are reserved for features to come and list nothing yet.',
    ].join('\n\n'),
    dateFilter: { field: 'occurred_at', defaultRange: false },
    orderBy: 'occurred_at',
  },
  createExport: {
    description: [
      'Every row of one resource (sessions, bookings, leads, calls, transcripts, texts, coach_evaluations, appointments) of the key’s teams, or of the teams team_ids names, whose time lies in [start_date, end_date): any span, no 366-day cap. The answer is a 202 at once; the file is written in the background, from bounded pages, part by part, and survives a crash of its worker without losing or repeating a row.',
      'The file is gzipped NDJSON: each line is exactly one item as the resource’s list route gives it (GET /api/v1/sessions, /api/v1/bookings, /api/leads, /api/calls, /api/calls/{callId}/transcript, /api/v1/teams/{teamId}/outbound/texts, /api/coach, /api/v1/teams/{teamId}/appointments), with the key’s field groups applied; call lines carry no recording link (a link lasts 15 minutes, the file 7 days); appointment lines carry their manage link, as the list does. Exporting a resource needs the permission of its list route as well as read:exports, which only enterprise_all_teams and portfolio_all_teams keys may hold. The request is recorded in the audit log (export.requested); an export.completed event goes on the bus when the file is complete.',
    ].join('\n\n'),
  },
  getExport: {
    description:
      'The export’s status (queued, running, completed, failed) and progress (rows and gzipped bytes written so far); once completed, a download_url valid 15 minutes (each call makes a new one) and expires_at, when the file is removed (7 days after completion). Only the key that requested the export sees it; another key’s export answers 404.',
  },
  createSmsCampaign: {
    description: createCampaignDescription(),
  },
  getSmsCampaign: {
    description: 'The campaign with its current status and counts; `messages_sent` moves as chunks are sent.',
  },
  cancelSmsCampaign: {
    description:
      'Cancels a scheduled or sending campaign: its schedule is deleted and senders stop before each unsent text, so texts not yet sent are never sent (counted as cancelled). Texts already sent stay sent.',
  },
  receiveInboundSms: {
    description:
      'An inbound text, from the SMS provider (or a bridge from its event stream). An opt-out in a person’s own words (a revocation word with filler, punctuation or emoji, misspellings, phrases such as “stop texting me” or “no más mensajes”) adds the number to the team’s suppression list (it is never texted again by a campaign) and gets one confirmation text (never a second for a repeated STOP); a longer text using such a word in another sense is not an opt-out and is flagged `needs_review` (a possible_opt_out subscription event); START/YES/UNSTOP opt back in, HELP/INFO get the help text. Every inbound text from a number a campaign texted counts as a reply to that campaign (engagement.replies of sms_campaign.completed).',
  },
  getOpenApi: {
    description: 'This API description, generated from the route table and the schemas the handlers validate with. Needs no key.',
  },
  listCoachEvaluations: {
    description: [
      'Coach evaluations of one team’s calls. After each call report with a transcript is stored, the call is evaluated once, asynchronously (usually within seconds), against the rubric the team has at that moment: every criterion gets a score (0–100), pass or fail, a reason and evidence quoted verbatim from the transcript; the evaluation has a weighted total (0–100) over the applicable criteria, the rubric’s pass threshold, whether it passed, and the rubric_id and rubric_version it used. Calls without a transcript are not evaluated.',
      '**Filters** are combined: the calls’ started_at range, min_score and max_score (whole scores, inclusive) on the total, and rubric_id. Each filter is a key condition of an index built for it (a score range is read as at most 27 partitions: bands of ten scores and single scores at its ends), so a page reads the evaluations it returns, not the ones a filter leaves out.',
    ].join('\n\n'),
    dateFilter: { field: 'call_started_at (the call’s started_at)', defaultRange: true, maxSpanDays: MAX_RANGE_DAYS },
    orderBy: 'call_started_at',
    parameters: {
      min_score: 'Only evaluations whose total score is at least this (0–100, inclusive).',
      max_score: 'Only evaluations whose total score is at most this (0–100, inclusive); not below min_score (400 naming min_score).',
      rubric_id: 'Only evaluations made with this rubric (any version); GET /api/coach/rubrics lists the team’s rubrics.',
    },
  },
  getCoachEvaluation: {
    description:
      'The coach evaluation of one call, by the call_id of GET /api/calls. A call of another team, an unknown call, and a call not evaluated (not yet, or without a transcript) answer 404 alike.',
  },
  listCoachRubrics: {
    description:
      'The team’s rubric history, newest first: the revision in force (current: true) and every earlier one, ending with the built-in home-services rubric (revision 0) the team followed before any change, so every rubric_id and rubric_version an evaluation names is listed. Rubrics are set per team by the service operator.',
  },
  listTeamSchedulers: {
    description:
      "The team's scheduler (booking widget) configurations, by scheduler_id ascending: the services (issue types) and job types each offers, the service areas it books into, its opening hours per weekday and their time zone, how it books (slot length and interval, lead time, days ahead, capacity per slot, the origins allowed to embed it), and where it lives (booking_page_url, embed_code). A session's scheduler_id names one of them. Operators set them with `npm run admin -- scheduler set`.",
  },
  listTeamBookingRequests: {
    description:
      "The requests the team's booked visits sent to the field-service system, one per attempt (a retried request appears once per attempt, attempt counting from 1 for the job's creation and for each change): action create for the booking's job, reschedule when the visit moved, cancel when it was cancelled (requests recorded before actions existed read as create). A succeeded request carries the st_job_id of the job it created or changed (the session carries the same id); a failed one its error (a change not sent says why: superseded by a later change, no_job, no_field_service_system); a pending one has been sent and not yet answered.",
    dateFilter: { field: 'requested_at', defaultRange: false },
    orderBy: 'requested_at',
    parameters: { scheduler_id: 'Only requests of bookings made with this scheduler.' },
  },
  ...WIDGET_OPERATION_DOCS,
  ...APPOINTMENT_OPERATION_DOCS,
};
