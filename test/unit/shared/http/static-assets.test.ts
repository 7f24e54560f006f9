import fc from 'fast-check';
import { assetServer, escapeHtml, negotiateEncoding } from '#shared/http/static-assets';

describe('negotiateEncoding', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip;q=0.5', 'gzip'],
    ['*', 'br'],
    ['*;q=0, gzip', 'gzip'],
    ['identity', 'identity'],
    ['', 'identity'],
    [undefined, 'identity'],
    ['BR', 'br'],
    ['gzip;q=nonsense', 'identity'],
  ])('Accept-Encoding %p chooses %p', (header, expected) => {
    expect(negotiateEncoding(header)).toBe(expected);
  });

  it('never throws and always chooses one of the three, whatever the header', () => {
    fc.assert(
      fc.property(fc.option(fc.string(), { nil: undefined }), (header) => {
        expect(['br', 'gzip', 'identity']).toContain(negotiateEncoding(header));
      }),
    );
  });
});

describe('assetServer', () => {
  const console = assetServer('get-console');

  it('answers a file it serves, compressed as asked, cached for a year only under its current hash', () => {
    const version = console.versionOf('console.js');
    const current = console.serve('console.js', 'gzip', version);
    expect(current.headers).toMatchObject({ 'content-encoding': 'gzip', 'cache-control': 'public, max-age=31536000, immutable' });
    const stale = console.serve('console.js', undefined, '0000000000000000');
    expect(stale.headers?.['content-encoding']).toBeUndefined();
    expect(stale.headers?.['cache-control']).toBe('public, max-age=300');
  });

  it('answers 404 for a file it does not serve (another page’s included)', () => {
    expect(() => console.serve('scalar.js', 'br', undefined)).toThrow(expect.objectContaining({ code: 'not_found' }));
  });
});

it('escapeHtml leaves no markup in text', () => {
  fc.assert(
    fc.property(fc.string(), (text) => {
      expect(escapeHtml(text)).not.toMatch(/[<>"'&](?!#\d+;)/);
    }),
  );
});
