import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoInboundTextStore } from '#shared/adapters/dynamodb/sms-campaign-inbound';
import { DynamoCampaignSendStore } from '#shared/adapters/dynamodb/sms-campaign-send-store';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { ROUTES } from '#shared/routes';
import { type LocalService, startLocalService } from '../../local/cli/service';
import { seedDemoCampaigns } from '../../local/demo/campaigns';
import { createTenancyFixture, type TenancyFixture } from '../support/tenancy-fixture';

process.env.LOG_LEVEL = 'silent';
process.env.SMS_SEND_RATE_PER_SECOND = '0';

let service: LocalService;
let fixture: TenancyFixture;
let reader: string;
let writer: string;

type Json = Record<string, unknown>;
interface Page {
  data: Json[];
  pagination: { cursor: string | null; has_more: boolean; limit: number };
  meta: { team_id: number };
}

const NOW = new Date();

beforeAll(async () => {
  service = await startLocalService({ port: 0, dataDir: undefined, seed: false, queueVisibilityTimeoutSeconds: 0.05 });
  fixture = await createTenancyFixture();
  reader = await fixture.createKey('enterprise', ['read:outbound']);
  writer = await fixture.createKey('enterprise_all_teams', ['write:sms_campaigns']);
  const store = new DynamoCampaignSendStore(getDocumentClient(), physicalTableName('campaigns'));
  const inbound = new DynamoInboundTextStore(getDocumentClient(), physicalTableName('campaigns'));
  await seedDemoCampaigns(store, inbound, fixture.teams.own.id, 'Own Co', NOW);
  await seedDemoCampaigns(store, inbound, fixture.teams.foreign.id, 'Foreign Co', NOW);
}, 60_000);
afterAll(() => service.stop());

async function get(path: string, key = reader): Promise<{ status: number; body: Json }> {
  const response = await fetch(`${service.url}${path}`, { headers: { authorization: `Bearer ${key}` } });
  return { status: response.status, body: (await response.json()) as Json };
}

function post(path: string, body: unknown) {
  return fetch(`${service.url}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${writer}`, 'content-type': 'application/json', 'x-workspace-id': fixture.teams.own.workspaceId },
    body: JSON.stringify(body),
  });
}

const texts = (query = '', team = fixture.teams.own.id) => `/api/v1/teams/${team}/outbound/texts${query}`;
const events = (query = '', team = fixture.teams.own.id) => `/api/v1/teams/${team}/outbound/subscription-events${query}`;

/** Follows the cursor to the end; returns every row in order. */
async function walk(path: string): Promise<Json[]> {
  const rows: Json[] = [];
  let cursor: string | null = null;
  do {
    const sep = path.includes('?') ? '&' : '?';
    const { status, body } = await get(cursor === null ? path : `${path}${sep}cursor=${encodeURIComponent(cursor)}`);
    expect(status).toBe(200);
    const page = body as unknown as Page;
    rows.push(...page.data);
    cursor = page.pagination.cursor;
  } while (cursor !== null);
  return rows;
}

const isNewestFirst = (rows: Json[], field: string) => rows.every((r, i) => i === 0 || String(rows[i - 1]?.[field]) >= String(r[field]));

describe('GET /api/v1/teams/{teamId}/outbound/texts', () => {
  it('lists every text of the team once, newest first, in every status, and nothing of another team', async () => {
    const rows = await walk(texts('?limit=7'));
    expect(rows).toHaveLength(48);
    expect(new Set(rows.map((r) => `${r.campaign_id}/${r.recipient}`)).size).toBe(48);
    expect(isNewestFirst(rows, 'queued_at')).toBe(true);
    expect(new Set(rows.map((r) => r.team_id))).toEqual(new Set([fixture.teams.own.id]));
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(['sent', 'failed', 'opted_out', 'deferred', 'suppressed']));
    const sent = rows.find((r) => r.status === 'sent');
    expect(sent).toMatchObject({ segments: 1, cost: 0.0079, provider_message_id: expect.any(String), sent_at: expect.any(String) });
    const deferred = rows.find((r) => r.status === 'deferred');
    expect(deferred).toMatchObject({ cost: 0, sent_at: null, deferred_until: expect.any(String) });
  });

  it('filters by campaign (its own partition), by status (its own index), and by date range', async () => {
    const all = await walk(texts('?limit=500'));
    const campaignId = String(all[0]?.campaign_id);
    const ofCampaign = await walk(texts(`?campaign_id=${campaignId}&limit=10`));
    expect(ofCampaign).toHaveLength(24);
    expect(ofCampaign.every((r) => r.campaign_id === campaignId)).toBe(true);
    expect(isNewestFirst(ofCampaign, 'queued_at')).toBe(true);

    const deferred = await walk(texts('?status=deferred'));
    expect(deferred).toHaveLength(4);
    const failedOfCampaign = await walk(texts(`?campaign_id=${campaignId}&status=failed`));
    expect(failedOfCampaign.map((r) => r.status)).toEqual(['failed', 'failed']);

    const weekAgo = new Date(NOW.getTime() - 7 * 86_400_000).toISOString();
    const recent = await walk(texts(`?start_date=${weekAgo}`));
    expect(recent).toHaveLength(24);
    expect(await walk(texts(`?end_date=${weekAgo}`))).toHaveLength(24);
  });

  it("answers 404 for another team's campaign like an unknown one, and 400 naming the field for bad filters", async () => {
    expect((await get(texts('', fixture.teams.foreign.id))).status).toBe(403);
    const portfolioKey = await fixture.createKey('portfolio_all_teams', ['read:outbound']);
    const foreignCampaign = (await get(texts('?limit=1', fixture.teams.foreign.id), portfolioKey)).body as unknown as Page;
    const foreignId = String(foreignCampaign.data[0]?.campaign_id);
    const refused = await get(texts(`?campaign_id=${foreignId}`));
    const unknown = await get(texts('?campaign_id=cmp_00000000000000000000'));
    expect(refused.status).toBe(404);
    expect(unknown.status).toBe(404);
    expect(refused.body.message).toEqual(String(unknown.body.message).replace('cmp_00000000000000000000', foreignId));

    for (const [query, field] of [
      ['?campaign_id=nope', 'campaign_id'],
      ['?status=delivered', 'status'],
      ['?start_date=yesterday', 'start_date'],
      ['?start_date=2026-03-02T00:00:00Z&end_date=2026-03-01T00:00:00Z', 'start_date'],
      ['?limit=0', 'limit'],
    ]) {
      const { status, body } = await get(texts(query));
      expect({ query, status, field: body.field }).toEqual({ query, status: 400, field });
    }
  });

  it('refuses a tampered cursor, and one produced with other filters', async () => {
    const first = (await get(texts('?limit=3'))).body as unknown as Page;
    const cursor = first.pagination.cursor as string;
    const tampered = `${cursor.slice(0, -2)}${cursor.endsWith('AA') ? 'BB' : 'AA'}`;
    for (const path of [
      texts(`?limit=3&cursor=${encodeURIComponent(tampered)}`),
      texts(`?limit=3&status=sent&cursor=${encodeURIComponent(cursor)}`),
      events(`?limit=3&cursor=${encodeURIComponent(cursor)}`),
    ]) {
      const { status, body } = await get(path);
      expect({ path, status, field: body.field }).toEqual({ path, status: 400, field: 'cursor' });
    }
  });
});

