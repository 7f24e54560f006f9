import fc from 'fast-check';
import { generateApiKey, hashApiKey, isWellFormedKey, requestCredential, sameKeyHash } from '#shared/auth/api-key';

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
    expect(requestCredential({ headers: { authorization: 'Bearer k1' } }, { allowXApiKey: false })).toEqual({ ok: true, key: 'k1' });
    expect(requestCredential({ headers: { Authorization: 'bearer k1' } }, { allowXApiKey: false })).toEqual({ ok: true, key: 'k1' });
    expect(requestCredential({ headers: { 'X-API-Key': 'k2' } }, { allowXApiKey: false })).toEqual({ ok: false, reason: 'missing' });
    expect(requestCredential({ headers: { 'X-API-Key': 'k2' } }, { allowXApiKey: true })).toEqual({ ok: true, key: 'k2' });
    expect(requestCredential({ headers: { authorization: 'Basic abc' } }, { allowXApiKey: true })).toEqual({
      ok: false,
      reason: 'malformed',
    });
    expect(requestCredential({ headers: {}, multiValueHeaders: {} }, { allowXApiKey: true })).toEqual({ ok: false, reason: 'missing' });
  });

  it('refuses two Authorization headers, whichever map shows them and whatever their values', () => {
    const a = generateApiKey();
    const b = generateApiKey();
    const refused = { ok: false, reason: 'ambiguous' };
    // API Gateway: headers holds the last value, multiValueHeaders every value.
    expect(
      requestCredential(
        { headers: { Authorization: `Bearer ${b}` }, multiValueHeaders: { Authorization: [`Bearer ${a}`, `Bearer ${b}`] } },
        { allowXApiKey: false },
      ),
    ).toEqual(refused);
    expect(
      requestCredential(
        { headers: { Authorization: `Bearer ${a}` }, multiValueHeaders: { Authorization: [`Bearer ${a}`, `Bearer ${a}`] } },
        { allowXApiKey: false },
      ),
    ).toEqual(refused);
    expect(requestCredential({ headers: { Authorization: `Bearer ${a}`, authorization: `Bearer ${b}` } }, { allowXApiKey: false })).toEqual(
      refused,
    );
    expect(
      requestCredential(
        { headers: { Authorization: `Bearer ${b}` }, multiValueHeaders: { Authorization: [`Bearer ${a}`] } },
        { allowXApiKey: false },
      ),
    ).toEqual(refused);
  });

  it('refuses Authorization and X-API-Key naming different keys on intake, and accepts them naming the same key', () => {
    const a = generateApiKey();
    const b = generateApiKey();
    const both = (auth: string, apiKey: string) =>
      requestCredential(
        { headers: { Authorization: auth, 'X-API-Key': apiKey }, multiValueHeaders: { Authorization: [auth], 'X-API-Key': [apiKey] } },
        { allowXApiKey: true },
      );
    expect(both(`Bearer ${a}`, b)).toEqual({ ok: false, reason: 'ambiguous' });
    expect(both('Bearer nope', a)).toEqual({ ok: false, reason: 'ambiguous' });
    expect(both(`Bearer ${a}`, a)).toEqual({ ok: true, key: a });
    expect(requestCredential({ multiValueHeaders: { 'x-api-key': [a, b] } }, { allowXApiKey: true })).toEqual({
      ok: false,
      reason: 'ambiguous',
    });
    // Where X-API-Key is no credential (read, platform), it is ignored.
    expect(requestCredential({ headers: { authorization: `Bearer ${a}`, 'x-api-key': b } }, { allowXApiKey: false })).toEqual({
      ok: true,
      key: a,
    });
  });

  it('returns a key only when exactly one credential value was sent, and then the one sent (property)', () => {
    const headerName = fc.constantFrom('Authorization', 'authorization', 'AUTHORIZATION', 'X-API-Key', 'x-api-key', 'Accept');
    const value = fc.oneof(
      fc.constant(`Bearer ${'a'.repeat(8)}`),
      fc.string().map((s) => `Bearer ${s}`),
      fc.string(),
      fc.constant('k1'),
    );
    fc.assert(
      fc.property(fc.array(fc.tuple(headerName, value), { maxLength: 5 }), fc.boolean(), (sent, allowXApiKey) => {
        // Build the maps the way API Gateway (and the local gateway) do: last value wins in headers.
        const headers: Record<string, string> = {};
        const multiValueHeaders: Record<string, string[]> = {};
        for (const [name, v] of sent) {
          headers[name] = v;
          multiValueHeaders[name] = [...(multiValueHeaders[name] ?? []), v];
        }
        const result = requestCredential({ headers, multiValueHeaders }, { allowXApiKey });
        const credentials = sent.filter(([name]) => {
          const lower = name.toLowerCase();
          return lower === 'authorization' || (allowXApiKey && lower === 'x-api-key');
        });
        const authorizations = sent.filter(([name]) => name.toLowerCase() === 'authorization');
        const apiKeys = credentials.length - authorizations.length;
        if (authorizations.length > 1 || apiKeys > 1) expect(result).toEqual({ ok: false, reason: 'ambiguous' });
        if (result.ok) {
          expect(credentials.length).toBeGreaterThanOrEqual(1);
          expect(credentials.length).toBeLessThanOrEqual(2);
          for (const [name, v] of credentials) {
            expect(name.toLowerCase() === 'authorization' ? v.replace(/^Bearer\s+/i, '').trim() : v.trim()).toBe(result.key);
          }
        }
      }),
    );
  });
});
