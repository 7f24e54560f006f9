import { isServedHost } from '../../../../local/gateway/host';

describe('the hosts the local gateway answers', () => {
  it.each([
    'localhost',
    'localhost:3000',
    'LOCALHOST:3000',
    'app.localhost:3000',
    'localhost.',
    '127.0.0.1',
    '127.0.0.1:3000',
    '127.1.2.3:80',
    '[::1]:3000',
    '[::1]',
    '[::ffff:127.0.0.1]:3000',
  ])('answers %s', (host) => {
    expect(isServedHost(host, '127.0.0.1')).toBe(true);
  });

  it.each([
    'evil.example',
    'evil.example:3000',
    '127.0.0.1.evil.example',
    'localhost.evil.example:3000',
    '10.0.0.5:3000',
    '[::2]:3000',
    '0.0.0.0:3000',
    '',
  ])('refuses %p, a name a page could re-point at this machine', (host) => {
    expect(isServedHost(host, '127.0.0.1')).toBe(false);
  });

  it('answers the address it was told to listen on, never every name when it listens on all of them', () => {
    expect(isServedHost('192.168.1.20:3000', '192.168.1.20')).toBe(true);
    expect(isServedHost('evil.example:3000', '0.0.0.0')).toBe(false);
    expect(isServedHost('evil.example:3000', '::')).toBe(false);
  });

  it('answers a request without Host (HTTP/1.0), which names nothing to re-point', () => {
    expect(isServedHost(undefined, '127.0.0.1')).toBe(true);
  });
});
