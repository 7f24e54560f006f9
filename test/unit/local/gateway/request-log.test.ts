import fc from 'fast-check';
import { generateApiKey } from '#shared/auth/api-key';
import { formatRequestLine, keyPrefix, SHOWN_QUERY_VALUES, safeTarget } from '../../../../local/gateway/request-log';

/**
 * `npm start`'s request log line: method, path, status, duration and the key's masked prefix, and
 * never a key, a signature, a cursor or a value that could be personal data.
 */

const AT = new Date(2026, 10, 23, 9, 12, 3);

describe('formatRequestLine', () => {
  it('prints time, method, path with query, status, duration and the masked key prefix', () => {
    const key = generateApiKey();
    const line = formatRequestLine({
      method: 'GET',
      url: '/api/v1/teams/1/sessions?limit=5&cursor=eyJhbGciOi',
      status: 200,
      durationMs: 33.6,
      headers: { authorization: `Bearer ${key}` },
      at: AT,
    });

    expect(line).toBe(`09:12:03 GET /api/v1/teams/1/sessions?limit=5&cursor=… 200 34 ms ${key.slice(0, 12)}…`);
    expect(line).not.toContain(key.slice(12, 20));
  });

  it('says aborted when the client left before the answer, and - without a key', () => {
    expect(formatRequestLine({ method: 'POST', url: '/v1/responder/webhook', status: null, durationMs: 2, headers: {}, at: AT })).toBe(
      '09:12:03 POST /v1/responder/webhook aborted 2 ms -',
    );
  });
});

describe('keyPrefix', () => {
  it('takes the key from Authorization or X-API-Key, and never prints a malformed one', () => {
    const key = generateApiKey();
    expect(keyPrefix({ 'x-api-key': key })).toBe(`${key.slice(0, 12)}…`);
    expect(keyPrefix({ authorization: `bearer ${key}` })).toBe(`${key.slice(0, 12)}…`);
    expect(keyPrefix({ authorization: 'Basic dXNlcjpwYXNz' })).toBe('key?');
    expect(keyPrefix({ 'x-api-key': 'sk_live_0123456789abcdef' })).toBe('key?');
  });
});

describe('safeTarget', () => {
  it('keeps the values of parameters that hold numbers, dates and enums, and hides the rest', () => {
    expect(safeTarget('/api/scheduler-analytics?metrics=funnel,chartData&start_date=2026-01-01&team_id=4')).toBe(
      '/api/scheduler-analytics?metrics=funnel,chartData&start_date=2026-01-01&team_id=4',
    );
    expect(safeTarget('/api/x?since=2026-01-01T10:00:00Z&time_zone=America/New_York')).toBe(
      '/api/x?since=2026-01-01T10:00:00Z&time_zone=America/New_York',
    );
    expect(safeTarget('/api/calls/7/recording?expires=1767225600&signature=abcDEF_123-xyz')).toBe(
      '/api/calls/7/recording?expires=…&signature=…',
    );
    expect(safeTarget('/api/v1/teams/1/leads?phone=%2B12125550142&email=a%40b.example&external_id=web-1001')).toBe(
      '/api/v1/teams/1/leads?phone=…&email=…&external_id=…',
    );
    expect(safeTarget('/api/teams?')).toBe('/api/teams');
    expect(safeTarget('/api/teams?test_mode')).toBe('/api/teams?test_mode');
  });

  it('hides an allowed parameter whose value is not plain (no smuggling through limit=)', () => {
    expect(safeTarget('/api/sessions?limit=%2B12125550142')).toBe('/api/sessions?limit=…');
    expect(safeTarget('/api/sessions?limit=2125550142')).toBe('/api/sessions?limit=…');
    expect(safeTarget('/api/sessions?status=2125550142')).toBe('/api/sessions?status=…');
    expect(safeTarget('/api/sessions?status=a%40b.example')).toBe('/api/sessions?status=…');
    expect(safeTarget(`/api/sessions?date=${'9'.repeat(60)}`)).toBe('/api/sessions?date=…');
  });

  it('never prints a phone number, whatever the parameter', () => {
    const phone = fc.stringMatching(/^\+?1?[2-9]\d{9}$/);
    fc.assert(
      fc.property(fc.constantFrom(...SHOWN_QUERY_VALUES.keys(), 'phone', 'q'), phone, (n, value) => {
        expect(safeTarget(`/api/x?${n}=${encodeURIComponent(value)}`)).toBe(`/api/x?${n}=…`);
      }),
    );
  });

  it('never prints a query value of a parameter outside the list, whatever the value and encoding', () => {
    const name = fc.stringMatching(/^[a-z_]{1,12}$/).filter((n) => !SHOWN_QUERY_VALUES.has(n));
    const secret = fc.stringMatching(/^[A-Za-z0-9]{16,40}$/);
    fc.assert(
      fc.property(name, secret, fc.boolean(), (n, value, encode) => {
        const shown = safeTarget(`/api/x?${n}=${encode ? encodeURIComponent(`+${value}`) : value}`);
        expect(shown).toBe(`/api/x?${n}=…`);
      }),
    );
  });

  it('never contains a control character, whatever the path', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (raw) => {
        // biome-ignore lint/suspicious/noControlCharactersInRegex: the check is that none remain
        return !/[\u0000-\u001f\u007f]/.test(safeTarget(`/${raw}`));
      }),
    );
  });
});