describe('GET /api/v1/teams/{teamId}/outbound/subscription-events', () => {
  it('lists keywords received and operator changes, newest first, filtered by type and date', async () => {
    const rows = await walk(events('?limit=2'));
    expect(rows.map((r) => r.type).sort()).toEqual(['help', 'help', 'opt_in', 'opt_out', 'opt_out', 'suppressed']);
    expect(isNewestFirst(rows, 'occurred_at')).toBe(true);
    expect(rows.find((r) => r.type === 'suppressed')).toMatchObject({ source: 'operator', keyword: null, suppression_change: 'added' });
    expect(rows.find((r) => r.type === 'opt_out')).toMatchObject({
      source: 'inbound_sms',
      keyword: 'STOP',
      suppression_change: 'added',
      campaign_id: expect.stringMatching(/^cmp_/),
    });
    expect((await walk(events('?type=opt_out'))).map((r) => r.type)).toEqual(['opt_out', 'opt_out']);
    const weekAgo = new Date(NOW.getTime() - 7 * 86_400_000).toISOString();
    expect((await walk(events(`?start_date=${weekAgo}`))).length).toBe(3);
    const bad = await get(events('?type=stop'));
    expect({ status: bad.status, field: bad.body.field }).toEqual({ status: 400, field: 'type' });
  });
});

describe('the outbound feeds record what the campaign paths do', () => {
  it('records every recipient of a sent campaign exactly once (suppressed ones too) and one event per inbound message, redelivered or not', async () => {
    const suppressedPhone = '+13125559001';
    for (let i = 0; i < 2; i++) {
      const stop = await post('/v1/messaging/sms/inbound', { from: suppressedPhone, body: 'Stop', message_id: 'feeds-in-1' });
      expect(stop.status).toBe(200);
    }
    const recipients = Array.from({ length: 120 }, (_, i) => ({ phone: `+1312555${String(9000 + i).padStart(4, '0')}`, name: `C${i}` }));
    const created = await post('/v1/messaging/sms/campaign', {
      campaign_type: 'seasonal_promotion',
      recipients,
      message_template: 'Hi {name}, 20% off this week.',
      settings: { include_opt_out: true, respect_quiet_hours: false },
    });
    expect(created.status).toBe(202);
    const campaignId = ((await created.json()) as { data: { campaign_id: string } }).data.campaign_id;
    await service.settle();

    const rows = await walk(texts(`?campaign_id=${campaignId}&limit=50`));
    expect(rows).toHaveLength(120);
    expect(new Set(rows.map((r) => r.recipient)).size).toBe(120);
    expect(rows.filter((r) => r.status === 'suppressed').map((r) => r.recipient)).toEqual([suppressedPhone]);
    expect(rows.filter((r) => r.status === 'sent')).toHaveLength(119);

    const stops = (await walk(events('?type=opt_out'))).filter((r) => r.event_id === 'feeds-in-1');
    expect(stops).toEqual([expect.objectContaining({ phone: suppressedPhone, keyword: 'STOP', source: 'inbound_sms' })]);
  }, 60_000);

  it('read:outbound grants exactly the two outbound feeds', () => {
    expect(ROUTES.filter((r) => r.permission === 'read:outbound').map((r) => r.path)).toEqual([
      '/api/v1/teams/{teamId}/outbound/texts',
      '/api/v1/teams/{teamId}/outbound/subscription-events',
    ]);
  });
});
