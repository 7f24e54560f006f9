import * as fc from 'fast-check';
import { RECORDING_LINK_TTL_SECONDS, type RecordingLinkClaims, signRecordingLink, verifyRecordingLink } from '#shared/auth/recording-link';
import { recordingLinkQuery } from '#shared/contracts/call-recordings';

const SECRET = 'unit-test-cursor-secret';
const NOW = new Date('2026-03-02T10:00:00.000Z');

/** What the route reads back from a link: its path's call id and its query, through the route's contract. */
function parse(url: string): { claims: RecordingLinkClaims; signature: string } {
  const parsed = new URL(url);
  const match = /\/api\/calls\/([^/]+)\/recording$/.exec(parsed.pathname);
  if (!match?.[1]) throw new Error(`not a recording link: ${parsed.pathname}`);
  const query = recordingLinkQuery.parse(Object.fromEntries(parsed.searchParams));
  return {
    claims: { callId: decodeURIComponent(match[1]), teamId: query.team_id, keyId: query.key, expires: query.expires },
    signature: query.signature,
  };
}

const callIds = fc.uuid();
const teamIds = fc.integer({ min: 1, max: 1_000_000 });
const keyIds = fc.stringMatching(/^key_[0-9a-f]{16}$/);

describe('recording links', () => {
  it('signs a link for the read API that verifies for RECORDING_LINK_TTL_SECONDS, then expires', () => {
    const link = signRecordingLink({
      callId: 'c3f1a2b4-0000-4000-8000-000000000001',
      teamId: 7,
      keyId: 'key_0123456789abcdef',
      now: NOW,
      baseUrl: 'https://read.example.com/prod/',
      secret: SECRET,
    });
    expect(
      link.url.startsWith(
        'https://read.example.com/prod/api/calls/c3f1a2b4-0000-4000-8000-000000000001/recording?team_id=7&key=key_0123456789abcdef&expires=',
      ),
    ).toBe(true);
    expect(link.expires_at).toBe(new Date(NOW.getTime() + RECORDING_LINK_TTL_SECONDS * 1000).toISOString());
    const { claims, signature } = parse(link.url);
    expect(verifyRecordingLink(SECRET, claims, signature, NOW)).toEqual({ ok: true, claims });
    const lastSecond = new Date(NOW.getTime() + RECORDING_LINK_TTL_SECONDS * 1000);
    expect(verifyRecordingLink(SECRET, claims, signature, lastSecond).ok).toBe(true);
    const after = new Date(lastSecond.getTime() + 1000);
    expect(verifyRecordingLink(SECRET, claims, signature, after)).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuses a link signed with another secret', () => {
    const link = signRecordingLink({
      callId: 'c1',
      teamId: 1,
      keyId: 'key_0123456789abcdef',
      now: NOW,
      baseUrl: 'http://x',
      secret: 'other',
    });
    const { claims, signature } = parse(link.url);
    expect(verifyRecordingLink(SECRET, claims, signature, NOW)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('any change of any member breaks the signature (an edited expiry is invalid, not expired)', () => {
    fc.assert(
      fc.property(
        callIds,
        teamIds,
        keyIds,
        fc.constantFrom('callId', 'teamId', 'keyId', 'expires', 'signature'),
        callIds,
        teamIds,
        keyIds,
        fc.integer({ min: -1_000_000, max: 1_000_000 }).filter((d) => d !== 0),
        fc.integer({ min: 0, max: 42 }),
        (callId, teamId, keyId, member, otherCall, otherTeam, otherKey, shift, position) => {
          const link = signRecordingLink({ callId, teamId, keyId, now: NOW, baseUrl: 'https://api.example.com', secret: SECRET });
          const { claims, signature } = parse(link.url);
          expect(verifyRecordingLink(SECRET, claims, signature, NOW).ok).toBe(true);
          let edited = claims;
          let editedSignature = signature;
          switch (member) {
            case 'callId':
              fc.pre(otherCall !== callId);
              edited = { ...claims, callId: otherCall };
              break;
            case 'teamId':
              fc.pre(otherTeam !== teamId);
              edited = { ...claims, teamId: otherTeam };
              break;
            case 'keyId':
              fc.pre(otherKey !== keyId);
              edited = { ...claims, keyId: otherKey };
              break;
            case 'expires':
              edited = { ...claims, expires: claims.expires + shift };
              break;
            case 'signature': {
              const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
              const current = signature[position] ?? 'A';
              const replacement = alphabet[(alphabet.indexOf(current) + 1 + (Math.abs(shift) % 63)) % 64] ?? 'A';
              editedSignature = `${signature.slice(0, position)}${replacement}${signature.slice(position + 1)}`;
              fc.pre(editedSignature !== signature);
              break;
            }
          }
          expect(verifyRecordingLink(SECRET, edited, editedSignature, NOW)).toEqual({ ok: false, reason: 'invalid' });
        },
      ),
      { numRuns: 500 },
    );
  });

  it('never throws on a signature of any shape', () => {
    const claims: RecordingLinkClaims = { callId: 'c', teamId: 1, keyId: 'key_0123456789abcdef', expires: 2_000_000_000 };
    fc.assert(
      fc.property(fc.string({ maxLength: 100 }), (signature) => {
        expect(verifyRecordingLink(SECRET, claims, signature, NOW).ok).toBe(false);
      }),
    );
  });
});
