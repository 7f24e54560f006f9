/**
 * When failed attempts are retried: Svix's schedule, seconds after the previous attempt (5 s,
 * 5 min, 30 min, 2 h, 5 h, 10 h, 10 h: eight attempts over about 28 hours). A subscription that
 * has failed every attempt for three days is disabled, whatever its deliveries' schedules.
 */
export const DEFAULT_RETRY_SCHEDULE_SECONDS: readonly number[] = [5, 300, 1800, 7200, 18000, 36000, 36000];

export const DISABLE_AFTER_FAILING_MS = 3 * 24 * 3600 * 1000;

/** Parses WEBHOOK_RETRY_SCHEDULE_SECONDS (comma-separated seconds); the default when unset. */
export function parseRetrySchedule(raw: string | undefined): readonly number[] {
  if (raw === undefined || raw.trim() === '' || raw === 'local') return DEFAULT_RETRY_SCHEDULE_SECONDS;
  const parts = raw.split(',').map((p) => Number(p.trim()));
  if (parts.some((n) => !Number.isFinite(n) || n < 0)) {
    throw new Error(`WEBHOOK_RETRY_SCHEDULE_SECONDS must be comma-separated non-negative seconds, got ${raw}`);
  }
  return parts;
}

/**
 * The delay before retry number `retry` (1 = the first retry), with ±10% jitter so that a
 * receiver that was down is not hit by every retry in the same second; null when the schedule is
 * exhausted.
 */
export function retryDelaySeconds(schedule: readonly number[], retry: number, random: () => number = Math.random): number | null {
  const base = schedule[retry - 1];
  if (base === undefined) return null;
  return Math.max(0, base * (0.9 + 0.2 * random()));
}
