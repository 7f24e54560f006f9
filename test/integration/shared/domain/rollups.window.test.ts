import fc from 'fast-check';
import { ANALYTICS_BLOCKS } from '#shared/domain/analytics';
import { computeSchedulerAnalytics } from '#shared/domain/analytics-raw';
import { schedulerAnalyticsFromRollups } from '#shared/domain/rollups/answer';
import { rebuildTeamRollups } from '#shared/domain/rollups/rebuild';
import type { SessionRecord } from '#shared/domain/sessions';
import { generateSessions } from '../../../../local/demo/sessions';
import type { LocalDynamo } from '../../../../local/dynamodb/embedded';
import { startEmulator } from '../../../support/emulator';
import { rollupStores, ZONES } from '../../../support/rollup-fixture';

let dynamo: LocalDynamo;
let stores: ReturnType<typeof rollupStores>;

beforeAll(async () => {
  dynamo = await startEmulator();
  stores = rollupStores();
});
afterAll(() => dynamo.stop());

const TEAM_ID = 640_001;
const DAY_MS = 86_400_000;
const NOW = Date.parse('2026-06-15T14:37:21.000Z');
const WINDOW_START = NOW - 90 * DAY_MS;

/**
 * A demo team's 90 days (the generator the benchmarks seed with, fixed seed) with some click ids
 * recurring on other days, so the ad groups the rollup path merges from day, hour and raw slices
 * overlap, and more groups than the 1,000 rows a block keeps.
 */
function teamSessions(): SessionRecord[] {
  const generated = generateSessions({
    teamId: TEAM_ID,
    timezone: 'America/Chicago',
    count: 3_300,
    days: 90,
    seed: 4_242,
    now: new Date(NOW),
  });
  const hasAds = (s: SessionRecord) => Boolean(s.google_ads.gclid || s.google_ads.wbraid || s.google_ads.gbraid);
  const withAds = generated.filter(hasAds);
  return generated.map((s, i) => {
    // Every fifth session without click ids takes those of a session elsewhere in the list (another day, mostly).
    const donor = !hasAds(s) && i % 5 === 0 ? withAds[(i * 17) % withAds.length] : undefined;
    return { ...s, scheduler_id: 1 + (i % 2), google_ads: donor ? { ...donor.google_ads } : s.google_ads };
  });
}

describe('analytics from rollups over a 90-day window', () => {
  it('equal the raw computation for ranges across day boundaries, zones and the whole window (fixed seed)', async () => {
    const sessions = teamSessions();
    await stores.sessions.putSessions(sessions, new Map([[TEAM_ID, { enterpriseId: TEAM_ID, isTest: false }]]));
    await rebuildTeamRollups(stores, TEAM_ID);
    const whole = { start: new Date(WINDOW_START).toISOString(), end: new Date(NOW).toISOString() };
    const bounded = (ms: number) => Math.min(NOW, Math.max(WINDOW_START, ms));
    const range = fc
      .tuple(
        fc.integer({ min: 0, max: 90 * DAY_MS }),
        fc.integer({ min: 1, max: 90 * DAY_MS }),
        fc.constantFrom(1, 60_000, 3_600_000, DAY_MS),
      )
      .map(([offset, length, unit]) => {
        // Whole units from the window's start, so many ranges start or end on an hour or a UTC day.
        const start = bounded(Math.floor((WINDOW_START + offset) / unit) * unit);
        const end = bounded(start + Math.max(unit, Math.floor(length / unit) * unit));
        return { start: new Date(start).toISOString(), end: new Date(Math.max(end, start + 1)).toISOString() };
      });
    const queries = fc.sample(fc.record({ range, timezone: fc.constantFrom(...ZONES), schedulerId: fc.constantFrom(undefined, 2) }), {
      numRuns: 10,
      seed: 20_261_128,
    });
    const cases = [
      { range: whole, timezone: 'America/Chicago', schedulerId: undefined },
      { range: whole, timezone: 'Pacific/Chatham', schedulerId: 1 },
      ...queries,
    ];
    let adsRowsCut = false;
    for (const q of cases) {
      const options = { ...q.range, timezone: q.timezone, blocks: ANALYTICS_BLOCKS, limit: 50, offset: 0 };
      const oracle = computeSchedulerAnalytics(await stores.sessions.readSessionsStartedIn(TEAM_ID, q.range, q.schedulerId), options);
      expect(await schedulerAnalyticsFromRollups(stores, TEAM_ID, { ...options, schedulerId: q.schedulerId })).toEqual(oracle);
      if ((oracle.ads?.total ?? 0) > (oracle.ads?.rows.length ?? 0)) adsRowsCut = true;
    }
    // The window holds more ad groups than a block keeps, and some recur: the cut and the sums are both exercised.
    expect(adsRowsCut).toBe(true);
  }, 300_000);
});
