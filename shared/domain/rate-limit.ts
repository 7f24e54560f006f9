import type { RateLimitStore } from '#shared/ports/rate-limit-store';

/**
 * Fixed-window rate limits: per key and minute, per workspace (team) and hour. Each window is one
 * DynamoDB counter, incremented atomically and only while under its limit (a conditional ADD), so
 * every Lambda instance counts against the same number and a refused request is not counted.
 */

export interface RateLimitDefaults {
  readonly perKeyPerMinute: number;
  readonly perWorkspacePerHour: number;
}

export const DEFAULT_RATE_LIMITS: RateLimitDefaults = { perKeyPerMinute: 1000, perWorkspacePerHour: 10_000 };

/** What is counted for one request: the key (its override, if any) and the team standing for its workspace. */
export interface RateLimitSubject {
  readonly keyId: string;
  /** The key's own per-minute limit (operator override); the default when null. */
  readonly keyLimit: number | null;
  readonly teamId: number;
  /** The team's own per-hour limit (operator override); the default when null. */
  readonly teamLimit: number | null;
}

export interface WindowState {
  readonly scope: 'key' | 'workspace';
  readonly limit: number;
  /** Requests counted in the window, this one included when admitted. */
  readonly used: number;
  readonly remaining: number;
  /** When the window ends: Unix seconds. */
  readonly reset: number;
  readonly admitted: boolean;
}

export interface RateLimitDecision {
  readonly admitted: boolean;
  /** The window the headers describe: the refused one, else the one with fewer requests left. */
  readonly binding: WindowState;
  readonly windows: readonly WindowState[];
  /** Seconds until a refused request may be retried (0 when admitted). */
  readonly retryAfter: number;
}

const MINUTE = 60;
const HOUR = 3600;

/** The start of the fixed window holding `nowMs`, in Unix seconds. */
export function windowStartOf(nowMs: number, seconds: number): number {
  const now = Math.floor(nowMs / 1000);
  return now - (now % seconds);
}

/**
 * Counts one request against both windows (in parallel: one round trip) and decides. A request
 * refused by one window may still have been counted by the other (the two counters are separate
 * items); it is then one request more against a limit that is being hit anyway.
 */
export async function takeRequest(
  store: RateLimitStore,
  subject: RateLimitSubject,
  defaults: RateLimitDefaults,
  nowMs: number,
): Promise<RateLimitDecision> {
  const keyLimit = subject.keyLimit ?? defaults.perKeyPerMinute;
  const teamLimit = subject.teamLimit ?? defaults.perWorkspacePerHour;
  const minute = windowStartOf(nowMs, MINUTE);
  const hour = windowStartOf(nowMs, HOUR);
  const [key, team] = await Promise.all([
    store.take({ kind: 'key', id: subject.keyId, windowStart: minute, windowSeconds: MINUTE }, keyLimit),
    store.take({ kind: 'team', id: String(subject.teamId), windowStart: hour, windowSeconds: HOUR }, teamLimit),
  ]);
  const windows: WindowState[] = [
    windowState('key', keyLimit, key, minute + MINUTE),
    windowState('workspace', teamLimit, team, hour + HOUR),
  ];
  return decide(windows, nowMs);
}

function windowState(scope: WindowState['scope'], limit: number, taken: { admitted: boolean; count: number }, reset: number): WindowState {
  const used = taken.admitted ? taken.count : limit;
  return { scope, limit, used, remaining: Math.max(0, limit - used), reset, admitted: taken.admitted };
}

/** The tighter window: a refused one (the later reset when both are), else the one with fewer requests left. */
export function decide(windows: readonly WindowState[], nowMs: number): RateLimitDecision {
  const refused = windows.filter((w) => !w.admitted);
  const now = Math.floor(nowMs / 1000);
  if (refused.length > 0) {
    const binding = refused.reduce((a, b) => (b.reset > a.reset ? b : a));
    return { admitted: false, binding, windows, retryAfter: Math.max(1, binding.reset - now) };
  }
  const binding = windows.reduce((a, b) => (b.remaining < a.remaining || (b.remaining === a.remaining && b.reset > a.reset) ? b : a));
  return { admitted: true, binding, windows, retryAfter: 0 };
}

/** The response headers of a decision (X-RateLimit-Reset in Unix seconds; Retry-After on a refusal). */
export function rateLimitHeaders(decision: RateLimitDecision): Record<string, string> {
  return {
    'X-RateLimit-Limit': String(decision.binding.limit),
    'X-RateLimit-Remaining': String(decision.binding.remaining),
    'X-RateLimit-Reset': String(decision.binding.reset),
    ...(decision.admitted ? {} : { 'Retry-After': String(decision.retryAfter) }),
  };
}

/**
 * Usage counting folded into the limiter's counters: the key's minute counters already count every
 * admitted request, so the first request of each new minute window (the one that finds its
 * counter at 1) moves the key's previous window into its running total and records the last use.
 * That is two writes and a read per key per active minute, none per request. Exactness: the total
 * lags by the open window (the CLI adds it when it reads), requests counted into a window after
 * the next one opened (clock skew between instances, milliseconds) are missed, and a key's last
 * window is lost if the key stays unused longer than the counters live (7 days).
 */
export async function recordUsage(store: RateLimitStore, keyId: string, decision: RateLimitDecision, nowMs: number): Promise<void> {
  const key = decision.windows.find((w) => w.scope === 'key');
  if (!key?.admitted || key.used !== 1) return;
  const windowStart = key.reset - MINUTE;
  const previous = await store.openUsageWindow(keyId, windowStart, new Date(nowMs).toISOString());
  if (previous === null || previous === windowStart) return;
  const count = await store.count({ kind: 'key', id: keyId, windowStart: previous, windowSeconds: MINUTE });
  if (count > 0) await store.addUsage(keyId, count);
}

/** A key's usage as the CLI shows it: the folded total plus the window still open. */
export async function readUsage(store: RateLimitStore, keyId: string): Promise<{ usageCount: number; lastUsedAt: string | null }> {
  const usage = await store.getUsage(keyId);
  if (!usage) return { usageCount: 0, lastUsedAt: null };
  const open =
    usage.openWindow === null ? 0 : await store.count({ kind: 'key', id: keyId, windowStart: usage.openWindow, windowSeconds: MINUTE });
  return { usageCount: usage.usageCount + open, lastUsedAt: usage.lastUsedAt };
}
