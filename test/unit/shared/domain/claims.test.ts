import { claimToken, isAbandoned } from '#shared/domain/claims';

describe('isAbandoned', () => {
  const now = new Date('2026-11-22T12:00:00.000Z');
  const justNow = new Date(now.getTime() - 1_000).toISOString();
  const maxRunMs = 120_000;

  it('treats a claim of an earlier receive of the same message as abandoned at once', () => {
    const claim = { token: claimToken({ messageId: 'abc-1', receiveCount: 2 }), claimedAt: justNow };
    expect(isAbandoned(claim, { messageId: 'abc-1', receiveCount: 3 }, now, maxRunMs)).toBe(true);
  });

  it('leaves a recent claim of the same receive, of another message, or of a later receive alone', () => {
    const token = claimToken({ messageId: 'abc-1', receiveCount: 2 });
    expect(isAbandoned({ token, claimedAt: justNow }, { messageId: 'abc-1', receiveCount: 2 }, now, maxRunMs)).toBe(false);
    expect(isAbandoned({ token, claimedAt: justNow }, { messageId: 'other', receiveCount: 9 }, now, maxRunMs)).toBe(false);
    expect(isAbandoned({ token, claimedAt: justNow }, { messageId: 'abc-1', receiveCount: 1 }, now, maxRunMs)).toBe(false);
  });

  it('treats any claim older than a worker may run as abandoned', () => {
    const old = new Date(now.getTime() - maxRunMs - 1).toISOString();
    const token = claimToken({ messageId: 'other', receiveCount: 1 });
    expect(isAbandoned({ token, claimedAt: old }, { messageId: 'abc-1', receiveCount: 1 }, now, maxRunMs)).toBe(true);
    expect(isAbandoned({ token: null, claimedAt: old }, { messageId: 'abc-1', receiveCount: 1 }, now, maxRunMs)).toBe(true);
  });

  it('reads message ids that contain the separator', () => {
    const claim = { token: claimToken({ messageId: 'a#b#c', receiveCount: 4 }), claimedAt: justNow };
    expect(isAbandoned(claim, { messageId: 'a#b#c', receiveCount: 5 }, now, maxRunMs)).toBe(true);
    expect(isAbandoned(claim, { messageId: 'a#b', receiveCount: 5 }, now, maxRunMs)).toBe(false);
  });
});
