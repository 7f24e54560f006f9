import { BlockList, isIP } from 'node:net';
import { BadRequestError } from '#shared/errors';

/**
 * Where a webhook may be delivered. In the stack only `https` URLs on public addresses: the
 * address a host resolves to is checked before every send (shared/adapters/http/webhook-sender.ts
 * connects to exactly the address it checked, so a DNS answer that changes between the check and
 * the connection, DNS rebinding, cannot reach an internal address). Private, loopback, link-local,
 * shared (CGNAT), multicast, documentation and reserved ranges are refused, and with them the
 * cloud metadata endpoints (169.254.169.254, fd00:ec2::254, 100.100.100.200).
 * `allowPrivate` (WEBHOOK_ALLOW_PRIVATE_TARGETS, on under `npm start` only) also accepts `http`
 * and any address, for a receiver on the developer's machine.
 */
const BLOCKED = /* @__PURE__ */ buildBlockList();

function buildBlockList(): BlockList {
  const list = new BlockList();
  const v4: [string, number][] = [
    ['0.0.0.0', 8],
    ['10.0.0.0', 8],
    ['100.64.0.0', 10],
    ['127.0.0.0', 8],
    ['169.254.0.0', 16],
    ['172.16.0.0', 12],
    ['192.0.0.0', 24],
    ['192.0.2.0', 24],
    ['192.88.99.0', 24],
    ['192.168.0.0', 16],
    ['198.18.0.0', 15],
    ['198.51.100.0', 24],
    ['203.0.113.0', 24],
    ['224.0.0.0', 4],
    ['240.0.0.0', 4],
  ];
  for (const [net, prefix] of v4) list.addSubnet(net, prefix, 'ipv4');
  const v6: [string, number][] = [
    ['::', 128],
    ['::1', 128],
    ['100::', 64],
    ['2001:db8::', 32],
    ['fc00::', 7],
    ['fe80::', 10],
    ['fec0::', 10],
    ['ff00::', 8],
  ];
  for (const [net, prefix] of v6) list.addSubnet(net, prefix, 'ipv6');
  return list;
}

/** The IPv4 address an IPv6 address embeds (mapped ::ffff:a.b.c.d, NAT64 64:ff9b::/96, IPv4-compatible), if any. */
function embeddedIpv4(address: string): string | null {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:|64:ff9b::|::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1] as string;
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (!hex) return null;
  const hi = Number.parseInt(hex[1] as string, 16);
  const lo = Number.parseInt(hex[2] as string, 16);
  return `${hi >> 8}.${hi & 0xff}.${lo >> 8}.${lo & 0xff}`;
}

/** Whether an IP address (v4 or v6, as text) is one a webhook must never reach. */
export function isForbiddenAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  if (family === 4) return BLOCKED.check(address, 'ipv4');
  const v4 = embeddedIpv4(address);
  if (v4 !== null) return BLOCKED.check(v4, 'ipv4');
  return BLOCKED.check(address, 'ipv6');
}

export const MAX_URL_LENGTH = 2048;

/**
 * Checks a subscription URL (at subscribe time and before each send): absolute, https (http only
 * with allowPrivate), no credentials, and, when its host is an IP literal, a public one. A host
 * name is checked once resolved, at send time.
 */
export function checkTargetUrl(raw: string, allowPrivate: boolean): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new BadRequestError('url: must be an absolute URL', 'url');
  }
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:')) {
    throw new BadRequestError('url: must use https', 'url');
  }
  if (url.username || url.password) throw new BadRequestError('url: must not carry credentials', 'url');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!allowPrivate) {
    if (isIP(host) !== 0 && isForbiddenAddress(host)) {
      throw new BadRequestError('url: must not point at a private, loopback, link-local or metadata address', 'url');
    }
    if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.internal') || !host.includes('.')) {
      throw new BadRequestError('url: must name a public host', 'url');
    }
  }
  return url;
}
