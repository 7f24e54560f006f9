import { randomUUID } from 'node:crypto';
import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoLeadStore } from '#shared/adapters/dynamodb/lead-store';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import type { LeadRecord } from '#shared/domain/leads';
import { LAMBDA_RESPONSE_LIMIT_BYTES } from '#shared/pagination/budget';
import { type LocalService, startLocalService } from '../../local/cli/service';
import { createTenancyFixture, type TenancyFixture } from '../support/tenancy-fixture';

process.env.LOG_LEVEL = 'silent';

let service: LocalService;
let fixture: TenancyFixture;
let key: string;

/** 40 leads of ~200 KB each in the last hour: 8 MB, more than one Lambda response can carry. */
const LEADS = 40;
const CONTENT_BYTES = 200_000;

beforeAll(async () => {
  service = await startLocalService({ port: 0, dataDir: undefined, seed: false });
  fixture = await createTenancyFixture();
  key = await fixture.createKey('enterprise', ['read:leads', 'read:scheduler_analytics']);
  const leads = new DynamoLeadStore(getDocumentClient(), physicalTableName('leads'));
  const now = Date.now();
  const records: LeadRecord[] = Array.from({ length: LEADS }, (_, i) => ({
    id: randomUUID(),
    lead_id: null,
    team_id: fixture.teams.own.id,
    type: 'web_chat',
    datetime: new Date(now - (i + 1) * 60_000).toISOString(),
    status: 'new',
    customer_name: null,
    customer_phone: null,
    customer_email: null,
    lead_content: { i, notes: 'x'.repeat(CONTENT_BYTES) },
    agent: null,
    referrer_url: null,
    attribution: { utm_source: null, utm_medium: null, utm_campaign: null, utm_term: null, utm_content: null, gclid: null },
    external_id: null,
    source: null,
    outreach: null,
    appointment: null,
  }));
  await leads.putLeads(records);
});
afterAll(() => service.stop());

async function get(path: string): Promise<{ status: number; bytes: number; body: Record<string, unknown> }> {
  const response = await fetch(`${service.url}${path}`, { headers: { authorization: `Bearer ${key}` } });
  const text = await response.text();
  return { status: response.status, bytes: Buffer.byteLength(text), body: JSON.parse(text) as Record<string, unknown> };
}

type LeadPage = { data: { lead_content: { i: number } }[] };

describe('bounded work per request', () => {
  it('answers the 0001–9999 chartData request with a 400 naming end_date', async () => {
    const res = await get('/api/scheduler-analytics?metrics=chartData&start_date=0001-01-01T00:00:00Z&end_date=9999-12-31T00:00:00Z');

    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      error: 'invalid_request',
      field: 'end_date',
      message: 'end_date: the range may span at most 366 days',
    });
  });

  it('cuts GET /api/leads?limit=1000 under the 6 MB response limit and continues exactly at offset + limit', async () => {
    const seen: number[] = [];
    const pages: { limit: number; has_more: boolean; bytes: number }[] = [];
    let offset = 0;
    for (let guard = 0; guard < LEADS; guard++) {
      const res = await get(`/api/leads?limit=1000&offset=${offset}`);
      expect(res.status).toBe(200);
      const pagination = res.body.pagination as { limit: number; offset: number; has_more: boolean };
      seen.push(...(res.body as unknown as LeadPage).data.map((lead) => lead.lead_content.i));
      pages.push({ limit: pagination.limit, has_more: pagination.has_more, bytes: res.bytes });
      if (!pagination.has_more) break;
      offset += pagination.limit;
    }

    expect(pages.length).toBeGreaterThan(1);
    expect(pages[0]?.limit).toBeLessThan(LEADS);
    for (const page of pages) expect(page.bytes).toBeLessThan(LAMBDA_RESPONSE_LIMIT_BYTES);
    expect(seen).toEqual(Array.from({ length: LEADS }, (_, i) => i));
  });

  it('cuts the v1 leads feed at the budget and its cursor continues after the last row returned', async () => {
    const seen: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await get(
        `/api/v1/teams/${fixture.teams.own.id}/leads?limit=500${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      expect(res.status).toBe(200);
      expect(res.bytes).toBeLessThan(LAMBDA_RESPONSE_LIMIT_BYTES);
      const pagination = res.body.pagination as { cursor: string | null; limit: number };
      expect(pagination.limit).toBe(500);
      seen.push(...(res.body as unknown as LeadPage).data.map((lead) => lead.lead_content.i));
      cursor = pagination.cursor;
      pages++;
    } while (cursor !== null && pages < LEADS);

    expect(pages).toBeGreaterThan(1);
    expect(seen).toEqual(Array.from({ length: LEADS }, (_, i) => i));
  });
});
