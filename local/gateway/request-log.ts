import type { IncomingHttpHeaders } from 'node:http';
import { maskedPrefix } from '#shared/domain/key-service';

/**
 * The one line `npm start` prints per request: time, method, path, status, duration and the key's
 * masked prefix (what `key list` shows), e.g.
 *
 *   09:12:03 GET /api/v1/teams/1/sessions?limit=5&cursor=… 200 34 ms service_1a2b…
 *
 * It never holds a key, a signature or personal data: query values are printed only for parameters
 * known to hold none (limits, dates, ids, enums) and only in the shape they take; any other value
 * (cursors, recording-link signatures, filters that could carry a phone number or an email) is `…`.
 */
export interface CompletedRequest {
  readonly method: string;
  /** The request target as received: path and query string. */
  readonly url: string;
  /** The status sent, or null when the client went away before the answer was complete. */
  readonly status: number | null;
  readonly durationMs: number;
  readonly headers: IncomingHttpHeaders;
  readonly at: Date;
}

const NUMBER = /^\d{1,6}$/;
const DATE = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;
/** Enum members, lists of them, prefixed ids (`cmp_…`), zone names: they start with a letter, so no phone number passes. */
const WORD = /^[A-Za-z_][\w.,/-]{0,39}$/;

/** Query parameters whose values are printed when they have the shape the parameter takes (numbers, dates, ids, enum members). */
export const SHOWN_QUERY_VALUES: ReadonlyMap<string, RegExp> = new Map([
  ...['limit', 'offset', 'page', 'team_id', 'enterprise_id', 'lead_id', 'call_id', 'min_score', 'max_score'].map(
    (n) => [n, NUMBER] as const,
  ),
  ...['date', 'start_date', 'end_date', 'date_from', 'date_to', 'from', 'to', 'since', 'until'].map((n) => [n, DATE] as const),
  ...[
    'status',
    'type',
    'kind',
    'sort',
    'order',
    'direction',
    'channel',
    'metrics',
    'include',
    'granularity',
    'group_by',
    'interval',
    'test_mode',
    'preflight',
    'passed',
    'event_type',
    'campaign_id',
    'rubric_id',
    'time_zone',
    'timezone',
  ].map((n) => [n, WORD] as const),
]);

export function formatRequestLine(request: CompletedRequest): string {
  const time = request.at.toTimeString().slice(0, 8);
  const status = request.status === null ? 'aborted' : String(request.status);
  return `${time} ${request.method} ${safeTarget(request.url)} ${status} ${Math.round(request.durationMs)} ms ${keyPrefix(request.headers)}`;
}

/** The path, and the query with every value that could be a secret or personal data replaced by `…`. */
export function safeTarget(url: string): string {
  const q = url.indexOf('?');
  const path = printablePath(q === -1 ? url : url.slice(0, q));
  if (q === -1) return path;
  const query = url.slice(q + 1);
  if (query === '') return path;
  const parts = query.split('&').map((part) => {
    const eq = part.indexOf('=');
    const rawName = eq === -1 ? part : part.slice(0, eq);
    const name = decodeOr(rawName);
    if (eq === -1) return printableName(name);
    const value = decodeOr(part.slice(eq + 1));
    const shown = SHOWN_QUERY_VALUES.get(name)?.test(value) === true;
    return `${printableName(name)}=${shown ? value : '…'}`;
  });
  return `${path}?${parts.join('&')}`;
}

/** `service_1a2b…` for a well-formed key, `key?` for anything else offered as one, `-` without one. */
export function keyPrefix(headers: IncomingHttpHeaders): string {
  const authorization = headers.authorization;
  const apiKey = headers['x-api-key'];
  const bearer = typeof authorization === 'string' ? /^Bearer\s+(\S+)/i.exec(authorization)?.[1] : undefined;
  const candidate = bearer ?? (typeof apiKey === 'string' ? apiKey.trim() : undefined);
  if (candidate === undefined) return authorization === undefined && apiKey === undefined ? '-' : 'key?';
  return /^service_[0-9a-f]{4}/.test(candidate) ? `${maskedPrefix(candidate)}…` : 'key?';
}

/** Longest path printed; a longer one (never a route's) is cut. */
const MAX_PATH = 200;

function printablePath(path: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes
  const clean = path.replace(/[\u0000-\u001f\u007f]/g, '?');
  return clean.length > MAX_PATH ? `${clean.slice(0, MAX_PATH)}…` : clean;
}

function decodeOr(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return raw;
  }
}

/** A parameter name as sent, unless it is odd enough to hide something (then `…` too). */
function printableName(name: string): string {
  return /^[\w.[\]-]{1,40}$/.test(name) ? name : '…';
}
