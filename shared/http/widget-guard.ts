import type { APIGatewayProxyEvent } from 'aws-lambda';
import { envVar } from '#shared/config';
import type { SchedulerConfig } from '#shared/domain/schedulers';
import { ForbiddenError } from '#shared/errors';
import type { RateLimitStore } from '#shared/ports/rate-limit-store';
import { TooManyRequestsError } from './errors';
import { publicBaseUrl } from './public-base-url';

/**
 * What guards the widget's public routes in the function (the WAF's rate rule guards them at the
 * edge first): requests per client address and per scheduler per minute, and the scheduler's
 * allowed origins.
 */
export const WIDGET_LIMITS = {
  /** A person books in a few dozen requests; a page reloaded often stays well under this. */
  perClientPerMinute: limitOf('WIDGET_RATE_LIMIT_PER_CLIENT_PER_MINUTE', 120),
  /** A busy business's widget, all visitors together. */
  perSchedulerPerMinute: limitOf('WIDGET_RATE_LIMIT_PER_SCHEDULER_PER_MINUTE', 3000),
} as const;

/** An operator's override of a limit (unset in the stack: the default), read once at load; fails fast when it is not a positive integer. */
function limitOf(name: string, fallback: number): number {
  const raw = envVar(name);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer; got '${raw}'`);
  return value;
}

const WINDOW_SECONDS = 60;

/** The calling client's address as API Gateway saw it (the local gateway fills it the same way). */
function clientAddress(event: APIGatewayProxyEvent): string {
  return event.requestContext?.identity?.sourceIp || 'unknown';
}

export async function takeWidgetRequest(
  store: RateLimitStore,
  event: APIGatewayProxyEvent,
  scheduler: { teamId: number; schedulerId: number } | null,
  now: number = Date.now(),
): Promise<void> {
  const windowStart = Math.floor(now / 1000 / WINDOW_SECONDS) * WINDOW_SECONDS;
  const counters = [
    store.take(
      { kind: 'team', id: `WIDGET#CLIENT#${clientAddress(event)}`, windowStart, windowSeconds: WINDOW_SECONDS },
      WIDGET_LIMITS.perClientPerMinute,
    ),
    ...(scheduler
      ? [
          store.take(
            { kind: 'team', id: `WIDGET#SCHED#${scheduler.teamId}#${scheduler.schedulerId}`, windowStart, windowSeconds: WINDOW_SECONDS },
            WIDGET_LIMITS.perSchedulerPerMinute,
          ),
        ]
      : []),
  ];
  const results = await Promise.all(counters);
  if (results.some((r) => !r.admitted)) {
    const retryAfter = windowStart + WINDOW_SECONDS - Math.floor(now / 1000);
    throw new TooManyRequestsError(
      `Too many requests from this client or for this scheduler; retry after ${retryAfter} seconds`,
      retryAfter,
    );
  }
}

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}

/** Whether an origin matches one of the scheduler's allowed origins (`http://127.0.0.1:*` allows any port). */
export function originAllowed(origin: string, allowed: readonly string[]): boolean {
  return allowed.some((pattern) => {
    if (!pattern.endsWith(':*')) return pattern === origin;
    const base = pattern.slice(0, -2);
    return origin === base || (origin.startsWith(`${base}:`) && /^[0-9]{1,5}$/.test(origin.slice(base.length + 1)));
  });
}

/**
 * Refuses a browser request from an origin the scheduler does not allow (the widget's own frame is
 * this service's origin, always allowed), and answers the CORS header to an allowed one.
 */
export function requireAllowedOrigin(
  event: APIGatewayProxyEvent,
  scheduler: Pick<SchedulerConfig, 'allowed_origins'>,
): Record<string, string> {
  const origin = Object.entries(event.headers ?? {}).find(([name]) => name.toLowerCase() === 'origin')?.[1];
  if (!origin || origin === originOf(publicBaseUrl(event))) return {};
  if (!originAllowed(origin, scheduler.allowed_origins)) {
    throw new ForbiddenError(`origin: ${origin.slice(0, 100)} may not call this scheduler's widget`);
  }
  return { 'access-control-allow-origin': origin, vary: 'origin' };
}
