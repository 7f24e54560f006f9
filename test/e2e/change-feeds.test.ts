import { randomUUID } from 'node:crypto';
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { toLeadItem } from '#shared/adapters/dynamodb/lead-store';
import { toSessionItem } from '#shared/adapters/dynamodb/session-items';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import type { LeadRecord } from '#shared/domain/leads';
import type { SessionRecord } from '#shared/domain/sessions';
import { CHANGE_FEED_SETTLE_SECONDS } from '#shared/pagination/change-feed';
import { type LocalService, startLocalService } from '../../local/cli/service';
import { session } from '../support/factories';
import { createTenancyFixture, type TenancyFixture } from '../support/tenancy-fixture';

/**
 * Change feeds through the local gateway (ADR 0147): `updated_since` lists the rows changed after
 * it, oldest change first, up to meta.updated_until; writes made while a walk goes on all appear.
 */
process.env.LOG_LEVEL = 'silent';

let service: LocalService;
let fixture: TenancyFixture;
let key: string;
let crossTeamKey: string;

type Json = Record<string, unknown>;
interface Page {
  data: Json[];
  pagination: { cursor: string | null; has_more: boolean };
  meta: { updated_until?: string; team_id?: number; team_ids?: number[] };
}

beforeAll(async () => {
  service = await startLocalService({ port: 0, dataDir: undefined, seed: false });
  fixture = await createTenancyFixture();
  key = await fixture.createKey('enterprise', ['read:scheduler_analytics', 'read:leads']);
  crossTeamKey = await fixture.createKey('enterprise_all_teams', ['read:scheduler_analytics']);
}, 60_000);
afterAll(() => service.stop());

async function get(path: string, as = key): Promise<{ status: number; body: Json }> {
  const response = await fetch(`${service.url}${path}`, { headers: { authorization: `Bearer ${as}` } });
  return { status: response.status, body: (await response.json()) as Json };
}

const secondsAgo = (s: number) => new Date(Date.now() - s * 1000).toISOString();

async function writeSessions(rows: readonly { record: SessionRecord; updatedAt: string; enterpriseId: number }[]): Promise<void> {
  const items = rows.map(({ record, updatedAt, enterpriseId }) => ({
    PutRequest: { Item: toSessionItem(record, { enterpriseId, isTest: false }, updatedAt) },
  }));
  await getDocumentClient().send(new BatchWriteCommand({ RequestItems: { [physicalTableName('sessions')]: items } }));
}

/** Walks a feed; `between` runs after each page (the writes made while walking). */
async function walk(path: string, between: (page: number) => Promise<void> = async () => {}, as = key): Promise<Page[]> {
  const pages: Page[] = [];
  let cursor: string | null = null;
  do {
    const { status, body } = await get(cursor === null ? path : `${path}&cursor=${encodeURIComponent(cursor)}`, as);
    expect(status).toBe(200);
    const page = body as unknown as Page;
    pages.push(page);
    cursor = page.pagination.cursor;
    if (cursor !== null) await between(pages.length - 1);
  } while (cursor !== null);
  return pages;
}

