import { readFileSync } from 'node:fs';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import { type LocalService, startLocalService } from '../../local/service';
import { getDocumentClient } from '../../shared/adapters/dynamodb/client';
import { physicalTableName } from '../../shared/adapters/dynamodb/tables';
import { DynamoTenancyStore } from '../../shared/adapters/dynamodb/tenancy-store';
import type { KeyType } from '../../shared/auth/permissions';
import { createApiKey } from '../../shared/domain/key-service';
import { buildOpenApiDocument, type OpenApiDocument } from '../../shared/openapi/document';
import { ROUTES, type RouteDefinition } from '../../shared/routes';

/**
 * The contract test: every read route, called through the local gateway on the seeded demo data,
 * answers bodies that validate against the response schemas of the document served at
 * /api/openapi.json (closed objects, so an undocumented field fails), errors included.
 */
process.env.LOG_LEVEL = 'silent';
process.env.CURSOR_SECRET ??= 'openapi-contract-test-cursor-secret';

type Json = Record<string, unknown>;

interface DemoKey {
  key: string;
  type: KeyType;
  permissions: string[];
  team_ids: number[];
}

let service: LocalService;
let doc: OpenApiDocument;
let ajv: Ajv2020;
let demoKeys: DemoKey[] = [];
/** Every key holding every permission its type may hold, by type. */
const full = new Map<KeyType, DemoKey>();
/** A single-team key holding read:calls but not read:transcripts. */
let callsOnly: string;

const COMPONENTS_ID = 'https://contract.test/openapi.json';
const rewrite = <T>(schema: T): T =>
  JSON.parse(JSON.stringify(schema).replaceAll('"#/components/schemas/', `"${COMPONENTS_ID}#/$defs/`)) as T;
const validators = new Map<string, ValidateFunction>();

beforeAll(async () => {
  service = await startLocalService({ port: 0, dataDir: undefined, seed: true });
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

  const response = await fetch(`${service.url}/api/openapi.json`);
  expect(response.status).toBe(200);
  doc = (await response.json()) as OpenApiDocument;
  ajv = new Ajv2020({
    strict: true,
    allowUnionTypes: true,
    formats: {
      // The document promises UTC instants.
      'date-time': {
        validate: (s: string) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?Z$/.test(s) && !Number.isNaN(Date.parse(s)),
      },
      date: /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/,
      uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
    },
  });
  ajv.addSchema(rewrite({ $id: COMPONENTS_ID, $defs: doc.components.schemas }));
}, 120_000);

afterAll(() => service?.stop());

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

function violations(schema: Json, body: unknown): string[] {
  const cacheKey = JSON.stringify(schema);
  let validate = validators.get(cacheKey);
  if (!validate) {
    validate = ajv.compile(rewrite(schema));
    validators.set(cacheKey, validate);
  }
  return validate(body) ? [] : [ajv.errorsText(validate.errors)];
}

interface Call {
  readonly path: string;
  readonly key?: string;
  readonly headers?: Record<string, string>;
}

async function call(c: Call): Promise<{ status: number; body: Json; requestId: string | null }> {
  const headers: Record<string, string> = { ...(c.headers ?? {}) };
  if (c.key) headers.authorization = `Bearer ${c.key}`;
  const response = await fetch(`${service.url}${c.path}`, { headers });
  return { status: response.status, body: (await response.json()) as Json, requestId: response.headers.get('x-request-id') };
}

/** Calls a route and checks the status and the body against the document; returns the body. */
async function expectDocumented(routeId: string, c: Call, status = 200): Promise<Json> {
  const r = route(routeId);
  const { status: actual, body, requestId } = await call(c);
  expect({ route: routeId, path: c.path, status: actual }).toEqual({ route: routeId, path: c.path, status });
  expect({ route: routeId, path: c.path, violations: violations(responseSchema(r, status), body) }).toEqual({
    route: routeId,
    path: c.path,
    violations: [],
  });
  expect(requestId).toBeTruthy();
  if (status >= 400) expect(body.request_id).toBe(requestId);
  return body;
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
