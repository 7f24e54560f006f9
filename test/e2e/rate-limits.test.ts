import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoRateLimitStore } from '#shared/adapters/dynamodb/rate-limit-store';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { readUsage } from '#shared/domain/rate-limit';
import { type LocalService, startLocalService } from '../../local/cli/service';
import { createTenancyFixture, type TenancyFixture } from '../support/tenancy-fixture';

/**
 * Rate limits through the local gateway, on the three surfaces, with small limits set through the
 * variables: 4 requests per key and minute, 6 per workspace and hour. Each test uses keys of its
 * own; the workspace tests a team of their own (the anchor team `own` of the other keys gets a
 * large limit of its own, which is what `admin team limits` sets).
 */
process.env.LOG_LEVEL = 'silent';
process.env.RATE_LIMIT_PER_KEY_PER_MINUTE = '4';
process.env.RATE_LIMIT_PER_WORKSPACE_PER_HOUR = '6';

let service: LocalService;
let fixture: TenancyFixture;

beforeAll(async () => {
  service = await startLocalService({ port: 0, dataDir: undefined, seed: false });
  fixture = await createTenancyFixture();
  await fixture.store.setTeamRateLimit(fixture.teams.own.id, 100_000);
});
afterAll(async () => {
  await service.stop();
  delete process.env.RATE_LIMIT_PER_KEY_PER_MINUTE;
  delete process.env.RATE_LIMIT_PER_WORKSPACE_PER_HOUR;
});

/** Fixed windows: a test that counts to a limit starts with at least 8 seconds of its minute (and hour) left. */
async function awayFromWindowEdges(): Promise<void> {
  const intoMinute = Date.now() % 60_000;
  if (intoMinute > 52_000) await new Promise((resolve) => setTimeout(resolve, 60_500 - intoMinute));
}

/**
 * Also out of an hour's last minute: there the minute and hour windows end at the same instant, so
 * which one the headers name no longer depends on what is left in each (and requests spanning the
 * hour's end start a new workspace window).
 */
async function awayFromHourEdges(): Promise<void> {
  const intoHour = Date.now() % 3_600_000;
  if (intoHour > 3_530_000) await new Promise((resolve) => setTimeout(resolve, 3_600_500 - intoHour));
  await awayFromWindowEdges();
}

interface Answer {
  status: number;
  body: Record<string, unknown>;
  limit: string | null;
  remaining: string | null;
  reset: string | null;
  retryAfter: string | null;
}

async function send(
  path: string,
  key: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  const response = await fetch(`${service.url}${path}`, {
    method: init.method ?? 'GET',
    headers: { authorization: `Bearer ${key}`, ...(init.headers ?? {}) },
    body: init.body,
  });
  return {
    status: response.status,
    body: (await response.json()) as Record<string, unknown>,
    limit: response.headers.get('x-ratelimit-limit'),
    remaining: response.headers.get('x-ratelimit-remaining'),
    reset: response.headers.get('x-ratelimit-reset'),
    retryAfter: response.headers.get('retry-after'),
  };
}

const nextMinute = () => Math.floor(Date.now() / 60_000) * 60 + 60;

