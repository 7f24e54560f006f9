import fc from 'fast-check';
import { checkTargetUrl, isForbiddenAddress } from '#shared/domain/webhooks/target-address';

const octet = fc.integer({ min: 0, max: 255 });

describe('webhook target addresses', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.100.100.200',
    '0.0.0.0',
    '::1',
    '::',
    'fe80::1',
    'fd00:ec2::254',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:a9fe:a9fe',
    '64:ff9b::10.0.0.1',
    '224.0.0.1',
    'not-an-ip',
  ])('refuses %s', (address) => {
    expect(isForbiddenAddress(address)).toBe(true);
  });

  it.each(['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8'])('accepts public %s', (address) => {
    expect(isForbiddenAddress(address)).toBe(false);
  });

  it('refuses every address of the private IPv4 ranges, in every spelling', () => {
    fc.assert(
      fc.property(fc.constantFrom('10', '127', '169.254', '192.168'), octet, octet, octet, (prefix, a, b, c) => {
        const parts = [...prefix.split('.'), a, b, c].slice(0, 4).join('.');
        expect(isForbiddenAddress(parts)).toBe(true);
        expect(isForbiddenAddress(`::ffff:${parts}`)).toBe(true);
      }),
    );
  });

  it('in stack mode accepts only https URLs naming a public host', () => {
    expect(checkTargetUrl('https://hooks.example.com/in', false).toString()).toBe('https://hooks.example.com/in');
    for (const [url, message] of [
      ['http://hooks.example.com/in', 'url: must use https'],
      ['https://127.0.0.1/in', 'url: must not point at a private, loopback, link-local or metadata address'],
      ['https://[::1]/in', 'url: must not point at a private, loopback, link-local or metadata address'],
      ['https://169.254.169.254/latest/meta-data', 'url: must not point at a private, loopback, link-local or metadata address'],
      ['https://localhost/in', 'url: must name a public host'],
      ['https://metadata.google.internal/', 'url: must name a public host'],
      ['https://user:pw@hooks.example.com/', 'url: must not carry credentials'],
      ['not a url', 'url: must be an absolute URL'],
    ]) {
      expect(() => checkTargetUrl(url as string, false)).toThrow(message as string);
    }
  });

  it('under npm start accepts http://127.0.0.1', () => {
    expect(checkTargetUrl('http://127.0.0.1:4000/hook', true).host).toBe('127.0.0.1:4000');
  });

  it('never throws anything but a 400 for any string', () => {
    fc.assert(
      fc.property(fc.string(), fc.boolean(), (raw, allowPrivate) => {
        try {
          checkTargetUrl(raw, allowPrivate);
        } catch (error) {
          expect((error as { code?: string }).code).toBe('invalid_request');
        }
      }),
    );
  });
});
