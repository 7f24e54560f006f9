import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { Identity } from '#shared/auth/identity';
import { BadRequestError } from '#shared/errors';
import { fitToBudget, PAGE_BUDGET_BYTES } from './budget';

/**
 * Opaque, tamper-evident cursors. The payload is the position of the last row returned; the HMAC
 * covers the payload and a binding of (key, route, filters), so a cursor cannot be edited, replayed
 * by another key, or reused with other filters or on another route.
 */
export interface CursorBinding {
  readonly keyId: string;
  readonly routeId: string;
  /** The filters that shaped the result set (everything but cursor and limit). */
  readonly filters: Record<string, unknown>;
}

function canonical(value: unknown): string {
  if (value === undefined) return 'null';
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
}

function bindingDigest(binding: CursorBinding): string {
  return createHash('sha256')
    .update(canonical([binding.keyId, binding.routeId, binding.filters]))
    .digest('base64url');
}

function sign(secret: string, payload: string, binding: CursorBinding): Buffer {
  return createHmac('sha256', secret)
    .update(`${payload}.${bindingDigest(binding)}`)
    .digest();
}

export function encodeCursor(secret: string, binding: CursorBinding, position: string): string {
  const payload = Buffer.from(JSON.stringify({ v: 1, p: position }), 'utf8').toString('base64url');
  return `${payload}.${sign(secret, payload, binding).toString('base64url')}`;
}

/** Returns the position, or throws a 400 naming `cursor` when it is malformed, tampered or foreign. */
export function decodeCursor(secret: string, binding: CursorBinding, cursor: string): string {
  const invalid = () =>
    new BadRequestError(
      'cursor: invalid cursor; pass back pagination.cursor unchanged, with the same key and filters that produced it',
      'cursor',
    );
  const [payload, signature, extra] = cursor.split('.');
  if (!payload || !signature || extra !== undefined) throw invalid();
  const expected = sign(secret, payload, binding);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalid();
  try {
    const parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { v?: unknown; p?: unknown };
    if (parsed.v !== 1 || typeof parsed.p !== 'string') throw invalid();
    return parsed.p;
  } catch {
    throw invalid();
  }
}

export interface CursorPagination {
  cursor: string | null;
  has_more: boolean;
  limit: number;
}

/**
 * Runs one cursor-paginated read: decodes the cursor (400 when foreign or tampered), fetches
 * limit + 1 rows after its position, keeps the leading rows that fit the response budget
 * (PAGE_BUDGET_BYTES; at least one), and signs the position of the last row kept, so the next page
 * continues exactly where this one stopped.
 */
export async function readCursorPage<Row, Out>(options: {
  secret: string;
  binding: CursorBinding;
  cursor: string | undefined;
  limit: number;
  fetch: (after: string | undefined) => Promise<Row[]>;
  positionOf: (row: Row) => string;
  map: (row: Row) => Out;
  /** @default PAGE_BUDGET_BYTES */
  budgetBytes?: number;
}): Promise<{ data: Out[]; pagination: CursorPagination }> {
  const after = options.cursor !== undefined ? decodeCursor(options.secret, options.binding, options.cursor) : undefined;
  const rows = await options.fetch(after);
  const items = rows.slice(0, options.limit);
  const data = items.map(options.map);
  const { count } = fitToBudget(data, options.budgetBytes ?? PAGE_BUDGET_BYTES, { atLeastOne: true });
  const last = items[count - 1];
  const hasMore = rows.length > items.length || count < items.length;
  const nextPosition = hasMore && last !== undefined ? options.positionOf(last) : null;
  return {
    data: data.slice(0, count),
    pagination: {
      cursor: nextPosition === null ? null : encodeCursor(options.secret, options.binding, nextPosition),
      has_more: nextPosition !== null,
      limit: options.limit,
    },
  };
}

/**
 * One page of a cursor-paginated list route: every cursor list answers through it. The cursor is
 * bound to the API key, the route, and the list's filters: the query's members but cursor and
 * limit, plus the scope the handler resolved (its teams, its enterprise), so a cursor never
 * continues another list. `fetch` reads limit + 1 rows after the cursor's position, each with its
 * own position.
 */
export function readCursorList<Filters extends object, Row extends { readonly position: string }, Out>(
  request: {
    readonly identity: Pick<Identity, 'keyId'>;
    readonly routeId: string;
    readonly query: Filters & { readonly cursor?: string | undefined; readonly limit: number };
  },
  list: {
    readonly secret: string;
    readonly scope: Readonly<Record<string, unknown>>;
    readonly fetch: (filters: Omit<Filters, 'cursor' | 'limit'>, pageQuery: { after: string | undefined; limit: number }) => Promise<Row[]>;
    readonly map: (row: Row) => Out;
  },
): Promise<{ data: Out[]; pagination: CursorPagination }> {
  const { cursor, limit, ...filters } = request.query;
  return readCursorPage({
    secret: list.secret,
    binding: { keyId: request.identity.keyId, routeId: request.routeId, filters: { ...filters, ...list.scope } },
    cursor,
    limit,
    fetch: (after) => list.fetch(filters, { after, limit }),
    positionOf: (row) => row.position,
    map: list.map,
  });
}
