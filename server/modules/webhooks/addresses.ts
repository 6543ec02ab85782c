import { lookup } from 'node:dns/promises';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { WEBHOOK_MESSAGES } from '@domain/webhooks';

/**
 * Private addresses a webhook may not reach unless the king allows them (docs/rules.md#webhooks):
 * a delivery is a request the server makes on the king's behalf, and a URL that names the
 * server's own loopback, its network or the cloud's metadata service (169.254.169.254) would
 * turn it into a way in.
 */
const PRIVATE = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this network"; 0.0.0.0 reaches the host itself
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, the metadata service among them
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  PRIVATE.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128],
  ['fc00::', 7], // unique local (fd00:ec2::254 is a metadata address)
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const) {
  PRIVATE.addSubnet(net, prefix, 'ipv6');
}

/** An IPv4 address written in IPv6 (::ffff:127.0.0.1, ::ffff:7f00:1) as IPv4, else null. */
function embeddedIpv4(address: string): string | null {
  const lower = address.toLowerCase();
  const dotted = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1]!;
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (hex) {
    const high = parseInt(hex[1]!, 16);
    const low = parseInt(hex[2]!, 16);
    return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
  }
  return null;
}

/** Whether an IP address (v4 or v6) is one a webhook may not reach by default. */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(bare);
  if (family === 4) return PRIVATE.check(bare, 'ipv4');
  if (family === 6) {
    const v4 = embeddedIpv4(bare);
    return v4 !== null ? PRIVATE.check(v4, 'ipv4') : PRIVATE.check(bare, 'ipv6');
  }
  // Not an address at all: refuse rather than guess.
  return true;
}

export class PrivateAddressError extends Error {
  constructor() {
    super(WEBHOOK_MESSAGES.privateAddress);
  }
}

/**
 * What is wrong with sending to `url` (a message), or null: every address its host resolves to
 * must be public unless `allowPrivate`. The check when an endpoint is saved; the sender checks
 * again at connection time (guardedLookup), since DNS may answer otherwise later.
 */
export async function urlProblem(url: string, allowPrivate: boolean): Promise<string | null> {
  if (allowPrivate) return null;
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) return isPrivateAddress(host) ? WEBHOOK_MESSAGES.privateAddress : null;
  let addresses: { address: string }[];
  try {
    addresses = await lookup(host, { all: true, verbatim: true });
  } catch {
    return WEBHOOK_MESSAGES.unresolvable;
  }
  if (!addresses.length) return WEBHOOK_MESSAGES.unresolvable;
  return addresses.some((a) => isPrivateAddress(a.address))
    ? WEBHOOK_MESSAGES.privateAddress
    : null;
}

/**
 * A `lookup` for http.request that resolves every address of the host and fails the connection
 * when any is private: the address checked is the address connected to (no gap for a DNS answer
 * that changes between a check and the connection).
 */
export const guardedLookup: LookupFunction = (hostname, options, callback) => {
  lookup(hostname, { all: true, verbatim: true, family: options.family })
    .then((addresses) => {
      if (!addresses.length) throw new Error(WEBHOOK_MESSAGES.unresolvable);
      if (addresses.some((a) => isPrivateAddress(a.address))) throw new PrivateAddressError();
      if (options.all) callback(null, addresses);
      else callback(null, addresses[0]!.address, addresses[0]!.family);
    })
    .catch((err: NodeJS.ErrnoException) => callback(err, '', 0));
};
