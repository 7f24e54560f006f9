import { isIP } from 'node:net';

/**
 * Which `Host` the local gateway answers. It listens on a loopback address, but a web page can
 * still reach it by DNS rebinding: its own name, re-pointed at 127.0.0.1 once loaded, makes the
 * browser treat the gateway as that page's origin, free to read `/local/demo-keys.json` or any
 * answer. Such a request carries the page's name in `Host`; so only loopback names and addresses
 * (`localhost` and `*.localhost`, 127.0.0.0/8, ::1), and the address the gateway was told to
 * listen on, are answered; anything else is a 421. The host the handlers build links from
 * (`requestContext.domainName`) is then always one of these.
 */

/** A Host value's name: lower case, without its port, an IPv6 literal without brackets, no final dot. */
function hostName(value: string): string {
  const text = value.trim().toLowerCase();
  const name = text.startsWith('[') ? text.slice(1, text.indexOf(']') === -1 ? undefined : text.indexOf(']')) : text.replace(/:\d*$/, '');
  return name.endsWith('.') ? name.slice(0, -1) : name;
}

function isLoopbackName(name: string): boolean {
  if (name === 'localhost' || name.endsWith('.localhost')) return true;
  const version = isIP(name);
  if (version === 4) return name.startsWith('127.');
  return version === 6 && (name === '::1' || name === '0:0:0:0:0:0:0:1' || /^::ffff:127\.\d+\.\d+\.\d+$/.test(name));
}

/** Whether the gateway answers a request with this Host (absent: HTTP/1.0, no name to trust or refuse). */
export function isServedHost(host: string | undefined, listenHost: string): boolean {
  if (host === undefined) return true;
  const name = hostName(host);
  if (isLoopbackName(name)) return true;
  const own = hostName(listenHost.includes(':') && !listenHost.startsWith('[') ? `[${listenHost}]` : listenHost);
  return own !== '0.0.0.0' && own !== '::' && name === own;
}
