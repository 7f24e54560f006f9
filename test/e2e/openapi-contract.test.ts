import { readFileSync } from 'node:fs';
import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { DynamoTenancyStore } from '#shared/adapters/dynamodb/tenancy-store';
import { eventBus } from '#shared/adapters/runtime/event-bus';
import { queues } from '#shared/adapters/runtime/queues';
import { scheduler } from '#shared/adapters/runtime/scheduler';
import { smsProvider } from '#shared/adapters/runtime/sms-provider';
import { FIELD_GROUP_NAMES, groupOfField, withFieldGroups } from '#shared/auth/field-groups';
import { KEY_TYPES, type KeyType } from '#shared/auth/permissions';
import { createApiKey } from '#shared/domain/key-service';
import { buildOpenApiDocument, type OpenApiDocument } from '#shared/openapi/document';
import { ROUTES, type RouteDefinition } from '#shared/routes';
import { type LocalService, startLocalService } from '../../local/cli/service';
import { type DocumentAjv, documentAjv } from '../support/openapi-ajv';

/**
 * The contract test: every read route, called through the local gateway on the seeded demo data,
 * answers bodies that validate against the response schemas of the document served at
 * /api/openapi.json (closed objects, so an undocumented field fails), errors included. The POST
 * routes are called too: the voice webhook (which also opens the support tickets the enterprise
 * feed lists) and the intake webhook.
 */
process.env.LOG_LEVEL = 'silent';
process.env.CURSOR_SECRET ??= 'openapi-contract-test-cursor-secret';

type Json = Record<string, unknown>;

interface DemoKey {
  key: string;
  type: KeyType;
  permissions: string[];
  team_ids: number[];
  enterprise_id: number | null;
}

let service: LocalService;
let doc: OpenApiDocument;
let schemas: DocumentAjv;
let demoKeys: DemoKey[] = [];
/** Every key holding every permission its type may hold, by type. */
const full = new Map<KeyType, DemoKey>();
/** A single-team key holding read:calls but not read:transcripts. */
let callsOnly: string;
/** A demo call that was forwarded (so it has a transfer), read from /api/calls. */
let demoCallId: string;
/** A call of the enterprise key's team that the demo seed evaluated (GET /api/coach/{callId}). */
let coachedCallId = '';
/** The voice reports posted before the tests: the first delivery of each and one redelivery. */
const voiceReports: { workspaceId: string; first: Answer[]; redelivery: Answer | null } = { workspaceId: '', first: [], redelivery: null };

let exportId = '';

