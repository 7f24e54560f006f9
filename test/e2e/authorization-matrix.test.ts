import { ALL_PERMISSIONS, ANY_KEY, KEY_TYPES, type KeyType, READ_PERMISSIONS, WRITE_PERMISSIONS } from '#shared/auth/permissions';
import { ROUTES, type RouteDefinition } from '#shared/routes';
import { type LocalService, startLocalService } from '../../local/cli/service';
import { createTenancyFixture, type TenancyFixture } from '../support/tenancy-fixture';

process.env.LOG_LEVEL = 'silent';

let service: LocalService;
let fixture: TenancyFixture;

beforeAll(async () => {
  service = await startLocalService({ port: 0, dataDir: undefined, seed: false });
  fixture = await createTenancyFixture();
});
afterAll(() => service.stop());

type Relation = 'own' | 'sibling' | 'foreign' | 'outsider';
const RELATIONS: Relation[] = ['own', 'sibling', 'foreign', 'outsider'];

const REACH: Record<KeyType, Relation[]> = {
  enterprise: ['own'],
  enterprise_all_teams: ['own', 'sibling'],
  portfolio_all_teams: ['own', 'sibling', 'foreign'],
};

/** An id no record has, for the path parameters that name one record (a call): a reachable team answers 404. */
const UNKNOWN_RECORD_ID = '00000000-0000-4000-8000-000000000000';

/** How each read route names a team: in the path, through v0 selection, as a cross-team filter, or not at all. */
function requestFor(route: RouteDefinition, teamId: number): { path: string; headers: Record<string, string> } {
  // A call id no team has: past the permission and team checks the route answers 404 (see allowedStatus).
  if (route.path.includes('{callId}')) {
    return { path: route.path.replace('{callId}', UNKNOWN_RECORD_ID), headers: { 'x-team-id': String(teamId) } };
  }
  if (route.path.includes('{teamId}')) return { path: route.path.replace('{teamId}', String(teamId)), headers: {} };
  if (route.path.includes('{enterpriseId}')) return { path: route.path.replace('{enterpriseId}', String(teamId)), headers: {} };
  if (route.id === 'listTeams') return { path: route.path, headers: {} };
  if (route.path.startsWith('/api/v1/')) return { path: `${route.path}?team_id=${teamId}`, headers: {} };
  return { path: route.path, headers: { 'x-team-id': String(teamId) } };
}

/** What a permitted request answers: 200, or 404 for a single-item route asked for an item no team has. */
function allowedStatus(route: RouteDefinition): number {
  return route.path.includes('{callId}') ? 404 : 200;
}

// The export routes have their own block below: a POST with a body, and an id no key has.
const readRoutes = ROUTES.filter(
  (r) => r.surface === 'read' && r.permission !== null && !r.path.includes('{enterpriseId}') && r.tag !== 'Exports',
);

describe('authorization matrix: key type × permission × team × read route', () => {
  const keys = new Map<string, string>();

  beforeAll(async () => {
    for (const type of KEY_TYPES) {
      for (const permission of READ_PERMISSIONS) {
        if (permission === 'read:support_tickets' && type !== 'enterprise_all_teams') continue;
        if (permission === 'read:exports' && type === 'enterprise') continue;
        keys.set(`${type}/${permission}`, await fixture.createKey(type, [permission]));
      }
    }
  });

  for (const type of KEY_TYPES) {
    for (const permission of READ_PERMISSIONS) {
      if (permission === 'read:support_tickets' && type !== 'enterprise_all_teams') continue;
      if (permission === 'read:exports' && type === 'enterprise') continue;
      it(`${type} key holding only ${permission}`, async () => {
        const key = keys.get(`${type}/${permission}`) as string;
        const failures: string[] = [];
        for (const route of readRoutes) {
          for (const relation of RELATIONS) {
            const { path, headers } = requestFor(route, fixture.teams[relation].id);
            const response = await fetch(`${service.url}${path}`, { headers: { authorization: `Bearer ${key}`, ...headers } });
            const body = (await response.json()) as { error?: string };
            let expected: number;
            if (route.permission === ANY_KEY) expected = 200;
            else if (route.permission !== permission) expected = 403;
            else if (route.id === 'listTeams') expected = 200;
            else expected = REACH[type].includes(relation) ? allowedStatus(route) : 403;
            if (response.status !== expected) failures.push(`${route.id} ${relation}: ${response.status} (expected ${expected})`);
            if (expected === 403 && body.error !== 'forbidden') failures.push(`${route.id} ${relation}: body ${JSON.stringify(body)}`);
          }
        }
        expect(failures).toEqual([]);
      });
    }
  }
});

