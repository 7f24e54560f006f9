import fc from 'fast-check';
import { GROUPED_BLOCK_MAX_ROWS } from '#shared/domain/analytics';
import { embeddedJsonBytes, fitToBudget, itemBytes } from '#shared/pagination/budget';
import { readCursorPage } from '#shared/pagination/cursor';
import { toOffsetPage } from '#shared/pagination/offset';
import { session } from '../../../support/factories';
import { schedulerAnalyticsBody } from '../../../support/scheduler-analytics';

const secret = 'budget-test-secret';
const binding = { keyId: 'key_1', routeId: 'r', filters: {} };

describe('embedded JSON size', () => {
  it('counts UTF-8 bytes plus one per quote and backslash, exactly as JSON.stringify of the body string adds', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const json = JSON.stringify(value);
        expect(embeddedJsonBytes(json)).toBe(Buffer.byteLength(JSON.stringify(json), 'utf8') - 2);
      }),
    );
  });

  it('keeps at least one item when asked, and otherwise never exceeds the budget', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 40 })), fc.integer({ min: 0, max: 400 }), (items, budget) => {
        const fit = fitToBudget(items, budget, { atLeastOne: false });
        expect(fit.bytes).toBeLessThanOrEqual(budget);
        expect(fit.bytes).toBe(items.slice(0, fit.count).reduce((sum, item) => sum + itemBytes(item), 0));
        if (fit.count < items.length) expect(fit.bytes + itemBytes(items[fit.count])).toBeGreaterThan(budget);
        const forced = fitToBudget(items, budget, { atLeastOne: true });
        expect(forced.count).toBe(items.length === 0 ? 0 : Math.max(1, fit.count));
      }),
    );
  });
});

/** Rows of random sizes, newest first by position. */
const rowsArb = fc
  .array(fc.string({ maxLength: 60 }), { maxLength: 40 })
  .map((texts) => texts.map((text, i) => ({ position: String(1000 - i).padStart(4, '0'), text })));

describe('pages cut by the response budget', () => {
  it('cursor pages: every row exactly once, in order, no page over budget unless it holds one row (property)', async () => {
    await fc.assert(
      fc.asyncProperty(rowsArb, fc.integer({ min: 1, max: 10 }), fc.integer({ min: 1, max: 300 }), async (rows, limit, budgetBytes) => {
        const fetch = async (after: string | undefined) =>
          rows.filter((r) => after === undefined || r.position < after).slice(0, limit + 1);
        const seen: string[] = [];
        let cursor: string | undefined;
        for (let pages = 0; pages <= rows.length + 1; pages++) {
          const page = await readCursorPage({
            secret,
            binding,
            cursor,
            limit,
            fetch,
            positionOf: (r) => r.position,
            map: (r) => r,
            budgetBytes,
          });
          expect(page.data.length).toBeLessThanOrEqual(limit);
          if (page.data.length > 1) expect(page.data.reduce((sum, r) => sum + itemBytes(r), 0)).toBeLessThanOrEqual(budgetBytes);
          seen.push(...page.data.map((r) => r.position));
          expect(page.pagination.has_more).toBe(page.pagination.cursor !== null);
          if (!page.pagination.has_more) break;
          expect(page.data.length).toBeGreaterThan(0);
          cursor = page.pagination.cursor ?? undefined;
        }
        expect(seen).toEqual(rows.map((r) => r.position));
      }),
    );
  });

  it('offset pages: continuing at offset + pagination.limit sees every row exactly once (property)', () => {
    fc.assert(
      fc.property(rowsArb, fc.integer({ min: 1, max: 10 }), fc.integer({ min: 1, max: 300 }), (rows, limit, budgetBytes) => {
        const seen: string[] = [];
        let offset = 0;
        for (let pages = 0; pages <= rows.length + 1; pages++) {
          const page = toOffsetPage(rows.slice(offset, offset + limit + 1), limit, offset, (r) => r, budgetBytes);
          expect(page.pagination.limit).toBeLessThanOrEqual(limit);
          expect(page.data.length).toBeLessThanOrEqual(page.pagination.limit);
          seen.push(...page.data.map((r) => r.position));
          if (!page.pagination.has_more) break;
          expect(page.data.length).toBe(page.pagination.limit);
          offset += page.pagination.limit;
        }
        expect(seen).toEqual(rows.map((r) => r.position));
      }),
    );
  });

  it('keeps a whole page and the requested limit when it fits', () => {
    const rows = ['a', 'b', 'c'];
    expect(toOffsetPage(rows, 2, 0, (r) => r)).toEqual({ data: ['a', 'b'], pagination: { limit: 2, offset: 0, has_more: true } });
  });
});

