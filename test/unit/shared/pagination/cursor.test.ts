import { BadRequestError } from '#shared/errors';
import { decodeCursor, encodeCursor, readCursorPage } from '#shared/pagination/cursor';

const secret = 'test-secret';
const binding = { keyId: 'key_a', routeId: 'listTeamSessions', filters: { teamId: 1, status: 'booked' } };

describe('cursors', () => {
  it('round-trips the position for the same key, route and filters', () => {
    const cursor = encodeCursor(secret, binding, '2026-03-01T00:00:00.000Z#0000000001#ses_1');
    expect(decodeCursor(secret, binding, cursor)).toBe('2026-03-01T00:00:00.000Z#0000000001#ses_1');
  });

  it('does not depend on the order of filter members', () => {
    const cursor = encodeCursor(secret, binding, 'p');
    expect(decodeCursor(secret, { ...binding, filters: { status: 'booked', teamId: 1 } }, cursor)).toBe('p');
  });

  it.each([
    ['another key', { ...binding, keyId: 'key_b' }],
    ['another route', { ...binding, routeId: 'listSessions' }],
    ['other filters', { ...binding, filters: { teamId: 1, status: 'pending' } }],
  ])('refuses a cursor presented with %s', (_name, other) => {
    const cursor = encodeCursor(secret, binding, 'p');
    expect(() => decodeCursor(secret, other, cursor)).toThrow(BadRequestError);
  });

  it('refuses a cursor whose payload was edited', () => {
    const cursor = encodeCursor(secret, binding, 'p');
    const [, signature] = cursor.split('.');
    const forged = `${Buffer.from(JSON.stringify({ v: 1, p: 'z' })).toString('base64url')}.${signature}`;
    expect(() => decodeCursor(secret, binding, forged)).toThrow(/cursor/);
  });

  it.each(['', 'abc', 'a.b.c', '!!!.???'])('refuses the malformed cursor %p with a 400 naming cursor', (bad) => {
    try {
      decodeCursor(secret, binding, bad);
      throw new Error('expected a rejection');
    } catch (error) {
      expect(error).toBeInstanceOf(BadRequestError);
      expect((error as BadRequestError).field).toBe('cursor');
    }
  });

  it('signs a cursor only when there is a next page', async () => {
    const rows = ['c', 'b', 'a'];
    const fetch = async (after: string | undefined) => rows.filter((r) => after === undefined || r < after).slice(0, 3);
    const first = await readCursorPage({ secret, binding, cursor: undefined, limit: 2, fetch, positionOf: (r) => r, map: (r) => r });
    expect(first.data).toEqual(['c', 'b']);
    expect(first.pagination.has_more).toBe(true);
    const second = await readCursorPage({
      secret,
      binding,
      cursor: first.pagination.cursor ?? undefined,
      limit: 2,
      fetch,
      positionOf: (r) => r,
      map: (r) => r,
    });
    expect(second.data).toEqual(['a']);
    expect(second.pagination).toEqual({ cursor: null, has_more: false, limit: 2 });
  });
});
