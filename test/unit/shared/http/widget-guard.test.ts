import { ForbiddenError } from '#shared/errors';
import { HttpError } from '#shared/http/errors';
import { originAllowed, requireAllowedOrigin, takeWidgetRequest, WIDGET_LIMITS } from '#shared/http/widget-guard';
import type { CounterRef, RateLimitStore } from '#shared/ports/rate-limit-store';
import { proxyEvent } from '../../../support/api-gateway-event';

const event = (origin?: string) =>
  proxyEvent({
    headers: { host: 'api.example.com', 'x-forwarded-proto': 'https', ...(origin ? { Origin: origin } : {}) },
    requestContext: { requestId: 'r', domainName: 'api.example.com', identity: { sourceIp: '203.0.113.9' } } as never,
  });

describe('allowed origins of a scheduler', () => {
  it.each([
    ['http://127.0.0.1:5173', ['http://127.0.0.1:*'], true],
    ['http://127.0.0.1', ['http://127.0.0.1:*'], true],
    ['http://127.0.0.1.evil.example:80', ['http://127.0.0.1:*'], false],
    ['https://acme.example', ['https://acme.example'], true],
    ['https://acme.example:8443', ['https://acme.example'], false],
    ['https://evil.example', ['https://acme.example', 'http://localhost:*'], false],
  ])('%s against %j: %s', (origin, allowed, expected) => {
    expect(originAllowed(origin, allowed)).toBe(expected);
  });

  it('lets the service’s own origin and requests without one through, answers CORS to an allowed origin, refuses the rest naming origin', () => {
    const scheduler = { allowed_origins: ['https://acme.example'] };
    expect(requireAllowedOrigin(event(), scheduler)).toEqual({});
    expect(requireAllowedOrigin(event('https://api.example.com'), scheduler)).toEqual({});
    expect(requireAllowedOrigin(event('https://acme.example'), scheduler)).toEqual({
      'access-control-allow-origin': 'https://acme.example',
      vary: 'origin',
    });
    expect(() => requireAllowedOrigin(event('https://evil.example'), scheduler)).toThrow(ForbiddenError);
  });
});

describe('widget rate limits', () => {
  const store = (refuse: (counter: CounterRef) => boolean) => {
    const taken: CounterRef[] = [];
    const s = {
      taken,
      async take(counter: CounterRef, limit: number) {
        taken.push(counter);
        return { admitted: !refuse(counter), count: refuse(counter) ? limit : 1 };
      },
    } as unknown as RateLimitStore & { taken: CounterRef[] };
    return s;
  };

  it('counts the client address and the scheduler, per minute', async () => {
    const s = store(() => false);
    await takeWidgetRequest(s, event(), { teamId: 2, schedulerId: 21 }, 1_800_000_030_000);
    expect(s.taken.map((c) => [c.id, c.windowSeconds, c.windowStart])).toEqual([
      ['WIDGET#CLIENT#203.0.113.9', 60, 1_800_000_000],
      ['WIDGET#SCHED#2#21', 60, 1_800_000_000],
    ]);
    expect(WIDGET_LIMITS.perClientPerMinute).toBe(120);
  });

  it('answers 429 with the seconds to wait when either counter is full', async () => {
    const s = store((c) => c.id.startsWith('WIDGET#SCHED#'));
    const refused = takeWidgetRequest(s, event(), { teamId: 2, schedulerId: 21 }, 1_800_000_030_000);
    await expect(refused).rejects.toBeInstanceOf(HttpError);
    await expect(refused).rejects.toMatchObject({
      statusCode: 429,
      message: expect.stringContaining('retry after 30 seconds'),
      retryAfterSeconds: 30,
    });
  });
});