beforeAll(async () => {
  service = await startLocalService({ port: 0, dataDir: undefined, seed: true });
  recordOutboundEffects();
  if (!service.credentialsPath) throw new Error('the local service wrote no demo credentials');
  demoKeys = (JSON.parse(readFileSync(service.credentialsPath, 'utf8')) as { keys: DemoKey[] }).keys;
  for (const key of demoKeys) {
    const current = full.get(key.type);
    if (!current || key.permissions.length > current.permissions.length) full.set(key.type, key);
  }
  const anchor = full.get('enterprise')?.team_ids[0];
  if (anchor === undefined) throw new Error('no single-team demo key');
  const tenancy = new DynamoTenancyStore(getDocumentClient(), physicalTableName('teams'));
  ({ plaintext: callsOnly } = await createApiKey(tenancy, {
    name: 'contract test: calls without transcripts',
    type: 'enterprise',
    permissions: ['read:calls'],
    anchorTeamId: anchor,
  }));

  // An export of the demo's sessions, for its status route.
  const requested = await fetch(`${service.url}/api/v1/exports`, {
    method: 'POST',
    headers: { authorization: `Bearer ${full.get('enterprise_all_teams')?.key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ resource: 'sessions', start_date: '2020-01-01T00:00:00Z', end_date: '2030-01-01T00:00:00Z' }),
  });
  expect(requested.status).toBe(202);
  exportId = ((await requested.json()) as { export_id: string }).export_id;

  const response = await fetch(`${service.url}/api/openapi.json`);
  expect(response.status).toBe(200);
  doc = (await response.json()) as OpenApiDocument;
  schemas = documentAjv(doc);
  await postVoiceReports();
  const listed = await fetch(`${service.url}/api/calls?start_date=${SIXTY_DAYS_AGO()}`, {
    headers: { authorization: `Bearer ${full.get('enterprise')?.key}` },
  });
  const rows = ((await listed.json()) as { data: { call_id: string; ended_reason: string | null }[] }).data;
  const forwarded = rows.find((c) => c.ended_reason === 'assistant-forwarded-call') ?? rows[0];
  if (!forwarded) throw new Error('no demo calls');
  demoCallId = forwarded.call_id;
  const coached = await call({ path: `/api/coach?start_date=${SIXTY_DAYS_AGO()}&limit=1`, key: key('enterprise').key });
  coachedCallId = String((coached.body.data as Json[])[0]?.call_id ?? '');
}, 300_000);

/**
 * The contract is about HTTP bodies: the POST handlers’ outbound effects (queue messages, schedules,
 * events, texts) go to adapters that accept and drop them, whatever the local runtime wires, so no worker runs.
 */
function recordOutboundEffects(): void {
  queues.use(() => ({ send: async () => undefined }));
  scheduler.use(() => ({ scheduleMessage: async () => undefined, cancel: async () => undefined }));
  eventBus.use(() => ({ publish: async () => undefined }));
  smsProvider.use(() => ({ send: async () => ({ providerMessageId: 'contract-test' }) }));
}

/**
 * The demo data holds no support tickets: two end-of-call reports that the responder turns into
 * tickets (raised urgency; a complaint) are posted to the voice webhook of a team of the
 * enterprise_all_teams key, the first of them twice.
 */
async function postVoiceReports(): Promise<void> {
  const all = key('enterprise_all_teams');
  const teams = await call({ path: '/api/teams', key: all.key });
  const team = (teams.body.data as { id: number; workspace_id: string; is_test: boolean }[]).find((t) => !t.is_test);
  if (!team) throw new Error('the enterprise_all_teams key reaches no regular team');
  voiceReports.workspaceId = team.workspace_id;
  const report = (id: string, analysis: Json) => ({
    message: {
      type: 'end-of-call-report',
      call: { id, customer: { number: '+14155550134', name: 'Contract Test' }, duration: 95.4, type: 'inboundPhoneCall' },
      transcript: 'Customer: the technician left water all over the floor.',
      summary: 'Customer complains about a mess left after a visit',
      recordingUrl: 'https://recordings.example.com/contract.mp3',
      analysis: { sentiment: 'neutral', bookingIntent: false, ...analysis },
    },
  });
  const post = (id: string, analysis: Json) =>
    call({
      path: '/v1/responder/webhook',
      key: all.key,
      method: 'POST',
      headers: { 'x-workspace-id': team.workspace_id },
      body: report(id, analysis),
    });
  const runId = Date.now().toString(36);
  voiceReports.first.push(await post(`contract-${runId}-1`, { callReason: 'Burst pipe', urgency: 'emergency' }));
  voiceReports.first.push(await post(`contract-${runId}-2`, { callReason: 'Complaint about damage', urgency: 'standard' }));
  voiceReports.redelivery = await post(`contract-${runId}-1`, { callReason: 'Burst pipe', urgency: 'emergency' });
}

afterAll(async () => {
  queues.reset();
  scheduler.reset();
  eventBus.reset();
  smsProvider.reset();
  await service?.stop();
});

function key(type: KeyType): DemoKey {
  const found = full.get(type);
  if (!found) throw new Error(`no demo key of type ${type}`);
  return found;
}

function route(id: string): RouteDefinition {
  const found = ROUTES.find((r) => r.id === id);
  if (!found) throw new Error(`no route ${id}`);
  return found;
}

function deref(node: Json): Json {
  const ref = node.$ref;
  if (typeof ref !== 'string') return node;
  let target: unknown = doc;
  for (const part of ref.slice(2).split('/')) target = (target as Json)[part];
  return target as Json;
}

/** The documented response schema of a route for a status. */
function responseSchema(r: RouteDefinition, status: number): Json {
  const op = doc.paths[r.path]?.[r.method.toLowerCase()] as { responses: Record<string, Json> } | undefined;
  const response = op?.responses[String(status)];
  if (!response) throw new Error(`${r.id} documents no ${status} response`);
  const schema = (deref(response).content as Record<string, { schema: Json }>)['application/json']?.schema;
  if (!schema) throw new Error(`${r.id} ${status} has no JSON schema`);
  return schema;
}

interface Call {
  readonly path: string;
  readonly key?: string;
  readonly headers?: Record<string, string>;
  /** @default 'GET' */
  readonly method?: 'GET' | 'POST';
  /** A JSON body, sent with Content-Type: application/json. */
  readonly body?: Json;
}

interface Answer {
  readonly status: number;
  readonly body: Json;
  readonly requestId: string | null;
}

async function call(c: Call): Promise<Answer> {
  const headers: Record<string, string> = { ...(c.headers ?? {}) };
  if (c.key) headers.authorization = `Bearer ${c.key}`;
  if (c.body) headers['content-type'] = 'application/json';
  const response = await fetch(`${service.url}${c.path}`, {
    method: c.method ?? 'GET',
    headers,
    body: c.body ? JSON.stringify(c.body) : undefined,
  });
  // A handler's answer carries x-request-id; one the gateway gives itself, x-amzn-RequestId (the same id).
  const requestId = response.headers.get('x-request-id') ?? response.headers.get('x-amzn-requestid');
  return { status: response.status, body: (await response.json()) as Json, requestId };
}

/** Checks an answer's status and body against the document; returns the body. */
function expectAnswerDocumented(routeId: string, path: string, answer: Answer, status: number): Json {
  const { status: actual, body, requestId } = answer;
  expect({ route: routeId, path, status: actual }).toEqual({ route: routeId, path, status });
  expect({ route: routeId, path, violations: schemas.violations(responseSchema(route(routeId), status), body) }).toEqual({
    route: routeId,
    path,
    violations: [],
  });
  expect(requestId).toBeTruthy();
  if (status >= 400) expect(body.request_id).toBe(requestId);
  return body;
}

/** Calls a route and checks the status and the body against the document; returns the body. */
async function expectDocumented(routeId: string, c: Call, status = 200): Promise<Json> {
  return expectAnswerDocumented(routeId, c.path, await call(c), status);
}

const SIXTY_DAYS_AGO = () => new Date(Date.now() - 61 * 86_400_000).toISOString();

/** The requests made for each read route; a read route missing here fails the coverage test. */
const CALLS: Record<string, () => Call[]> = {
  listTeamSessions: () => {
    const team = key('portfolio_all_teams').team_ids[0];
    return [
      { path: `/api/v1/teams/${team}/sessions?limit=20`, key: key('portfolio_all_teams').key },
      { path: `/api/v1/teams/${team}/sessions?status=booked&limit=5`, key: key('enterprise').key },
    ];
  },
  listSessions: () => [
    { path: '/api/v1/sessions?limit=20', key: key('portfolio_all_teams').key },
    { path: '/api/v1/sessions?include_test_teams=true&status=dropped_off&limit=5', key: key('enterprise_all_teams').key },
  ],
  listBookings: () => [
    { path: '/api/v1/bookings?limit=20', key: key('portfolio_all_teams').key },
    { path: `/api/v1/bookings?team_id=${key('enterprise').team_ids[0]}&limit=3`, key: key('enterprise').key },
  ],
  getTeamFunnel: () => [
    { path: `/api/v1/teams/${key('enterprise').team_ids[0]}/analytics/funnel`, key: key('enterprise').key },
    {
      path: `/api/v1/teams/${key('enterprise').team_ids[0]}/analytics/funnel?timezone=America/Chicago&start_date=${SIXTY_DAYS_AGO()}`,
      key: key('enterprise').key,
    },
  ],
  getFunnel: () => [
    { path: '/api/v1/analytics/funnel', key: key('portfolio_all_teams').key },
    { path: '/api/v1/analytics/funnel?include_test_teams=true&scheduler_id=1', key: key('enterprise_all_teams').key },
  ],
  getSchedulerAnalytics: () => {
    const all = key('portfolio_all_teams');
    return [
      { path: '/api/scheduler-analytics?limit=10', key: all.key, headers: { 'x-team-id': String(all.team_ids[1]) } },
      { path: `/api/scheduler-analytics?team_id=${all.team_ids[0]}&metrics=funnel,chartData&timezone=Europe/London`, key: all.key },
      { path: '/api/scheduler-analytics?metrics=customerEvents&limit=5&offset=5', key: key('enterprise').key },
    ];
  },
  listUnifiedLeads: () => [
    {
      path: `/api/leads?start_date=${SIXTY_DAYS_AGO()}&limit=50`,
      key: key('enterprise_all_teams').key,
      headers: { 'x-team-id': String(key('enterprise').team_ids[0]) },
    },
    { path: '/api/leads?type=call', key: key('enterprise').key },
  ],
  listTeamLeads: () => [
    { path: `/api/v1/teams/${key('enterprise').team_ids[0]}/leads?limit=20`, key: key('enterprise').key },
    { path: `/api/v1/teams/${key('enterprise').team_ids[0]}/leads?type=google_lsa&limit=5`, key: key('portfolio_all_teams').key },
  ],
  listTeams: () => [
    { path: '/api/teams', key: key('enterprise').key },
    { path: '/api/teams', key: key('portfolio_all_teams').key },
  ],
  listCalls: () => [
    { path: `/api/calls?start_date=${SIXTY_DAYS_AGO()}`, key: key('enterprise').key },
    { path: `/api/calls?start_date=${SIXTY_DAYS_AGO()}&limit=2&offset=1`, key: callsOnly },
  ],
  getOpenApi: () => [{ path: '/api/openapi.json' }],
  getCall: () => [
    { path: `/api/calls/${demoCallId}`, key: key('enterprise').key },
    { path: `/api/calls/${demoCallId}`, key: callsOnly },
  ],
  getCallTranscript: () => [{ path: `/api/calls/${demoCallId}/transcript`, key: key('enterprise').key }],
  listCallTransfers: () => [
    { path: `/api/call-transfers?start_date=${SIXTY_DAYS_AGO()}`, key: key('enterprise').key },
    { path: `/api/call-transfers?start_date=${SIXTY_DAYS_AGO()}&limit=1&offset=1`, key: callsOnly },
  ],
  listCoachEvaluations: () => [
    { path: `/api/coach?start_date=${SIXTY_DAYS_AGO()}`, key: key('enterprise').key },
    {
      path: `/api/coach?start_date=${SIXTY_DAYS_AGO()}&min_score=1&max_score=99&limit=3&offset=1`,
      key: key('portfolio_all_teams').key,
      headers: { 'x-team-id': String(key('enterprise').team_ids[0]) },
    },
    { path: `/api/coach?start_date=${SIXTY_DAYS_AGO()}&rubric_id=home-services&limit=2`, key: key('enterprise').key },
  ],
  getCoachEvaluation: () => [{ path: `/api/coach/${coachedCallId}`, key: key('enterprise').key }],
  listCoachRubrics: () => [
    { path: '/api/coach/rubrics', key: key('enterprise').key },
    { path: `/api/coach/rubrics?team_id=${key('portfolio_all_teams').team_ids[0]}&limit=1`, key: key('portfolio_all_teams').key },
  ],
  // Audio, not JSON: checked by 'serves a seeded call's recording through a signed link' below.
  getCallRecording: () => [],
  // HTML, scripts and style sheets, not JSON: opened in a browser by pages-browser.test.ts.
  getApiDocs: () => [],
  getApiDocsAsset: () => [],
  getConsole: () => [],
  getConsoleAsset: () => [],
  getBookingPage: () => [],
  getManagePage: () => [],
  getWidgetAsset: () => [],
  // Public: no key. The demo's main widget of a team (team × 10 + 1).
  getWidgetAvailability: () => {
    const team = key('enterprise').team_ids[0] as number;
    return [{ path: `/widget/api/${team}/${team * 10 + 1}/availability?days=3` }];
  },
  // Needs a session's token: answered in test/e2e/widget-browser.test.ts and the function-environment probes.
  getWidgetSession: () => [],
  // Need a visit's manage link: answered in test/e2e/appointments.test.ts (whose bodies the handler
  // factory checks against the contract) and the function-environment probes; the calendar is not JSON.
  getManagedAppointment: () => [],
  getManagedAppointmentCalendar: () => [],
  listSupportTickets: () => {
    const all = key('enterprise_all_teams');
    return [
      { path: `/api/v1/enterprise/${all.enterprise_id}/support-tickets?limit=20`, key: all.key },
      { path: `/api/v1/enterprise/${all.enterprise_id}/support-tickets?include_test_teams=true&limit=1`, key: all.key },
    ];
  },
  getExport: () => [{ path: `/api/v1/exports/${exportId}`, key: key('enterprise_all_teams').key }],
  listAuditLog: () => [
    { path: '/api/v1/audit-log?limit=20', key: key('enterprise_all_teams').key },
    { path: `/api/v1/audit-log?action=key.created&start_date=${SIXTY_DAYS_AGO()}&limit=5`, key: key('portfolio_all_teams').key },
  ],
  listTeamSchedulers: () => [
    { path: `/api/v1/teams/${key('enterprise').team_ids[0]}/schedulers`, key: key('enterprise').key },
    { path: `/api/v1/teams/${key('portfolio_all_teams').team_ids[3]}/schedulers?limit=1`, key: key('portfolio_all_teams').key },
  ],
  listTeamAppointments: () => [
    { path: `/api/v1/teams/${key('enterprise').team_ids[0]}/appointments?limit=20`, key: key('enterprise').key },
    {
      path: `/api/v1/teams/${key('portfolio_all_teams').team_ids[3]}/appointments?status=completed&start_date=${SIXTY_DAYS_AGO()}&limit=5`,
      key: key('portfolio_all_teams').key,
    },
  ],
  listTeamBookingRequests: () => [
    { path: `/api/v1/teams/${key('enterprise').team_ids[0]}/booking-requests?limit=20`, key: key('enterprise').key },
    {
      path: `/api/v1/teams/${key('portfolio_all_teams').team_ids[3]}/booking-requests?status=failed&start_date=${SIXTY_DAYS_AGO()}&limit=5`,
      key: key('portfolio_all_teams').key,
    },
    {
      path: `/api/v1/teams/${key('enterprise').team_ids[0]}/booking-requests?status=succeeded&scheduler_id=${(key('enterprise').team_ids[0] ?? 0) * 10 + 2}&limit=5`,
      key: key('enterprise').key,
    },
  ],
  listOutboundTexts: () => {
    const team = key('enterprise').team_ids[0];
    return [
      { path: `/api/v1/teams/${team}/outbound/texts?limit=20`, key: key('enterprise').key },
      { path: `/api/v1/teams/${team}/outbound/texts?status=deferred&limit=5`, key: key('portfolio_all_teams').key },
    ];
  },
  listSubscriptionEvents: () => {
    const team = key('enterprise').team_ids[0];
    return [
      { path: `/api/v1/teams/${team}/outbound/subscription-events?limit=20`, key: key('enterprise').key },
      { path: `/api/v1/teams/${team}/outbound/subscription-events?type=opt_out&limit=5`, key: key('enterprise_all_teams').key },
    ];
  },
  getMe: () => KEY_TYPES.map((type) => ({ path: '/api/v1/me', key: key(type).key })),
};

const readRoutes = ROUTES.filter((r) => r.surface === 'read' && r.method === 'GET');

describe('the OpenAPI contract, through the local gateway on the demo data', () => {
  it('serves the document the code builds', () => {
    expect(doc).toEqual(JSON.parse(JSON.stringify(buildOpenApiDocument())));
  });

  it('covers every read route', () => {
    expect(readRoutes.map((r) => r.id).filter((id) => !(id in CALLS))).toEqual([]);
  });

  for (const r of readRoutes) {
    it(`answers ${r.id} (${r.method} ${r.path}) with documented 200 bodies`, async () => {
      const calls = CALLS[r.id]?.() ?? [];
      for (const c of calls) {
        const body = await expectDocumented(r.id, c);
        if (Array.isArray(body.data) && c.key !== undefined)
          expect({ path: c.path, rows: body.data.length > 0 }).toEqual({ path: c.path, rows: true });
      }
    });
  }

  it('follows a cursor to the next page and still matches the document', async () => {
    const team = key('enterprise').team_ids[0];
    const first = await expectDocumented('listTeamSessions', {
      path: `/api/v1/teams/${team}/sessions?limit=5`,
      key: key('enterprise').key,
    });
    const { cursor } = first.pagination as { cursor: string };
    expect(typeof cursor).toBe('string');
    await expectDocumented('listTeamSessions', {
      path: `/api/v1/teams/${team}/sessions?limit=5&cursor=${encodeURIComponent(cursor)}`,
      key: key('enterprise').key,
    });
  });

  it('serves the demo calls with timed turns and their transfers', async () => {
    const transcript = (
      await expectDocumented('getCallTranscript', { path: `/api/calls/${demoCallId}/transcript`, key: key('enterprise').key })
    ).data as { turns: { start_seconds: number | null }[] };
    expect(transcript.turns.length).toBeGreaterThan(2);
    expect(transcript.turns.every((t) => t.start_seconds !== null)).toBe(true);
    const detail = (await expectDocumented('getCall', { path: `/api/calls/${demoCallId}`, key: callsOnly })).data as Json;
    expect(detail.transfers).toEqual([expect.objectContaining({ call_id: demoCallId, source: 'transfer-update' })]);
    expect(detail).not.toHaveProperty('transcript');
  });

  it('lists transcripts only for keys holding read:transcripts', async () => {
    const withTranscripts = await expectDocumented('listCalls', {
      path: `/api/calls?start_date=${SIXTY_DAYS_AGO()}`,
      key: key('enterprise').key,
    });
    const without = await expectDocumented('listCalls', { path: `/api/calls?start_date=${SIXTY_DAYS_AGO()}`, key: callsOnly });
    const rowsWith = withTranscripts.data as Json[];
    const rowsWithout = without.data as Json[];
    expect(rowsWith.length).toBeGreaterThan(0);
    expect(rowsWith.every((row) => 'transcript' in row)).toBe(true);
    expect(rowsWithout.length).toBe(rowsWith.length);
    expect(rowsWithout.some((row) => 'transcript' in row)).toBe(false);
  });
});

describe('recording links on the demo data', () => {
  /** The link the list hands out for the newest seeded call of the single-team demo key. */
  async function seededLink(): Promise<{ url: URL; path: string }> {
    const demo = key('enterprise');
    const list = await expectDocumented('listCalls', { path: `/api/calls?start_date=${SIXTY_DAYS_AGO()}&limit=1`, key: demo.key });
    const [seeded] = list.data as { call_id: string; recording_url: string | null }[];
    if (!seeded?.recording_url) throw new Error('no seeded call with a recording');
    const url = new URL(seeded.recording_url);
    expect(url.pathname).toBe(`/api/calls/${seeded.call_id}/recording`);
    return { url, path: `${url.pathname}${url.search}` };
  }

  it("serves a seeded call's recording through a signed link, as the documented audio", async () => {
    const { url } = await seededLink();
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^audio\//);
    expect(response.headers.get('x-request-id')).toBeTruthy();
    expect(
      Buffer.from(await response.arrayBuffer())
        .subarray(0, 4)
        .toString('ascii'),
    ).toBe('RIFF');
    const documented = route('getCallRecording');
    const operation = (doc.paths as Record<string, { get?: { responses: Record<string, { content: Json }> } }>)[documented.path];
    expect(Object.keys(operation?.get?.responses['200']?.content ?? {})).toEqual(['audio/*']);
  });

  it('403: a tampered link answers the documented error body', async () => {
    const { url } = await seededLink();
    url.searchParams.set('expires', String(Number(url.searchParams.get('expires')) + 60));
    const body = await expectDocumented('getCallRecording', { path: `${url.pathname}${url.search}` }, 403);
    expect(body).toMatchObject({ error: 'forbidden' });
  });
});

describe('documented error bodies', () => {
  it('400: a limit above its bound names limit and the bound', async () => {
    const body = await expectDocumented('listSessions', { path: '/api/v1/sessions?limit=501', key: key('portfolio_all_teams').key }, 400);
    expect(body).toMatchObject({ error: 'invalid_request', field: 'limit' });
    expect(String(body.message)).toContain('500');
  });

  it('400: a tampered cursor names cursor', async () => {
    const team = key('enterprise').team_ids[0];
    const first = await expectDocumented('listTeamSessions', {
      path: `/api/v1/teams/${team}/sessions?limit=2`,
      key: key('enterprise').key,
    });
    const cursor = String((first.pagination as { cursor: string }).cursor);
    const tampered = `${cursor.slice(0, -2)}${cursor.endsWith('AA') ? 'BB' : 'AA'}`;
    const body = await expectDocumented(
      'listTeamSessions',
      { path: `/api/v1/teams/${team}/sessions?limit=2&cursor=${encodeURIComponent(tampered)}`, key: key('enterprise').key },
      400,
    );
    expect(body).toMatchObject({ field: 'cursor' });
  });

  it('400: a multi-team key on a v0 route without a team names x-team-id', async () => {
    const body = await expectDocumented('listUnifiedLeads', { path: '/api/leads', key: key('enterprise_all_teams').key }, 400);
    expect(body).toMatchObject({ field: 'x-team-id' });
  });

  it('401: no key', async () => {
    const body = await expectDocumented('listUnifiedLeads', { path: '/api/leads' }, 401);
    expect(body.error).toBe('unauthorized');
  });

  it('403: a key without the permission, and a team outside the key’s reach', async () => {
    const leadsOnly = demoKeys.find((k) => !k.permissions.includes('read:scheduler_analytics'));
    if (!leadsOnly) throw new Error('no demo key without read:scheduler_analytics');
    const denied = await expectDocumented('listSessions', { path: '/api/v1/sessions', key: leadsOnly.key }, 403);
    expect(denied.error).toBe('forbidden');
    const outside = key('portfolio_all_teams').team_ids.find((id) => !key('enterprise').team_ids.includes(id));
    const foreign = await expectDocumented(
      'getTeamFunnel',
      { path: `/api/v1/teams/${outside}/analytics/funnel`, key: key('enterprise').key },
      403,
    );
    expect(foreign.error).toBe('forbidden');
  });

  it('404: an unknown route under a documented prefix', async () => {
    const body = await expectDocumented('listTeams', { path: '/api/teams/extra/segment', key: key('enterprise').key }, 404);
    expect(body.error).toBe('not_found');
  });
});

describe('the POST routes, through the local gateway', () => {
  const all = () => key('enterprise_all_teams');

  it('answers a first voice report with a documented 201 and a redelivery with the same ids (200)', () => {
    const [emergency, complaint] = voiceReports.first;
    if (!emergency || !complaint || !voiceReports.redelivery) throw new Error('the voice reports were not posted');
    const first = expectAnswerDocumented('receiveVoiceReport', '/v1/responder/webhook', emergency, 201);
    expectAnswerDocumented('receiveVoiceReport', '/v1/responder/webhook', complaint, 201);
    const again = expectAnswerDocumented('receiveVoiceReport', '/v1/responder/webhook', voiceReports.redelivery, 200);
    expect((first.data as Json).ticketId).toEqual(expect.any(String));
    expect(again.data).toEqual(first.data);
  });

  it('lists the tickets the reports opened in the enterprise feed, newest first, and documents a cursor page', async () => {
    const path = `/api/v1/enterprise/${all().enterprise_id}/support-tickets?limit=1`;
    const page = await expectDocumented('listSupportTickets', { path, key: all().key });
    const ticketIds = voiceReports.first.map((a) => (a.body.data as Json).ticketId);
    expect((page.data as Json[])[0]?.ticket_id).toBe(ticketIds[1]);
    expect(page.meta).toMatchObject({ enterprise_id: all().enterprise_id });
    const cursor = String((page.pagination as Json).cursor);
    const next = await expectDocumented('listSupportTickets', { path: `${path}&cursor=${encodeURIComponent(cursor)}`, key: all().key });
    expect((next.data as Json[])[0]?.ticket_id).toBe(ticketIds[0]);
  });

  it('refuses the support-ticket feed to other key types and other enterprises with a documented 403', async () => {
    const path = `/api/v1/enterprise/${all().enterprise_id}/support-tickets`;
    await expectDocumented('listSupportTickets', { path, key: key('portfolio_all_teams').key }, 403);
    await expectDocumented('listSupportTickets', { path: '/api/v1/enterprise/999999/support-tickets', key: all().key }, 403);
  });

  it('lists the responder decisions on the stored call', async () => {
    const first = voiceReports.first[0];
    if (!first) throw new Error('the voice reports were not posted');
    const callId = (first.body.data as Json).callId;
    const teamIds = all().team_ids;
    const rows: Json[] = [];
    for (const teamId of teamIds) {
      const body = await expectDocumented('listCalls', { path: `/api/calls?team_id=${teamId}&limit=1000`, key: all().key });
      rows.push(...(body.data as Json[]));
    }
    const stored = rows.find((row) => row.call_id === callId);
    expect(stored).toMatchObject({ duration_seconds: 95, ticket_id: expect.any(String) });
    expect(stored?.decisions).toEqual([{ decision: 'ticket', reason: expect.stringContaining('emergency') }]);
  });

  it('acknowledges another message type with 200 and null ids, and names a missing message.call.id in a documented 400', async () => {
    const headers = { 'x-workspace-id': voiceReports.workspaceId };
    const ignored = await expectDocumented(
      'receiveVoiceReport',
      { path: '/v1/responder/webhook', method: 'POST', key: all().key, headers, body: { message: { type: 'status-update' } } },
      200,
    );
    expect(ignored.data).toEqual({ callId: null, appointmentId: null, ticketId: null });
    const invalid = await expectDocumented(
      'receiveVoiceReport',
      {
        path: '/v1/responder/webhook',
        method: 'POST',
        key: all().key,
        headers,
        body: { message: { type: 'end-of-call-report', call: {} } },
      },
      400,
    );
    expect(invalid).toMatchObject({ success: false, field: 'message.call.id' });
  });

  it('stores a Vapi 2026 report and one whose analysis cannot be read (201), with the warnings and raw analysis documented on the call', async () => {
    const headers = { 'x-workspace-id': voiceReports.workspaceId };
    const vapi = JSON.parse(readFileSync(`${__dirname}/../fixtures/vapi/end-of-call-report.2026-api.json`, 'utf8')) as { message: Json };
    const runId = Date.now().toString(36);
    const post = (body: Json) =>
      expectDocumented('receiveVoiceReport', { path: '/v1/responder/webhook', method: 'POST', key: all().key, headers, body }, 201);
    const modern = await post({ message: { ...vapi.message, call: { ...(vapi.message.call as Json), id: `vapi-2026-${runId}` } } });
    const odd = await post({
      message: {
        type: 'end-of-call-report',
        call: { id: `odd-analysis-${runId}` },
        transcript: 'AI: Bayview Plumbing.\nCustomer: A pipe burst and water is everywhere, please send someone now.',
        analysis: { structuredData: { bookingIntent: 'maybe', urgency: { level: 9 } }, successEvaluation: 3 },
      },
    });
    expect((modern.data as Json).appointmentId).toEqual(expect.any(String));
    expect((odd.data as Json).ticketId).toEqual(expect.any(String));

    const rows: Json[] = [];
    for (const teamId of all().team_ids) {
      const body = await expectDocumented('listCalls', { path: `/api/calls?team_id=${teamId}&limit=1000`, key: all().key });
      rows.push(...(body.data as Json[]));
    }
    const stored = rows.find((row) => row.call_id === (odd.data as Json).callId);
    expect(stored?.warnings).toEqual([
      expect.stringMatching(/^message\.analysis\.structuredData\.bookingIntent: /),
      expect.stringMatching(/^message\.analysis\.structuredData\.urgency: /),
    ]);
    expect(stored?.analysis).toMatchObject({
      raw: {
        structuredData: { bookingIntent: 'maybe', urgency: { level: 9 } },
        successEvaluation: 3,
      },
    });
    expect(stored?.decisions).toEqual(
      expect.arrayContaining([expect.objectContaining({ decision: 'ticket', evidence: [expect.stringContaining('A pipe burst')] })]),
    );
  });

  it('answers intake with documented bodies: test-mode preview (200), created (201), duplicate (409), no phone (400)', async () => {
    const single = key('enterprise').key;
    const lead = { external_id: `contract-${Date.now()}`, name: 'Dana Whitfield', phone: '(212) 555-0199', source: 'Website' };
    const ingest = (body: Json, path = '/api/outbound/speed-to-lead/ingest') => ({ path, method: 'POST' as const, key: single, body });

    const preview = await expectDocumented('ingestLead', ingest(lead, '/api/outbound/speed-to-lead/ingest?test_mode=true'), 200);
    expect(preview).toMatchObject({ test_mode: true, mapped_fields: { phone_number: '+12125550199', customer_name: 'Dana Whitfield' } });

    const created = await expectDocumented('ingestLead', ingest(lead), 201);
    const duplicate = await expectDocumented('ingestLead', ingest({ ...lead, phone: '(646) 555-3890' }), 409);
    expect(duplicate).toMatchObject({ code: 'conflict', field: 'external_id', lead_id: created.lead_id });

    const noPhone = await expectDocumented('ingestLead', ingest({ name: 'No Phone' }), 400);
    expect(noPhone).toMatchObject({ success: false, field: 'phone_number' });
  });

  it('documents the explain answer of intake test mode: per target the alias that matched or why none did', async () => {
    const preview = await expectDocumented(
      'ingestLead',
      {
        path: '/api/outbound/speed-to-lead/ingest?test_mode=true',
        method: 'POST',
        key: key('enterprise').key,
        body: { name: 'Dana Whitfield', phone: 'not a phone', mobile: '(212) 555-0199', gcl_id: 'contract-gclid' },
      },
      200,
    );
    const explain = preview.explain as Record<string, Json>;
    expect(explain.phone_number).toMatchObject({
      matched: 'mobile',
      tried: expect.arrayContaining([{ alias: 'phone', result: 'invalid', detail: expect.any(String) }]),
    });
    expect(explain.gclid).toMatchObject({ matched: 'gcl_id' });
    const op = doc.paths['/api/outbound/speed-to-lead/ingest']?.post as Json;
    expect(JSON.stringify(op)).toContain('IngestLeadPreview');
    expect(JSON.stringify(doc.components)).toContain('which alias matched or why none did');
  });

  it('answers the direct Google Ads lead-form route with documented bodies: created, duplicate, test, 401, 400', async () => {
    const credentials = JSON.parse(readFileSync(service.credentialsPath ?? '', 'utf8')) as {
      google_lead_form: { team_id: number; key: string; path: string };
    };
    const google = credentials.google_lead_form;
    const lead = {
      lead_id: `contract-google-${Date.now()}`,
      user_column_data: [
        { column_id: 'FULL_NAME', column_name: 'Full Name', string_value: 'Contract Google' },
        { column_id: 'PHONE_NUMBER', column_name: 'User Phone', string_value: '+16505550177' },
        { column_id: 'EMAIL', column_name: 'User Email', string_value: 'google@example.com' },
      ],
      api_version: '1.0',
      form_id: 40000000000,
      campaign_id: 20000000000,
      google_key: google.key,
      is_test: false,
      gcl_id: 'contract-gcl-id',
    };
    const post = (body: Json, path = google.path) => ({ path, method: 'POST' as const, body });
    expect(doc.paths[route('receiveGoogleAdsLead').path]?.post).toBeDefined();

    const test = await expectDocumented('receiveGoogleAdsLead', post({ ...lead, is_test: true }), 200);
    expect(test).toMatchObject({ test_mode: true, team_id: google.team_id });
    const created = await expectDocumented('receiveGoogleAdsLead', post(lead), 200);
    expect(created).toMatchObject({ result: 'created', team_id: google.team_id });
    const again = await expectDocumented('receiveGoogleAdsLead', post(lead), 200);
    expect(again).toMatchObject({ result: 'duplicate', lead_id: created.lead_id, field: 'external_id' });
    const wrongKey = await expectDocumented('receiveGoogleAdsLead', post({ ...lead, google_key: 'wrong' }), 401);
    expect(wrongKey).toMatchObject({ success: false, code: 'unauthorized' });
    const noLeadId = await expectDocumented('receiveGoogleAdsLead', post({ ...lead, lead_id: undefined }), 400);
    expect(noLeadId).toMatchObject({ field: 'lead_id' });
  });

  it('answers the SMS campaign routes with documented bodies: preflight, create, read, cancel, inbound', async () => {
    const headers = { 'x-workspace-id': voiceReports.workspaceId };
    const campaign = {
      campaign_type: 'maintenance_reminder',
      recipients: [
        { phone: '(212) 555-0199', name: 'Dana', custom_fields: { service: 'furnace tune-up' } },
        { phone: '+1 212 555 0199', name: 'Dana again' },
        { phone: '(646) 555-3890', name: 'Lee', custom_fields: { service: 'AC check' } },
      ],
      message_template: 'Hi {name}, time for your {service}!',
      fallback_message: 'Hi, time for your yearly service!',
      schedule_time: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    };
    const post = (path: string, body: Json) => ({ path, method: 'POST' as const, key: all().key, headers, body });

    const preflight = await expectDocumented(
      'createSmsCampaign',
      post('/v1/messaging/sms/campaign', { ...campaign, preflight: true }),
      200,
    );
    expect(preflight.data).toMatchObject({ preflight: true, recipients_count: 2, duplicates_collapsed: 1 });

    const created = await expectDocumented('createSmsCampaign', post('/v1/messaging/sms/campaign', campaign), 202);
    const id = String((created.data as Json).campaign_id);
    expect(created.data).toMatchObject({ status: 'scheduled', recipients_count: 2, messages_sent: 0, completion_time: null });

    await expectDocumented('getSmsCampaign', { path: `/v1/messaging/sms/campaign/${id}`, key: all().key, headers });
    const cancelled = await expectDocumented('cancelSmsCampaign', post(`/v1/messaging/sms/campaign/${id}/cancel`, {}));
    expect(cancelled.data).toMatchObject({ status: 'cancelled' });
    await expectDocumented('cancelSmsCampaign', post(`/v1/messaging/sms/campaign/${id}/cancel`, {}), 409);
    await expectDocumented('getSmsCampaign', { path: '/v1/messaging/sms/campaign/cmp_00000000000000000000', key: all().key, headers }, 404);

    const inbound = await expectDocumented(
      'receiveInboundSms',
      post('/v1/messaging/sms/inbound', { from: '(646) 555-3890', body: 'STOP', message_id: `contract-${Date.now()}` }),
    );
    expect(inbound.data).toMatchObject({ action: 'opted_out', duplicate: false });
  });
});

/** Every property of a body, with the name of the property it sits in. */
function propertiesOf(value: unknown, parent?: string): { parent: string | undefined; name: string }[] {
  if (Array.isArray(value)) return value.flatMap((item) => propertiesOf(item, parent));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([name, child]) => [{ parent, name }, ...propertiesOf(child, name)]);
}

describe('per-key field allow-lists on every read route, through the local gateway on the demo data', () => {
  /** For each demo key, a twin (same type, anchor, permissions) that sees the core fields only. */
  const coreOnly = new Map<string, string>();

  beforeAll(async () => {
    const tenancy = new DynamoTenancyStore(getDocumentClient(), physicalTableName('teams'));
    const anchor = key('enterprise').team_ids[0] ?? 0;
    for (const demo of [...demoKeys, { key: callsOnly, type: 'enterprise' as const, permissions: ['read:calls'], portfolio_id: null }]) {
      const { plaintext } = await createApiKey(tenancy, {
        name: `core-only twin of a ${demo.type} key`,
        type: demo.type,
        anchorTeamId: anchor,
        permissions: demo.permissions,
        portfolioId: (demo as { portfolio_id?: number | null }).portfolio_id ?? null,
        fieldGroups: [],
      });
      coreOnly.set(demo.key, plaintext);
    }
  });

  it('leaves out every field of a group the key lacks, at any depth, and nothing else', async () => {
    const seen = new Set<string>();
    for (const r of readRoutes) {
      // An export is seen by the key that asked for it only (a twin key gets 404); the field groups
      // of its lines are checked against the list routes in test/e2e/exports.test.ts.
      if (r.id === 'getExport') continue;
      for (const c of CALLS[r.id]?.() ?? []) {
        if (c.key === undefined) continue;
        const twin = coreOnly.get(c.key);
        if (!twin) throw new Error(`no core-only twin for a key of ${r.id}`);
        const full = await expectDocumented(r.id, c);
        const restricted = await expectDocumented(r.id, { ...c, key: twin });
        const leaked = propertiesOf(restricted).filter(({ parent, name }) => groupOfField(parent, name) !== undefined);
        expect({ path: c.path, leaked }).toEqual({ path: c.path, leaked: [] });
        for (const { parent, name } of propertiesOf(full)) {
          const group = groupOfField(parent, name);
          if (group) seen.add(group);
        }
        // The same rows, less the grouped fields (pagination cursors are bound to their key; /me describes the key).
        if (r.id !== 'getMe')
          expect({ path: c.path, data: withFieldGroups(full.data, []) }).toEqual({ path: c.path, data: restricted.data });
      }
    }
    // The demo data exercises every group somewhere.
    expect([...seen].sort()).toEqual([...FIELD_GROUP_NAMES].sort());
  });

  it('answers GET /api/v1/me for every key type, naming its allow-list and limits', async () => {
    for (const type of KEY_TYPES) {
      const demo = key(type);
      const me = (await expectDocumented('getMe', { path: '/api/v1/me', key: demo.key })).data as Json;
      expect(me).toMatchObject({
        type,
        permissions: demo.permissions,
        team_ids: demo.team_ids,
        prefix: demo.key.slice(0, 12),
        expires_at: null,
        fields: { groups: ['core', ...FIELD_GROUP_NAMES], restricted: false },
        rate_limits: { per_key_per_minute: { limit: 1000, window_seconds: 60, overridden: false } },
      });
      expect((me.rate_limits as Json).per_workspace_per_hour).toMatchObject({ limit: 10_000, window_seconds: 3600 });
      const twin = (await expectDocumented('getMe', { path: '/api/v1/me', key: coreOnly.get(demo.key) ?? '' })).data as Json;
      expect(twin.fields).toEqual({ groups: ['core'], restricted: true });
    }
  });
});