describe('scheduler analytics within the response budget', () => {
  const options = { start: '2026-01-01T00:00:00Z', end: '2026-02-01T00:00:00Z', timezone: 'UTC', limit: 1000, offset: 0 } as const;
  const sessions = Array.from({ length: 1_500 }, (_, i) =>
    session({
      session_id: `s${String(i).padStart(5, '0')}`,
      started_at: new Date(Date.parse(options.start) + i * 60_000).toISOString(),
      google_ads: { gclid: `gclid-${i}`, wbraid: null, gbraid: null },
      customer_info: { name: 'N'.repeat(2_000), email: null, phone: null, address: null },
    }),
  );

  it(`keeps the ${GROUPED_BLOCK_MAX_ROWS} largest rows of a grouped block and names it in truncatedBlocks`, () => {
    const result = schedulerAnalyticsBody(sessions, { ...options, blocks: ['googleAdsData', 'issueTypeData'] });
    expect(result.data.googleAdsData).toHaveLength(GROUPED_BLOCK_MAX_ROWS);
    expect(result.metadata.truncatedBlocks).toEqual(['googleAdsData']);
  });

  it('measures only the fixed-size blocks before sharing the budget: a huge grouped block empties no other block', () => {
    // 40,000 distinct click ids: all of their rows would take ~3.6 MB, over a 3 MB budget.
    const many = Array.from({ length: 40_000 }, (_, i) =>
      session({
        session_id: `m${i}`,
        started_at: new Date(Date.parse(options.start) + i * 1_000).toISOString(),
        google_ads: { gclid: `Cj0KCQiA${String(i).padStart(64, '0')}_BwE`, wbraid: null, gbraid: null },
        utm: { source: 'google', medium: 'cpc', campaign: `c${i % 3}`, term: null, content: null },
        issue_type: 'Leak',
      }),
    );
    const blocks = ['funnel', 'chartData', 'utmData', 'googleAdsData', 'issueTypeData', 'customerEvents'] as const;
    const result = schedulerAnalyticsBody(many, { ...options, limit: 10, blocks, budgetBytes: 3_000_000 });
    expect(result.data.googleAdsData).toHaveLength(GROUPED_BLOCK_MAX_ROWS);
    expect(result.data.utmData).toHaveLength(3);
    expect(result.data.issueTypeData).toEqual([{ issueType: 'Leak', count: 40_000 }]);
    expect(result.data.customerEvents).toHaveLength(10);
    expect(result.metadata.truncatedBlocks).toEqual(['googleAdsData']);
  });

  it('cuts customerEvents at the budget and continues exactly at offset + pagination.limit', () => {
    const budgetBytes = 500_000;
    const first = schedulerAnalyticsBody(sessions, { ...options, blocks: ['funnel', 'customerEvents'], budgetBytes });
    const cut = first.pagination.limit;
    const second = schedulerAnalyticsBody(sessions, { ...options, offset: cut, blocks: ['customerEvents'], budgetBytes });
    const whole = schedulerAnalyticsBody(sessions, { ...options, limit: cut * 2, blocks: ['customerEvents'], budgetBytes: 10 ** 9 });

    expect(cut).toBeGreaterThan(0);
    expect(cut).toBeLessThan(1000);
    expect(first.pagination.has_more).toBe(true);
    expect(itemBytes(first.data)).toBeLessThanOrEqual(budgetBytes);
    expect([...(first.data.customerEvents ?? []), ...(second.data.customerEvents ?? []).slice(0, cut)].map((e) => e.sessionId)).toEqual(
      (whole.data.customerEvents ?? []).map((e) => e.sessionId),
    );
  });
});