describe('change feeds', () => {
  it('lists every session changed since the instant, writes made during the walk included, and says where to continue', async () => {
    const own = fixture.teams.own;
    const enterpriseId = fixture.enterpriseA;
    const since = secondsAgo(120);
    const records = Array.from({ length: 6 }, () => session({ session_id: `feed_${randomUUID()}`, team_id: own.id }));
    // Changed before the instant: not listed; after it: listed, oldest change first.
    await writeSessions([
      { record: session({ session_id: 'feed_before', team_id: own.id }), updatedAt: secondsAgo(200), enterpriseId },
      ...records.map((record, i) => ({ record, updatedAt: secondsAgo(100 - i), enterpriseId })),
    ]);
    const rewritten = records[0] as SessionRecord;
    const added = session({ session_id: `feed_new_${randomUUID()}`, team_id: own.id });
    const pages = await walk(`/api/v1/teams/${own.id}/sessions?updated_since=${encodeURIComponent(since)}&limit=2`, async (page) => {
      // While walking: a row already seen changes, a new one arrives (both before the page's bound).
      if (page === 0) {
        await writeSessions([
          { record: { ...rewritten, status: 'dropped_off' }, updatedAt: secondsAgo(CHANGE_FEED_SETTLE_SECONDS + 1), enterpriseId },
          { record: added, updatedAt: secondsAgo(CHANGE_FEED_SETTLE_SECONDS + 1), enterpriseId },
        ]);
      }
    });
    const ids = pages.flatMap((p) => p.data.map((row) => String(row.session_id)));
    expect(ids).not.toContain('feed_before');
    expect(ids.slice(0, 6)).toEqual(records.map((r) => r.session_id));
    // The change made during the walk appears again after the row's first appearance, with the new one.
    expect(ids.slice(6).sort()).toEqual([rewritten.session_id, added.session_id].sort());
    const last = pages[pages.length - 1] as Page;
    expect(last.meta.team_id).toBe(own.id);
    const until = Date.parse(String(last.meta.updated_until));
    expect(until).toBeLessThanOrEqual(Date.now() - CHANGE_FEED_SETTLE_SECONDS * 1000);
    expect(until).toBeGreaterThan(Date.now() - (CHANGE_FEED_SETTLE_SECONDS + 30) * 1000);
    // The next sync from there lists nothing older.
    const next = await walk(`/api/v1/teams/${own.id}/sessions?updated_since=${encodeURIComponent(String(last.meta.updated_until))}`);
    expect(next.flatMap((p) => p.data.map((row) => row.session_id))).not.toContain(added.session_id);
  });

  it("never lists another team's changes on the cross-team feed, and lists bookings only on the bookings feed", async () => {
    const since = secondsAgo(60);
    const mine = session({
      session_id: `x_${randomUUID()}`,
      team_id: fixture.teams.sibling.id,
      status: 'booked',
      completed_at: secondsAgo(50),
    });
    const theirs = session({ session_id: `x_${randomUUID()}`, team_id: fixture.teams.outsider.id });
    await writeSessions([
      { record: mine, updatedAt: secondsAgo(40), enterpriseId: fixture.enterpriseA },
      { record: theirs, updatedAt: secondsAgo(40), enterpriseId: 999_999 },
    ]);
    const pages = await walk(`/api/v1/sessions?updated_since=${encodeURIComponent(since)}&limit=50`, undefined, crossTeamKey);
    const ids = pages.flatMap((p) => p.data.map((row) => row.session_id));
    expect(ids).toContain(mine.session_id);
    expect(ids).not.toContain(theirs.session_id);
    const bookings = await walk(`/api/v1/bookings?updated_since=${encodeURIComponent(since)}&limit=50`, undefined, crossTeamKey);
    expect(bookings.flatMap((p) => p.data.map((row) => row.status))).toEqual(expect.arrayContaining(['booked']));
    expect(bookings.flatMap((p) => p.data.map((row) => row.status)).every((s) => s === 'booked')).toBe(true);
    expect(bookings[0]?.meta.updated_until).toEqual(expect.any(String));
  });

  it('lists the leads changed since the instant on the v1 leads feed', async () => {
    const own = fixture.teams.own;
    const lead: LeadRecord = {
      id: randomUUID(),
      lead_id: null,
      team_id: own.id,
      type: 'web_chat',
      datetime: secondsAgo(86_400),
      status: 'new',
      customer_name: null,
      customer_phone: null,
      customer_email: null,
      lead_content: {},
      agent: null,
      referrer_url: null,
      attribution: { utm_source: null, utm_medium: null, utm_campaign: null, utm_term: null, utm_content: null, gclid: null },
      external_id: null,
      source: null,
      outreach: null,
      appointment: null,
    };
    await getDocumentClient().send(
      new BatchWriteCommand({
        RequestItems: { [physicalTableName('leads')]: [{ PutRequest: { Item: toLeadItem(lead, secondsAgo(30)) } }] },
      }),
    );
    const pages = await walk(`/api/v1/teams/${own.id}/leads?updated_since=${encodeURIComponent(secondsAgo(60))}&limit=10`);
    expect(pages.flatMap((p) => p.data)).toHaveLength(1);
    expect(pages[0]?.meta.updated_until).toEqual(expect.any(String));
  });

  it('answers 400 naming updated_since for a malformed instant, and naming the filter sent beside it', async () => {
    const team = fixture.teams.own.id;
    const bad = await get(`/api/v1/teams/${team}/sessions?updated_since=yesterday`);
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('updated_since');
    for (const [path, filter] of [
      [`/api/v1/teams/${team}/sessions?status=booked`, 'status'],
      [`/api/v1/teams/${team}/leads?start_date=2026-01-01T00:00:00Z`, 'start_date'],
      [`/api/v1/teams/${team}/appointments?end_date=2026-01-01T00:00:00Z`, 'end_date'],
      ['/api/v1/bookings?start_date=2026-01-01T00:00:00Z', 'start_date'],
    ] as const) {
      const { status, body } = await get(`${path}&updated_since=2026-01-01T00:00:00%2B02:00`);
      expect([path, status]).toEqual([path, 400]);
      expect(JSON.stringify(body)).toContain(filter);
      expect(JSON.stringify(body)).toContain('updated_since');
    }
    // The plain appointments list still answers; the feed too, with its bound.
    const feed = await get(`/api/v1/teams/${team}/appointments?updated_since=2026-01-01T00:00:00Z`);
    expect(feed.status).toBe(200);
    expect((feed.body.meta as Json).updated_until).toEqual(expect.any(String));
  });
});
