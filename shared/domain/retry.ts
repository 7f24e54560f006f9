/**
 * Retries a transient failure with exponential backoff and full jitter (AWS Architecture Blog,
 * "Exponential Backoff And Jitter"): the wait before retry n is random in [0, base·2ⁿ], capped.
 */
export async function withRetries<T>(
  operation: () => Promise<T>,
  options: {
    attempts: number;
    baseDelayMs: number;
    maxDelayMs?: number;
    isRetryable: (error: unknown) => boolean;
    sleep?: (ms: number) => Promise<void>;
    random?: () => number;
  },
): Promise<T> {
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const random = options.random ?? Math.random;
  for (let attempt = 1; ; attempt++) {
    try {
      return await operation();
    } catch (error) {
      if (attempt >= options.attempts || !options.isRetryable(error)) throw error;
      const ceiling = Math.min(options.maxDelayMs ?? 5_000, options.baseDelayMs * 2 ** (attempt - 1));
      await sleep(Math.floor(random() * ceiling));
    }
  }
}
