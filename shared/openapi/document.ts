import * as z from 'zod';
import { KEY_TYPES } from '../auth/permissions';
import { ANALYTICS_BLOCKS } from '../domain/analytics';
import { LEAD_TYPES } from '../domain/leads';
import { ROUTES, type RouteDefinition, type Surface } from '../routes';
import { DEFAULT_RANGE_DAYS, dateTimeParam, integerParam, positiveIdParam } from '../schemas/params';
import {
  bookingsQuery,
  CALL_TYPES,
  callsQuery,
  crossTeamFunnelQuery,
  crossTeamSessionsQuery,
  funnelQuery,
  schedulerAnalyticsQuery,
  teamLeadsQuery,
  teamPath,
  teamSessionsQuery,
  unifiedLeadsQuery,
  V0_LIMIT,
  V1_LIMIT,
} from '../schemas/queries';
import * as responses from './response-schemas';

/**
 * The OpenAPI 3.1 description of the service, generated from the route table (shared/routes.ts),
 * the request schemas the handlers validate with (shared/schemas/queries.ts) and the response
 * schemas (./response-schemas.ts). A route's schemas are looked up in ROUTE_SCHEMAS by route id;
 * adding a route means adding its row to ROUTES and its entry here (a unit test fails otherwise).
 */

export const API_VERSION = '1.3.0';

type JsonSchema = Record<string, unknown>;

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
  /** Client errors beyond the standard ones (e.g. 409), by status, with what they mean. */
  readonly errors?: Readonly<Record<number, string>>;
  /** What the operation does, in Markdown; permission, key types, filters and paging are appended. */
  readonly description: string;
  /** The stored timestamp start_date and end_date filter on; defaultRange: when absent they default to the last 7 days. */
  readonly dateFilter?: { readonly field: string; readonly defaultRange: boolean };
  /** How list items are ordered (the timestamp, newest first). */
  readonly orderBy?: string;
  /** Parameter descriptions for this route, overriding the shared ones. */
  readonly parameters?: Readonly<Record<string, string>>;
}

/** v0 team selection: multi-team keys name the team in x-team-id (or the team_id query parameter). */
export const v0TeamHeaders = z.object({ 'x-team-id': positiveIdParam.optional() });

const ok = (schema: z.ZodType) => ({ 200: schema });

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
    dateFilter: { field: 'started_at', defaultRange: true },
  },
  getFunnel: {
    query: crossTeamFunnelQuery,
    responses: ok(responses.crossTeamFunnelResponse),
    description: `Funnel metrics over every team the key can access: the counts of each team are summed and the rates recomputed from the sums; data.teams carries each team's own counts. Internal QA/test teams are left out unless include_test_teams=true; a team named with team_id is never filtered.\n\n${metricDefinitions()}`,
    dateFilter: { field: 'started_at', defaultRange: true },
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
    dateFilter: { field: 'started_at', defaultRange: true },
  },
  listUnifiedLeads: {
    query: unifiedLeadsQuery,
    headers: v0TeamHeaders,
    responses: ok(responses.listUnifiedLeadsResponse),
    description: 'Legacy (v0) unified leads of one team, from every channel. Missing strings are empty strings.',
    dateFilter: { field: 'datetime', defaultRange: true },
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
    dateFilter: { field: 'started_at', defaultRange: true },
    orderBy: 'started_at',
    parameters: { type: `Only calls of this provider type: ${CALL_TYPES.join(', ')}.` },
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
  status: 'Only sessions in this status.',
  scheduler_id: 'Only sessions of this scheduler (booking widget).',
  start_date: ({ entry }) =>
    `Only rows whose ${entry.dateFilter?.field ?? 'timestamp'} is on or after this instant (inclusive). ISO 8601 date-time with a zone designator, e.g. 2026-11-01T00:00:00Z. ` +
    (entry.dateFilter?.defaultRange ? `Default: ${DEFAULT_RANGE_DAYS} days before end_date.` : 'Default: no lower bound.'),
  end_date: ({ entry }) =>
    `Only rows whose ${entry.dateFilter?.field ?? 'timestamp'} is before this instant (exclusive). Must be after start_date (400 naming start_date otherwise). ` +
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
    const { field, defaultRange } = entry.dateFilter;
    parts.push(
      `**Date range:** start_date and end_date apply to ${field}; start_date is inclusive, end_date exclusive. ` +
        (defaultRange
          ? `Without them the range is the last ${DEFAULT_RANGE_DAYS} days: start ${DEFAULT_RANGE_DAYS} days before end, end now.`
          : 'Without them the list is not limited in time.'),
    );
  }
  if (entry?.orderBy) parts.push(`**Order:** newest first by ${entry.orderBy}; ties by team, then id, descending.`);
  const names = new Set(query.map((p) => p.name));
  if (names.has('cursor')) parts.push(`**Pagination:** ${CURSOR_RULES}`);
  else if (names.has('offset')) parts.push(`**Pagination:** ${OFFSET_RULES}`);
  return parts.join('\n\n');
}

