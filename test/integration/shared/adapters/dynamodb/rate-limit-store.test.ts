import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoRateLimitStore } from '#shared/adapters/dynamodb/rate-limit-store';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { readUsage, recordUsage, takeRequest } from '#shared/domain/rate-limit';
import type { LocalDynamo } from '../../../../../local/dynamodb/embedded';
import { startEmulator } from '../../../../support/emulator';

/** The limiter's counters and the usage fold on the embedded DynamoDB. */
let dynamo: LocalDynamo;
let store: DynamoRateLimitStore;
let nextKey = 0;

beforeAll(async () => {
  dynamo = await startEmulator();
  store = new DynamoRateLimitStore(getDocumentClient(), physicalTableName('limits'));
});
afterAll(() => dynamo.stop());

const defaults = { perKeyPerMinute: 10, perWorkspacePerHour: 1000 };
const MINUTE_START = Date.UTC(2026, 10, 23, 4, 0, 0);

function subject(teamId = 1) {
  return { keyId: `key_${String(++nextKey).padStart(16, '0')}`, keyLimit: null, teamId, teamLimit: null };
}

describe('rate-limit counters', () => {
  it('admits exactly the limit out of 25 parallel requests of one key, from any number of instances', async () => {
    const who = subject(500);
    const decisions = await Promise.all(Array.from({ length: 25 }, () => takeRequest(store, who, defaults, MINUTE_START + 5_000)));
    expect(decisions.filter((d) => d.admitted)).toHaveLength(10);
    const remaining = decisions.filter((d) => d.admitted).map((d) => d.windows[0]?.remaining);
    expect([...remaining].sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(decisions.filter((d) => !d.admitted).every((d) => d.retryAfter === 55)).toBe(true);
  });

  it('opens a new window at the minute boundary', async () => {
    const who = subject(501);
    for (let i = 0; i < 10; i++) await takeRequest(store, who, defaults, MINUTE_START + 1_000);
    expect((await takeRequest(store, who, defaults, MINUTE_START + 59_999)).admitted).toBe(false);
    const next = await takeRequest(store, who, defaults, MINUTE_START + 60_000);
    expect(next.admitted).toBe(true);
    expect(next.windows[0]).toMatchObject({ scope: 'key', used: 1, remaining: 9, reset: MINUTE_START / 1000 + 120 });
  });

  it('folds each minute into the key’s usage count at the first request of a later minute, exactly', async () => {
    const who = subject(502);
    const counts = [3, 7, 2];
    let total = 0;
    for (const [minute, count] of counts.entries()) {
      for (let i = 0; i < count; i++) {
        const at = MINUTE_START + minute * 120_000 + i * 100;
        const decision = await takeRequest(store, who, defaults, at);
        await recordUsage(store, who.keyId, decision, at);
        total++;
        // The count read at any moment: the folded total plus the open window.
        expect((await readUsage(store, who.keyId)).usageCount).toBe(total);
      }
    }
    const usage = await store.getUsage(who.keyId);
    expect(usage?.usageCount).toBe(10);
    expect(usage?.openWindow).toBe(MINUTE_START / 1000 + 240);
    expect(usage?.lastUsedAt).toBe(new Date(MINUTE_START + 240_000).toISOString());
  });
});
