import fc from 'fast-check';
import {
  manageTokenMatches,
  manageTokenOf,
  manageUrl,
  readManageToken,
  sealedToken,
  sealManageToken,
} from '#shared/domain/appointments/manage-token';

const SECRET = 'unit-test-cursor-secret';

describe('appointment manage tokens', () => {
  it('derives, from a seal, a token whose secret matches the stored hash', () => {
    const seal = sealManageToken(SECRET, 'ses_abc');
    const token = sealedToken(SECRET, 'ses_abc', seal);
    const read = token ? readManageToken(token) : null;
    expect(read?.appointmentId).toBe('ses_abc');
    expect(read && manageTokenMatches(read.secret, seal)).toBe(true);
  });

  it('stores neither the token nor its secret in the seal', () => {
    const seal = sealManageToken(SECRET, 'ses_abc');
    const token = manageTokenOf(SECRET, 'ses_abc', seal.nonce);
    const secret = token.split('.')[1] ?? '';
    expect(JSON.stringify(seal)).not.toContain(secret);
    expect(Buffer.from(seal.nonce, 'base64url')).toHaveLength(16);
  });

  it('draws a new link for every seal of the same appointment', () => {
    const tokens = new Set(Array.from({ length: 50 }, () => sealedToken(SECRET, 'ses_abc', sealManageToken(SECRET, 'ses_abc'))));
    expect(tokens.size).toBe(50);
  });

  it('gives no token for a seal made under another key (a rotated secret)', () => {
    expect(sealedToken('another-secret', 'ses_abc', sealManageToken(SECRET, 'ses_abc'))).toBeNull();
  });

  it('refuses a token of another appointment, or with any other secret', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 43, maxLength: 43 }), (other) => {
        const seal = sealManageToken(SECRET, 'ses_abc');
        const read = readManageToken(`ses_abc.${other}`);
        return read === null || !manageTokenMatches(read.secret, seal);
      }),
    );
    const seal = sealManageToken(SECRET, 'ses_abc');
    const foreign = readManageToken(manageTokenOf(SECRET, 'ses_xyz', seal.nonce));
    expect(foreign && manageTokenMatches(foreign.secret, seal)).toBe(false);
  });

  it('reads nothing from text that is not a token', () => {
    fc.assert(fc.property(fc.string(), (text) => text.includes('.') || readManageToken(text) === null));
    expect(readManageToken('ses_abc.short')).toBeNull();
    expect(readManageToken(`bad id.${'a'.repeat(43)}`)).toBeNull();
  });

  it('builds the manage page address under the service origin', () => {
    expect(manageUrl('https://book.example.com/', 'ses_a.s')).toBe('https://book.example.com/widget/manage/ses_a.s');
  });
});
