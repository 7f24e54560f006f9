import { extractApiKey, generateApiKey, hashApiKey, isWellFormedKey, sameKeyHash } from '../../shared/auth/api-key';

describe('API keys', () => {
  it('generates service_ plus 64 lowercase hex characters', () => {
    const key = generateApiKey();
    expect(key).toMatch(/^service_[0-9a-f]{64}$/);
    expect(isWellFormedKey(key)).toBe(true);
  });

  it.each(['service_abc', `service_${'A'.repeat(64)}`, `key_${'a'.repeat(64)}`, `service_${'a'.repeat(65)}`])(
    'rejects the malformed key %p',
    (key) => {
      expect(isWellFormedKey(key)).toBe(false);
    },
  );

  it('compares hashes in constant time and tells different keys apart', () => {
    const a = hashApiKey(generateApiKey());
    expect(sameKeyHash(a, a)).toBe(true);
    expect(sameKeyHash(a, hashApiKey(generateApiKey()))).toBe(false);
    expect(sameKeyHash(a, 'short')).toBe(false);
  });

  it('reads a bearer key case-insensitively and X-API-Key only where allowed', () => {
    expect(extractApiKey({ authorization: 'Bearer k1' }, { allowXApiKey: false })).toBe('k1');
    expect(extractApiKey({ Authorization: 'bearer k1' }, { allowXApiKey: false })).toBe('k1');
    expect(extractApiKey({ 'X-API-Key': 'k2' }, { allowXApiKey: false })).toBeNull();
    expect(extractApiKey({ 'X-API-Key': 'k2' }, { allowXApiKey: true })).toBe('k2');
    expect(extractApiKey({ authorization: 'Basic abc' }, { allowXApiKey: true })).toBeNull();
  });
});