describe('authorization matrix: write permission × write route', () => {
  /** A write route's path with an id no record has in each parameter: the authorizer decides before any lookup. */
  const pathOf = (route: RouteDefinition) => route.path.replace(/\{[A-Za-z]+\}/g, 'unknown_1');

  for (const permission of WRITE_PERMISSIONS) {
    it(`a key holding every permission but ${permission} is refused every route that needs it (403)`, async () => {
      const others = ALL_PERMISSIONS.filter((p) => p !== permission && p !== 'read:support_tickets');
      const key = await fixture.createKey('enterprise', others);
      const failures: string[] = [];
      for (const route of ROUTES.filter((r) => r.permission === permission)) {
        const response = await fetch(`${service.url}${pathOf(route)}`, {
          method: route.method,
          headers: { authorization: `Bearer ${key}`, 'x-workspace-id': fixture.teams.own.workspaceId, 'content-type': 'application/json' },
          body: route.method === 'POST' ? '{}' : undefined,
        });
        if (response.status !== 403) failures.push(`${route.id}: ${response.status}`);
      }
      expect(failures).toEqual([]);
    });
  }
});

describe('enterprise routes', () => {
  const tickets = (enterpriseId: number) => `/api/v1/enterprise/${enterpriseId}/support-tickets`;

  it("lets an enterprise_all_teams key holding read:support_tickets read its own enterprise's ticket feed", async () => {
    const key = await fixture.createKey('enterprise_all_teams', ['read:support_tickets']);
    const response = await fetch(`${service.url}${tickets(fixture.enterpriseA)}`, { headers: { authorization: `Bearer ${key}` } });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ data: [], pagination: { cursor: null, has_more: false } });
  });

  it('refuses another enterprise with 403', async () => {
    const key = await fixture.createKey('enterprise_all_teams', ['read:support_tickets']);
    const response = await fetch(`${service.url}${tickets(fixture.enterpriseB)}`, { headers: { authorization: `Bearer ${key}` } });
    expect(response.status).toBe(403);
  });

  it('refuses portfolio and single-team keys, whatever they hold', async () => {
    for (const type of ['portfolio_all_teams', 'enterprise'] as const) {
      const key = await fixture.createKey(type, ['read:leads', 'read:calls']);
      const response = await fetch(`${service.url}${tickets(fixture.enterpriseA)}`, { headers: { authorization: `Bearer ${key}` } });
      expect(response.status).toBe(403);
      expect(await response.json()).toMatchObject({ error: 'forbidden' });
    }
  });

  it('refuses an enterprise_all_teams key without read:support_tickets', async () => {
    const key = await fixture.createKey('enterprise_all_teams', ['read:leads']);
    const response = await fetch(`${service.url}${tickets(fixture.enterpriseA)}`, { headers: { authorization: `Bearer ${key}` } });
    expect(response.status).toBe(403);
  });
});

describe('export routes: key type × permission × team', () => {
  const exportOf = (key: string, teamId: number) =>
    fetch(`${service.url}/api/v1/exports`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        resource: 'sessions',
        team_ids: [teamId],
        start_date: '2026-01-01T00:00:00Z',
        end_date: '2026-02-01T00:00:00Z',
      }),
    });
  const statusOf = (key: string) =>
    fetch(`${service.url}/api/v1/exports/exp_00000000000000000000`, { headers: { authorization: `Bearer ${key}` } });

  it.each(['enterprise_all_teams', 'portfolio_all_teams'] as const)(
    'lets a %s key export the teams it reaches, and no other',
    async (type) => {
      const key = await fixture.createKey(type, ['read:exports', 'read:scheduler_analytics']);
      for (const relation of RELATIONS) {
        const response = await exportOf(key, fixture.teams[relation].id);
        expect([relation, response.status]).toEqual([relation, REACH[type].includes(relation) ? 202 : 403]);
      }
      expect((await statusOf(key)).status).toBe(404);
      await service.settle();
    },
  );

  it('refuses a single-team key, and a key without read:exports, whatever else they hold', async () => {
    const single = await fixture.createKey('enterprise', ['read:exports', 'read:scheduler_analytics']);
    const without = await fixture.createKey('enterprise_all_teams', ['read:scheduler_analytics']);
    for (const key of [single, without]) {
      expect((await exportOf(key, fixture.teams.own.id)).status).toBe(403);
      expect((await statusOf(key)).status).toBe(403);
    }
  });
});