describe('rate limits through the local gateway', () => {
  it('read API: counts down X-RateLimit-Remaining, then answers 429 with Retry-After and the read error body', async () => {
    const key = await fixture.createKey('enterprise', ['read:teams']);
    await awayFromWindowEdges();
    const answers: Answer[] = [];
    for (let i = 0; i < 5; i++) answers.push(await send('/api/teams', key));
    expect(answers.map((a) => [a.status, a.limit, a.remaining])).toEqual([
      [200, '4', '3'],
      [200, '4', '2'],
      [200, '4', '1'],
      [200, '4', '0'],
      [429, '4', '0'],
    ]);
    expect(answers.every((a) => a.reset === String(nextMinute()))).toBe(true);
    const refused = answers[4] as Answer;
    expect(refused.body).toEqual({
      error: 'rate_limited',
      message: expect.stringMatching(/4 requests per minute/),
      request_id: expect.any(String),
    });
    expect(Number(refused.retryAfter)).toBeGreaterThanOrEqual(1);
    expect(Number(refused.retryAfter)).toBeLessThanOrEqual(60);
  });

  it('platform API: the same headers on its answers (a 404 too) and its own error shape on the 429', async () => {
    const key = await fixture.createKey('enterprise', ['write:sms_campaigns']);
    const headers = { 'x-workspace-id': fixture.teams.own.workspaceId };
    await awayFromWindowEdges();
    const answers: Answer[] = [];
    for (let i = 0; i < 5; i++) answers.push(await send('/v1/messaging/sms/campaign/cmp_unknown', key, { headers }));
    expect(answers.map((a) => [a.status, a.remaining])).toEqual([
      [404, '3'],
      [404, '2'],
      [404, '1'],
      [404, '0'],
      [429, '0'],
    ]);
    expect(answers[4]?.body).toMatchObject({ success: false, error: 'rate_limited', request_id: expect.any(String) });
    expect(answers[4]?.retryAfter).not.toBeNull();
  });

  it('intake API: a key’s own limit applies, and a request over it is refused before its body is read', async () => {
    const key = await fixture.createKey('enterprise', ['write:leads'], { settings: { rateLimitPerMinute: 2 } });
    const post = () =>
      send('/api/outbound/speed-to-lead/ingest', key, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"not":"a lead"',
      });
    await awayFromWindowEdges();
    const answers = [await post(), await post(), await post()];
    expect(answers.map((a) => [a.status, a.limit, a.remaining])).toEqual([
      [400, '2', '1'],
      [400, '2', '0'],
      [429, '2', '0'],
    ]);
    expect(answers[2]?.body).toMatchObject({ success: false, code: 'rate_limited', request_id: expect.any(String) });
  });

  it('counts every key of a workspace against its hourly limit, and the headers name the tighter window', async () => {
    const team = fixture.teams.sibling;
    const first = await fixture.createKey('enterprise', ['read:teams'], { team });
    const second = await fixture.createKey('enterprise', ['read:teams'], { team });
    await awayFromHourEdges();
    const answers: Answer[] = [];
    for (let i = 0; i < 7; i++) answers.push(await send('/api/teams', i % 2 === 0 ? first : second));
    // Per key 4 a minute, per workspace 6 an hour: the window with fewer requests left is named (the
    // later reset on a tie), so from the fourth request on it is the workspace's.
    expect(answers.map((a) => [a.status, a.limit, a.remaining])).toEqual([
      [200, '4', '3'],
      [200, '4', '3'],
      [200, '4', '2'],
      [200, '6', '2'],
      [200, '6', '1'],
      [200, '6', '0'],
      [429, '6', '0'],
    ]);
    const hourEnd = Math.floor(Date.now() / 3_600_000) * 3600 + 3600;
    expect(answers[6]?.reset).toBe(String(hourEnd));
    expect(answers[6]?.body.message).toMatch(/6 requests per hour for this workspace/);
  }, 150_000);

  it('records the admitted requests as the key’s usage without a write per request', async () => {
    const key = await fixture.createKey('enterprise', ['read:teams']);
    await awayFromWindowEdges();
    for (let i = 0; i < 6; i++) await send('/api/teams', key);
    const me = await send('/api/v1/me', key);
    expect(me.status).toBe(429);
    const keyId = (await fixture.store.listApiKeys()).find((k) => k.keyPrefix === key.slice(0, 12))?.keyId ?? '';
    const usage = await readUsage(new DynamoRateLimitStore(getDocumentClient(), physicalTableName('limits')), keyId);
    expect(usage.usageCount).toBe(4);
    expect(usage.lastUsedAt).not.toBeNull();
  });

  it('refuses an expired key with 401, and one that expires while its policy is cached', async () => {
    const expired = await fixture.createKey('enterprise', ['read:teams'], {
      settings: { expiresAt: new Date(Date.now() - 1000).toISOString() },
    });
    const answer = await send('/api/teams', expired);
    expect(answer.status).toBe(401);
    expect(answer.body).toMatchObject({ error: 'unauthorized' });

    const expiring = await fixture.createKey('enterprise', ['read:teams'], {
      settings: { expiresAt: new Date(Date.now() + 1500).toISOString() },
    });
    expect((await send('/api/teams', expiring)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1700));
    const after = await send('/api/teams', expiring);
    expect(after.status).toBe(401);
    expect(after.body).toMatchObject({ error: 'unauthorized', message: 'Missing or invalid API key' });
  });
});
