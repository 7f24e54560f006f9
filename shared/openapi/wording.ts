import { FIELD_GROUP_NAMES, FIELD_GROUPS } from '#shared/auth/field-groups';
import { READ_PERMISSIONS } from '#shared/auth/permissions';
import { ANALYTICS_BLOCKS } from '#shared/domain/analytics';
import { DEFAULT_RATE_LIMITS } from '#shared/domain/rate-limit';
import { IDEMPOTENCY_KEY_FIELD } from '#shared/http/idempotency-key';
import { CHANGE_FEED_SETTLE_SECONDS } from '#shared/pagination/change-feed';
import type { RouteDefinition, Surface } from '#shared/routes';
import { DEFAULT_RANGE_DAYS } from '#shared/schemas/params';
import { MAX_RANGE_DAYS, V0_LIMIT, V1_LIMIT } from '#shared/schemas/query-parts';
import { IDEMPOTENCY_KEY_DOC, IDEMPOTENCY_SECTION } from './idempotency-docs';
import type { BodyNote, JsonSchema } from './json-schema';

/** The API description's shared wording: servers, rules that apply to many routes, parameter descriptions. */

export const SERVERS: Record<
  Surface,
  { url: string; description: string; variables: Record<string, { default: string; description: string }> }
> = {
  read: {
    url: '{base_url}',
    description: 'Enterprise read API: paths /api/... (v0) and /api/v1/... (v1)',
    variables: {
      base_url: {
        default: 'http://localhost:3000',
        description: 'Base URL of the read API (its API Gateway stage URL or custom domain); `npm start` serves every surface on one port',
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

export const V0_TEAM_SELECTION =
  'A single-team key (type enterprise) is locked to its team and needs neither the x-team-id header nor the team_id query parameter. Multi-team keys (enterprise_all_teams, portfolio_all_teams) name the team with one of them: naming none is a 400 naming x-team-id, naming different teams in both is a 400. A team outside the key’s reach — or one that does not exist — is a 403.';

export const CURSOR_RULES =
  'Cursor pagination: pass pagination.cursor of the previous page, unchanged, as cursor. Cursors are opaque and HMAC-signed, and bound to the API key, the route and the filters (every query parameter except cursor and limit): repeat the same filters on every page (limit may change). An edited, malformed or foreign cursor (issued to another key, for another route or other filters) is a 400 naming cursor. On the last page pagination.cursor is null and has_more is false.';

export const OFFSET_RULES =
  'Offset pagination: limit rows starting at offset; pagination.has_more tells whether rows exist beyond offset + limit.';

const TEST_MODE_DOC =
  '`true` (or `1`) runs the request in test mode: the lead is mapped, routed, validated and scheduled, and the result is answered with 200, but nothing is stored, queued or emitted. Any other value, or none, ingests the lead.';
const WORKSPACE_DOC =
  'The workspace (team) the request is for; each team’s workspace_id is listed by GET /api/teams. Missing: a 400 naming x-workspace-id. A workspace that does not exist, or one outside the key’s reach, is a 403.';

export function metricDefinitions(): string {
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

/**
 * What an operation does, in words: its prose in the API description (./operations.ts lists them
 * by route id). What a route takes and answers is in its contract (shared/contracts/); the
 * generator (./document.ts) appends permission, key types, date filters and paging rules.
 */
export interface OperationDocs {
  /** What the operation does, in Markdown. */
  readonly description: string;
  /**
   * The stored timestamp start_date and end_date filter on; defaultRange: when absent they default
   * to the last 7 days; maxSpanDays: the widest range the query schema accepts (none: unlimited).
   */
  readonly dateFilter?: { readonly field: string; readonly defaultRange: boolean; readonly maxSpanDays?: number };
  /** How list items are ordered (the timestamp, newest first). */
  readonly orderBy?: string;
  /** Parameter descriptions for this route, overriding the shared ones (PARAMETER_DOCS). */
  readonly parameters?: Readonly<Record<string, string>>;
  /**
   * Notes on members of the request body, by dotted path (e.g. `message.call.duration`), merged into
   * the generated JSON Schema: a description, and keywords a refinement checks that JSON Schema
   * cannot derive (e.g. a pattern). Used where the body schema is reused from the domain as is.
   */
  readonly bodyNotes?: Readonly<Record<string, BodyNote>>;
  /** Example request bodies. */
  readonly bodyExamples?: readonly unknown[];
}

export interface ParameterContext {
  readonly route: RouteDefinition;
  readonly docs: OperationDocs | undefined;
  /** Whether the route selects its team the v0 way (its contract takes x-team-id). */
  readonly selectsTeam: boolean;
  readonly schema: JsonSchema;
}

type ParameterDoc = string | ((ctx: ParameterContext) => string);

/** Parameter descriptions by name, for every route that takes the parameter (OperationDocs.parameters overrides). */
/** The members of a recording link's query (shared/auth/recording-link.ts). */
const RECORDING_LINK_MEMBER = 'Part of the recording link the call detail answered (recording.url): pass it unchanged. Any edit is a 403.';

export const PARAMETER_DOCS: Readonly<Record<string, ParameterDoc>> = {
  teamId: 'The team. A team outside the key’s reach — or one that does not exist — is a 403.',
  enterpriseId:
    'The enterprise. It must be the enterprise of the key (an enterprise_all_teams key); another enterprise — or one that does not exist — is a 403.',
  status: 'Only sessions in this status.',
  scheduler_id: 'Only sessions of this scheduler (booking widget).',
  start_date: ({ docs }) =>
    `Only rows whose ${docs?.dateFilter?.field ?? 'timestamp'} is on or after this instant (inclusive). ISO 8601 date-time with a zone designator, e.g. 2026-11-01T00:00:00Z. ` +
    (docs?.dateFilter?.defaultRange ? `Default: ${DEFAULT_RANGE_DAYS} days before end_date.` : 'Default: no lower bound.'),
  end_date: ({ docs }) =>
    `Only rows whose ${docs?.dateFilter?.field ?? 'timestamp'} is before this instant (exclusive). Must be after start_date (400 naming start_date otherwise). ` +
    (docs?.dateFilter?.maxSpanDays
      ? `The range may span at most ${docs?.dateFilter.maxSpanDays} days (400 naming end_date, or start_date when end_date is absent). `
      : '') +
    (docs?.dateFilter?.defaultRange ? 'Default: now.' : 'Default: no upper bound.'),
  cursor: 'pagination.cursor of the previous page, unchanged (see the cursor rules in the description).',
  updated_since:
    'Change feed: list the rows changed after this instant (exclusive), oldest change first, up to meta.updated_until. ISO 8601 date-time with a zone designator (400 naming updated_since otherwise). The list’s other filters cannot be combined with it (400 naming the filter). See the change-feed rules in the description.',
  limit: ({ schema }) =>
    `Page size, ${String(schema.minimum)}–${String(schema.maximum)}; default ${String(schema.default)}. A value outside the bounds is a 400 naming limit and the bound, e.g. "limit: must be at most ${String(schema.maximum)}".`,
  offset: 'Rows to skip; default 0. A negative value is a 400 naming offset.',
  team_id: ({ selectsTeam, route }) =>
    route.id === 'getCallRecording'
      ? RECORDING_LINK_MEMBER
      : selectsTeam
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
  'x-workspace-id': WORKSPACE_DOC,
  campaignId: 'The campaign_id answered when the campaign was created.',
  callId: "The call_id of a call (GET /api/calls). An unknown id, a malformed one and another team's call all answer 404.",
  key: RECORDING_LINK_MEMBER,
  expires: RECORDING_LINK_MEMBER,
  signature: RECORDING_LINK_MEMBER,
  test_mode: TEST_MODE_DOC,
  'x-test-mode': `${TEST_MODE_DOC} Same as the test_mode query parameter.`,
  'x-preflight':
    '`true` validates and prices the campaign per recipient and answers 200, sending nothing; same as "preflight": true in the body.',
  [IDEMPOTENCY_KEY_FIELD]: IDEMPOTENCY_KEY_DOC,
};

/** How a change feed (updated_since) walks, in every operation that takes it. */
export const CHANGE_FEED_RULES = [
  'with updated_since the list holds the rows changed after that instant, ordered by when each last changed (updated_at), then team and id, ascending; the cursor rules below apply.',
  `Each page lists changes up to meta.updated_until, ${CHANGE_FEED_SETTLE_SECONDS} seconds before the request (changes stamped just before a read can reach the index just after it; the page does not pass them by).`,
  'A row changed while you walk moves to its new place and appears again later in the same walk: no change is missed, a row may appear more than once.',
  'When has_more is false, keep meta.updated_until and pass it as updated_since next time.',
].join(' ');

/** Error responses whose wording is the same on every route, one set per surface in components.responses. */
export const SHARED_RESPONSES = {
  Unauthorized: 'The API key is missing, malformed, unknown or revoked',
  NotFound: 'No such route',
  TooManyRequests:
    'Too many requests: over the key’s limit per minute or the workspace’s per hour (code rate_limited), or the usage plan’s throttle',
  InternalError: 'Internal error; the body reveals nothing, quote request_id when reporting it',
} as const;

export const TAG_DESCRIPTIONS: Readonly<Record<string, string>> = {
  Sessions: 'Scheduling-widget sessions and completed bookings',
  Analytics: 'Funnel and scheduler analytics',
  Leads: 'Leads from every channel',
  Teams: 'The teams a key can access',
  Calls: 'Calls handled by the AI responder or placed by outreach',
  'Speed to lead': 'Lead intake webhook: field mapping, deduplication, enterprise routing and AI outreach scheduling',
  Voice: 'The voice provider’s end-of-call report webhook and the AI responder',
  'Support tickets': 'Support tickets the AI responder opened, per enterprise',
  'Audit log': 'Who changed the enterprise’s API keys and webhooks, and when (kept one year)',
  Exports: 'Every row of a resource over any date range, as a gzipped NDJSON file written in the background (kept 7 days)',
  'Data deletion': 'A person’s data removed on request from every store of the key’s teams; the opt-out stays',
  'SMS campaigns': 'Text campaigns: creation, pricing, quiet hours, opt-outs and inbound texts',
  Meta: 'This description',
  Pages: 'Pages for people, public like the description: the API reference and the console',
  Coach: 'Coach evaluations of calls against the team’s rubric, and the rubrics',
  Schedulers: 'Scheduler (booking widget) configurations and the booking requests sent to the field-service system',
  Appointments: 'Visits booked through the scheduling widget or made on calls: one record per visit, with its history',
};

/** The API description's introduction; `v0Paths` are the routes that select their team with x-team-id. */
export function infoDescription(v0Paths: readonly string[]): string {
  return [
    'The service’s three surfaces, generated from the same route table and schemas the service validates with:',
    '- the read-only enterprise API on `{base_url}` (scheduler sessions, bookings, funnel and scheduler analytics, unified and canonical leads, calls, teams, support tickets, coach evaluations and rubrics);',
    '- the platform API on `{platform_url}` (`/v1/...`): the voice provider’s end-of-call report webhook, SMS campaigns, webhook subscriptions and an integrator’s changes of appointments;',
    '- the lead intake API on `{intake_url}` (`/api/outbound/...`): the speed-to-lead webhook.',
    '',
    '## Authentication',
    'Every request carries `Authorization: Bearer <API_KEY>`; a key is `service_` followed by 64 hexadecimal characters. The intake endpoint also accepts the key as `X-API-Key: <API_KEY>`. Platform requests name their team with `X-Workspace-ID`. Each operation names the permission it needs (`x-required-permission`, and in its description) and the key types it accepts (`x-key-types`). A missing or invalid key is a 401; a key lacking the permission, or naming a team outside its reach, is a 403.',
    '',
    '## Permissions',
    `- Read: ${READ_PERMISSIONS.map((p) => `\`${p}\``).join(', ')}. \`read:transcripts\` adds transcripts to call records; \`read:support_tickets\` is only for \`enterprise_all_teams\` keys.`,
    '- Write, one per POST surface: `write:leads` (POST /api/outbound/speed-to-lead/ingest), `write:calls` (POST /v1/responder/webhook), `write:sms_campaigns` (the SMS campaign routes under /v1/messaging/sms/: create, read, cancel, inbound texts), `write:webhooks` (the webhook subscriptions under /v1/webhooks), `write:appointments` (an integrator’s changes of a visit under /v1/appointments/: reschedule, cancel, complete, no-show).',
    '',
    '## Key types and team selection',
    '- `enterprise`: one team. Never needs to name it.',
    '- `enterprise_all_teams`: every team of its enterprise. `portfolio_all_teams`: every team of its portfolio (possibly several enterprises).',
    '- v1 routes carry the team in the path (`/api/v1/teams/{teamId}/...`) or aggregate over every team the key reaches, with an optional `team_id` filter; internal QA/test teams are left out of aggregations unless `include_test_teams=true`, and a team named explicitly is never filtered.',
    `- v0 routes (${v0Paths.map((path) => `\`${path}\``).join(', ')}): ${V0_TEAM_SELECTION} \`/api/teams\` needs no team.`,
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
    '## Rate limits',
    `Each key may make ${DEFAULT_RATE_LIMITS.perKeyPerMinute.toLocaleString('en-US')} requests per minute, and each workspace ${DEFAULT_RATE_LIMITS.perWorkspacePerHour.toLocaleString('en-US')} per hour over all its keys (the defaults; an operator may set other limits for a key or a team). The workspace is the team named by \`X-Workspace-ID\` on the platform API, and the key's anchor team on the read and intake APIs. Windows are fixed (calendar minutes and hours, UTC). Every answer of an authenticated route carries \`X-RateLimit-Limit\`, \`X-RateLimit-Remaining\` and \`X-RateLimit-Reset\` (Unix seconds) for the tighter of the two windows: the one with fewer requests left. A request over a limit is answered 429 with \`Retry-After\` (seconds) in the surface's error body (code \`rate_limited\`), and nothing of it is done. \`GET /api/v1/me\` shows both windows.`,
    '',
    '## Field groups (per-key data configuration)',
    `A key may be restricted to some field groups: a field outside them is left out of every response, at any depth (list items, nested objects, analytics blocks). Fields not in a group below are \`core\` and always present. Each field of a group is marked \`x-field-group\` in the schemas, and optional there. ${fieldGroupList()}`,
    '',
    '## Errors',
    'Every response carries `x-request-id`; error bodies repeat it as `request_id`. A client mistake is a 4xx whose message names the field. Each surface has one error body:',
    '- read API: `{error, message, field?, details?, request_id}`, where `error` is a code (invalid_request, unauthorized, forbidden, not_found, rate_limited, internal_error);',
    '- platform API: `{success: false, error, message, field?, details?, request_id}`, where `error` is the code;',
    '- intake API: `{success: false, error, code, request_id, field?}`, where `error` is the explanation and `code` the code (also conflict, payload_too_large, unsupported_media_type).',
  ].join('\n');
}

function fieldGroupList(): string {
  return FIELD_GROUP_NAMES.map(
    (group) => `\`${group}\`: ${FIELD_GROUPS[group].description} (${FIELD_GROUPS[group].fields.map((f) => `\`${f}\``).join(', ')}).`,
  ).join(' ');
}