describe('data-subject deletion routes: key type × permission × team', () => {
  const deletionOf = (key: string, teamId: number) =>
    fetch(`${service.url}/v1/data-subject-deletions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ phone: '+12125550111', team_ids: [teamId] }),
    });
  const statusOf = (key: string, id: string) =>
    fetch(`${service.url}/v1/data-subject-deletions/${id}`, { headers: { authorization: `Bearer ${key}` } });

  it.each(KEY_TYPES)('lets a %s key holding write:data_deletions delete in the teams it reaches, and no other', async (type) => {
    const key = await fixture.createKey(type, ['write:data_deletions']);
    for (const relation of RELATIONS) {
      const response = await deletionOf(key, fixture.teams[relation].id);
      expect([relation, response.status]).toEqual([relation, REACH[type].includes(relation) ? 202 : 403]);
      if (response.status === 202) {
        const { data } = (await response.json()) as { data: { id: string } };
        expect((await statusOf(key, data.id)).status).toBe(200);
      }
    }
    await service.settle();
  });

  it("refuses a key without write:data_deletions, whatever else it holds, and hides another key's teams' deletion (404)", async () => {
    const without = await fixture.createKey(
      'portfolio_all_teams',
      WRITE_PERMISSIONS.filter((p) => p !== 'write:data_deletions'),
    );
    expect((await deletionOf(without, fixture.teams.own.id)).status).toBe(403);
    expect((await statusOf(without, 'dsd_000000000000000000000000')).status).toBe(403);

    const wide = await fixture.createKey('portfolio_all_teams', ['write:data_deletions']);
    const asked = (await (await deletionOf(wide, fixture.teams.foreign.id)).json()) as { data: { id: string } };
    const narrow = await fixture.createKey('enterprise', ['write:data_deletions']);
    expect((await statusOf(narrow, asked.data.id)).status).toBe(404);
    await service.settle();
  });
});

describe('authentication', () => {
  it('answers 401 without a key, with a malformed key, with an unknown key and with a revoked key', async () => {
    const revoked = await fixture.createKey('enterprise', ['read:leads'], { revoked: true });
    const unknown = `service_${'0'.repeat(64)}`;
    for (const authorization of [undefined, 'Bearer nope', `Bearer ${unknown}`, `Bearer ${revoked}`, 'Basic abc']) {
      const response = await fetch(`${service.url}/api/leads`, { headers: authorization ? { authorization } : {} });
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ error: 'unauthorized' });
      expect(response.headers.get('x-amzn-requestid')).toBeTruthy();
    }
  });

  it('stops a key revoked in the store while cached once the authorizer cache is flushed', async () => {
    const key = await fixture.createKey('enterprise', ['read:leads']);
    const call = () => fetch(`${service.url}/api/leads`, { headers: { authorization: `Bearer ${key}` } });
    expect((await call()).status).toBe(200);
    const [record] = (await fixture.store.listApiKeys()).filter((k) => k.anchorTeamId === fixture.teams.own.id && k.lastUsedAt !== null);
    expect(record).toBeDefined();
    for (const k of await fixture.store.listApiKeys()) await fixture.store.revokeApiKey(k.keyId, new Date().toISOString());
    expect((await call()).status).toBe(200);
    service.gateway.clearAuthorizerCache();
    expect((await call()).status).toBe(401);
  });
});

describe('team selection', () => {
  it('asks a multi-team key on a v0 route to name a team', async () => {
    const key = await fixture.createKey('enterprise_all_teams', ['read:leads']);
    const response = await fetch(`${service.url}/api/leads`, { headers: { authorization: `Bearer ${key}` } });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'invalid_request', field: 'x-team-id' });
  });

  it('leaves test teams out of cross-team lists unless include_test_teams=true, and never filters explicit addressing', async () => {
    const key = await fixture.createKey('enterprise_all_teams', ['read:scheduler_analytics']);
    const get = async (query: string) =>
      (await (await fetch(`${service.url}/api/v1/analytics/funnel${query}`, { headers: { authorization: `Bearer ${key}` } })).json()) as {
        meta: { team_ids: number[] };
      };
    const { own, sibling, test } = fixture.teams;
    expect((await get('')).meta.team_ids).toEqual([own.id, sibling.id]);
    expect((await get('?include_test_teams=true')).meta.team_ids).toEqual([own.id, sibling.id, test.id]);
    expect((await get(`?team_id=${test.id}`)).meta.team_ids).toEqual([test.id]);
  });

  it('answers 404 with a JSON error for an unknown route', async () => {
    const response = await fetch(`${service.url}/api/v2/nothing`);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: 'not_found' });
  });
});