function errorResponse(surface: Surface, description: string): Record<string, unknown> {
  return {
    description,
    headers: { 'x-request-id': { $ref: '#/components/headers/RequestId' } },
    content: { 'application/json': { schema: { $ref: `#/components/schemas/${ERROR_COMPONENT[surface]}` } } },
  };
}

function errorResponses(
  route: RouteDefinition,
  entry: RouteSchemas | undefined,
  inputs: readonly ParameterObject[],
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
  for (const [status, description] of Object.entries(entry?.errors ?? {})) out[status] = errorResponse(route.surface, description);
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
    for (const [status, schema] of Object.entries(ROUTE_SCHEMAS[route.id]?.responses ?? {})) {
      if (ids.has(schema)) continue;
      const name = `${route.id.charAt(0).toUpperCase()}${route.id.slice(1)}Response${status}`;
      registry.add(schema, { id: name });
      ids.set(schema, name);
    }
  }
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
    const parameters = [...path, ...query, ...headers];
    const success: Record<string, unknown> = {};
    for (const [status, schema] of Object.entries(entry?.responses ?? {})) {
      success[status] = {
        description: schema.description ?? STANDARD_RESPONSE_DESCRIPTIONS[Number(status)] ?? 'Success',
        headers: { 'x-request-id': { $ref: '#/components/headers/RequestId' } },
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
      ...(entry?.body ? { requestBody: { required: true, content: { 'application/json': { schema: inputSchema(entry.body) } } } } : {}),
      responses: { ...success, ...errorResponses(route, entry, parameters) },
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
      },
    },
  };
}

const INFO_DESCRIPTION = [
  'Read-only enterprise API (scheduler sessions, bookings, funnel and scheduler analytics, unified and canonical leads, calls, teams), generated from the same route table and schemas the service validates with.',
  '',
  '## Authentication',
  'Every request carries `Authorization: Bearer <API_KEY>`; a key is `service_` followed by 64 hexadecimal characters. Each operation names the permission it needs (`x-required-permission`, and in its description) and the key types it accepts (`x-key-types`). A missing or invalid key is a 401; a key lacking the permission, or naming a team outside its reach, is a 403.',
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
  `Date filters are ISO 8601 date-times with a zone designator; start_date is inclusive and end_date exclusive. Each operation states which timestamp they apply to (sessions: started_at; bookings: completed_at; leads: datetime; calls: started_at; funnel and analytics: started_at). Where a default applies, the range is the last ${DEFAULT_RANGE_DAYS} days ending now. Returned instants are UTC. Day buckets (chartData) are calendar days in the requested IANA time zone, so a DST day is 23 or 25 hours long.`,
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
  '## Errors',
  'Errors of the read API have the body `{error, message, field?, details?, request_id}`: `error` is a code (invalid_request, unauthorized, forbidden, not_found, rate_limited, internal_error), `message` names the field for a 400, and `request_id` matches the `x-request-id` response header.',
].join('\n');
