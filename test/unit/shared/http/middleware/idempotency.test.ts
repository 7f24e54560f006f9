import type { Context } from 'aws-lambda';
import * as z from 'zod';
import { encodeIdentity } from '#shared/auth/identity';
import { defineContract } from '#shared/contracts/contract';
import { ConflictError } from '#shared/errors';
import { createHttpHandler, type HttpResult } from '#shared/http/handler';
import type { IdempotencyGuard, RequestInput } from '#shared/http/middleware/route-request';
import { proxyEvent } from '../../../../support/api-gateway-event';
import { identity } from '../../../../support/factories';

/**
 * The idempotency middleware drives a guard that wraps the route's execution from middy's
 * before/after/onError hooks. A guard double stands in for Powertools' (the integration test
 * covers the real one on the embedded DynamoDB): what matters here is what the chain does with
 * each of the guard's answers.
 */

process.env.LOG_LEVEL = 'silent';

const context = {} as Context;
const route = defineContract({ routeId: 'getSmsCampaign', responses: { 200: () => z.unknown(), 202: () => z.unknown() } });
const request = (requestId: string) => proxyEvent({ authorizer: encodeIdentity(identity({ fieldGroups: [] })), requestId });

/** A guard that records what it saw and answers as told: run the route, replay an answer, or refuse. */
function guardThat(mode: 'executes' | { replays: HttpResult } | { refuses: Error }) {
  const seen: { input: RequestInput; outcome?: HttpResult; error?: unknown }[] = [];
  const guard: IdempotencyGuard = {
    async run(input, _context, execute) {
      const entry: { input: RequestInput; outcome?: HttpResult; error?: unknown } = { input };
      seen.push(entry);
      if (mode !== 'executes') {
        if ('replays' in mode) return mode.replays;
        throw mode.refuses;
      }
      try {
        entry.outcome = await execute();
        return entry.outcome;
      } catch (error) {
        entry.error = error;
        throw error;
      }
    },
  };
  return { guard, seen };
}

describe('the idempotency middleware', () => {
  it('hands the guard the validated request and the route’s own answer, which then goes out as JSON', async () => {
    const { guard, seen } = guardThat('executes');
    const handler = createHttpHandler(route, async () => ({ statusCode: 202, body: { id: 'c1' } }), {
      idempotency: guard,
      rateLimiter: null,
    });
    const response = await handler(request('req-a'), context);
    expect(response).toMatchObject({ statusCode: 202, headers: { 'x-request-id': 'req-a' } });
    expect(JSON.parse(response.body)).toEqual({ id: 'c1' });
    expect(seen).toHaveLength(1);
    expect(seen[0]?.input).toMatchObject({ routeId: 'getSmsCampaign', requestId: 'req-a' });
    expect(seen[0]?.outcome).toEqual({ statusCode: 202, body: { id: 'c1' } });
  });

  it('answers a replay without running the route, with this request’s id and the key’s field groups applied', async () => {
    const stored: HttpResult = {
      statusCode: 202,
      headers: { 'Idempotent-Replayed': 'true' },
      body: { id: 'c1', customer: { phone: '+14155550100' } },
    };
    const { guard } = guardThat({ replays: stored });
    let runs = 0;
    const handler = createHttpHandler(
      route,
      async () => {
        runs += 1;
        return { statusCode: 202, body: {} };
      },
      { idempotency: guard, rateLimiter: null },
    );
    const response = await handler(request('req-b'), context);
    expect(runs).toBe(0);
    expect(response.headers).toMatchObject({ 'x-request-id': 'req-b', 'Idempotent-Replayed': 'true' });
    expect(JSON.parse(response.body)).toEqual({ id: 'c1', customer: {} });
  });

  it('answers the guard’s refusal in the surface’s error body, without running the route', async () => {
    const { guard } = guardThat({ refuses: new ConflictError('Idempotency-Key: in use') });
    let runs = 0;
    const handler = createHttpHandler(
      route,
      async () => {
        runs += 1;
        return { statusCode: 202, body: {} };
      },
      { idempotency: guard, rateLimiter: null },
    );
    const response = await handler(request('req-c'), context);
    expect(runs).toBe(0);
    expect(response.statusCode).toBe(409);
    expect(JSON.parse(response.body)).toMatchObject({ success: false, request_id: 'req-c' });
  });

  it('lets the guard see the route’s error before the error is answered, so it can forget the key', async () => {
    const { guard, seen } = guardThat('executes');
    const failure = new ConflictError('already cancelled');
    const handler = createHttpHandler(route, () => Promise.reject(failure), { idempotency: guard, rateLimiter: null });
    const response = await handler(request('req-d'), context);
    expect(seen[0]?.error).toBe(failure);
    expect(response.statusCode).toBe(409);
    expect(JSON.parse(response.body)).toMatchObject({ success: false, error: 'conflict', request_id: 'req-d' });
    expect(response.body).toContain('already cancelled');
  });
});
