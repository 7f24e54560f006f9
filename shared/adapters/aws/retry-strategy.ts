/**
 * The AWS SDK's retry strategy, configured on purpose rather than left to the default: which errors
 * are retried is the SDK's own classification (throttling, transient network errors and time-outs,
 * 5xx; never a client error), waits are exponential with full jitter (longer after a throttle, and
 * never shorter than a Retry-After the service sent), and every call has a time budget: a retry
 * that would end past it is not made, and the caller gets the last error while the function still
 * has time to answer (a 503 with Retry-After on a request path, a redelivery in a worker) instead
 * of being killed by its time-out mid-way.
 *
 * Structurally the SDK's RetryStrategyV2, so it needs no import from the SDK's internals.
 */
export interface RetryBudget {
  /** Attempts per call, the first included. */
  readonly maxAttempts: number;
  /** The longest a call may take, its attempts and waits together. */
  readonly budgetMs: number;
  /** The ceiling of the first wait after a transient error or 5xx; it doubles per retry. */
  readonly baseDelayMs: number;
  /** The ceiling of the first wait after a throttle. */
  readonly throttleBaseDelayMs: number;
  /** No wait is longer than this. */
  readonly maxDelayMs: number;
}

type RetryErrorType = 'TRANSIENT' | 'THROTTLING' | 'SERVER_ERROR' | 'CLIENT_ERROR';

interface BudgetToken {
  getRetryCount(): number;
  getRetryDelay(): number;
  /** When the call's first attempt started (epoch ms). */
  readonly startedAt: number;
}

/** What a DynamoDB call on a request path may spend: well under the API functions' 10 s time-out. */
export const REQUEST_PATH_BUDGET: RetryBudget = {
  maxAttempts: 5,
  budgetMs: 3_000,
  baseDelayMs: 50,
  throttleBaseDelayMs: 250,
  maxDelayMs: 1_000,
};

export class BudgetedRetryStrategy {
  readonly mode = 'standard';

  constructor(
    private readonly budget: RetryBudget,
    private readonly now: () => number = Date.now,
    private readonly random: () => number = Math.random,
  ) {}

  async acquireInitialRetryToken(_scope: string): Promise<BudgetToken> {
    return token(0, 0, this.now());
  }

  async refreshRetryTokenForRetry(
    previous: BudgetToken,
    errorInfo: { errorType: RetryErrorType; retryAfterHint?: Date },
  ): Promise<BudgetToken> {
    const retries = previous.getRetryCount();
    if (errorInfo.errorType === 'CLIENT_ERROR') throw new Error('not retryable: a client error');
    if (retries + 1 >= this.budget.maxAttempts) throw new Error(`not retried: ${this.budget.maxAttempts} attempts made`);
    const base = errorInfo.errorType === 'THROTTLING' ? this.budget.throttleBaseDelayMs : this.budget.baseDelayMs;
    let delay = Math.floor(this.random() * Math.min(this.budget.maxDelayMs, base * 2 ** retries));
    const hint = errorInfo.retryAfterHint ? errorInfo.retryAfterHint.getTime() - this.now() : 0;
    delay = Math.max(delay, Math.min(hint, this.budget.maxDelayMs));
    if (this.now() + delay - previous.startedAt > this.budget.budgetMs)
      throw new Error(`not retried: the ${this.budget.budgetMs} ms budget is spent`);
    return token(retries + 1, delay, previous.startedAt);
  }

  recordSuccess(_token: BudgetToken): void {}
}

function token(retryCount: number, delay: number, startedAt: number): BudgetToken {
  return { getRetryCount: () => retryCount, getRetryDelay: () => delay, startedAt };
}
