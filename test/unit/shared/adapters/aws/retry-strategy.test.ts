import { BudgetedRetryStrategy } from '#shared/adapters/aws/retry-strategy';
import { HttpVoiceProvider } from '#shared/adapters/http/http-voice-provider';
import { toHttpError } from '#shared/http/errors';
import { PermanentProviderError } from '#shared/ports/provider-errors';

const budget = { maxAttempts: 4, budgetMs: 1_000, baseDelayMs: 100, throttleBaseDelayMs: 400, maxDelayMs: 800 };

describe('the SDK retry strategy with a time budget', () => {
  it('retries throttles, 5xx and transient errors with full-jitter waits, up to its attempts', async () => {
    let now = 0;
    const strategy = new BudgetedRetryStrategy(
      { ...budget, budgetMs: 60_000 },
      () => now,
      () => 0.5,
    );
    let token = await strategy.acquireInitialRetryToken('dynamodb');
    const delays: number[] = [];
    for (const errorType of ['THROTTLING', 'SERVER_ERROR', 'TRANSIENT'] as const) {
      token = await strategy.refreshRetryTokenForRetry(token, { errorType });
      delays.push(token.getRetryDelay());
      now += token.getRetryDelay();
    }
    expect(delays).toEqual([200, 100, 200]);
    await expect(strategy.refreshRetryTokenForRetry(token, { errorType: 'THROTTLING' })).rejects.toThrow('4 attempts made');
  });

  it('never retries a client error', async () => {
    const strategy = new BudgetedRetryStrategy(budget);
    const token = await strategy.acquireInitialRetryToken('dynamodb');
    await expect(strategy.refreshRetryTokenForRetry(token, { errorType: 'CLIENT_ERROR' })).rejects.toThrow('client error');
  });

  it('makes no retry that would end past the budget, so the caller still has time to answer', async () => {
    let now = 0;
    const strategy = new BudgetedRetryStrategy(
      budget,
      () => now,
      () => 0.99,
    );
    const token = await strategy.acquireInitialRetryToken('dynamodb');
    now = 700; // the first attempt hung until its time-out
    await expect(strategy.refreshRetryTokenForRetry(token, { errorType: 'THROTTLING' })).rejects.toThrow('1000 ms budget is spent');
  });

  it('waits at least as long as a Retry-After hint, within the longest wait', async () => {
    const now = 0;
    const strategy = new BudgetedRetryStrategy(
      { ...budget, budgetMs: 60_000 },
      () => now,
      () => 0,
    );
    const token = await strategy.acquireInitialRetryToken('dynamodb');
    const next = await strategy.refreshRetryTokenForRetry(token, { errorType: 'THROTTLING', retryAfterHint: new Date(600) });
    expect(next.getRetryDelay()).toBe(600);
  });
});

describe('what a dependency failure answers', () => {
  const named = (name: string, extra: Record<string, unknown> = {}) => Object.assign(new Error(name), { name, ...extra });

  it.each([
    ['a DynamoDB throttle', named('ProvisionedThroughputExceededException')],
    ['an account throttle', named('RequestLimitExceeded')],
    ['a 5xx', named('InternalServerError', { $metadata: { httpStatusCode: 500 } })],
    ['a time-out', named('TimeoutError')],
    ['a dropped connection', Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' })],
    [
      'a transaction that kept losing conflicts',
      named('TransactionCanceledException', { CancellationReasons: [{ Code: 'None' }, { Code: 'TransactionConflict' }] }),
    ],
  ])('answers %s with 503', (_what, error) => {
    expect(toHttpError(error)).toMatchObject({ statusCode: 503, code: 'service_unavailable' });
  });

  it.each([
    [
      'a failed condition',
      named('TransactionCanceledException', { CancellationReasons: [{ Code: 'ConditionalCheckFailed' }, { Code: 'TransactionConflict' }] }),
    ],
    ['a validation error', named('ValidationException', { $metadata: { httpStatusCode: 400 } })],
    ['a plain bug', new TypeError('x is undefined')],
  ])('leaves %s to the generic 500 path', (_what, error) => {
    expect(toHttpError(error)).toBeNull();
  });
});

describe('the voice provider over HTTP', () => {
  const provider = (status: number, headers: Record<string, string> = {}) =>
    new HttpVoiceProvider(
      { baseUrl: 'https://voice.example', apiKey: 'k', assistantId: 'a', phoneNumberId: 'p' },
      async () => new Response('{}', { status, headers }),
    );
  const request = {
    idempotencyKey: 'stl-1-attempt-1',
    customerNumber: '+12125550199',
    customerName: null,
    metadata: { lead_id: 1, stl_call_id: 1, team_id: 1, attempt: 1 },
  };

  it('treats a 429 as a throttle to retry (naming its Retry-After), not as a refusal', async () => {
    const error = await provider(429, { 'retry-after': '7' })
      .placeCall(request)
      .catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(PermanentProviderError);
    expect((error as Error).message).toBe('voice provider throttled the call (429, Retry-After 7 s)');
  });

  it('still treats another 4xx as a permanent refusal', async () => {
    await expect(provider(422).placeCall(request)).rejects.toBeInstanceOf(PermanentProviderError);
  });
});
