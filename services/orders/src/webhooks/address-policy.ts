import ipaddr from 'ipaddr.js';
import { isIPv4, isIPv6 } from 'node:net';

/**
 * Addresses a customer's webhook URL may never reach (SSRF), decision 073: every address outside the ordinary unicast
 * space. The list is not ours: `ipaddr.js`'s `range()` names the ranges of the IANA IPv4 and IPv6 Special-Purpose
 * Address Registries (private, loopback, link-local with the cloud metadata at 169.254.169.254 and fd00:ec2::254,
 * carrier-grade NAT, documentation, benchmarking, multicast, reserved, and every IPv6 form that embeds an IPv4 address:
 * IPv4-mapped, SIIT, NAT64 64:ff9b::/96, 6to4 2002::/16, Teredo 2001::/32). Only what it calls `unicast` is allowed.
 */
const allowedRange = 'unicast';

/**
 * Registry entries `ipaddr.js`'s list lags behind or is recent in: the local-use NAT64 prefix 64:ff9b:1::/48 (RFC 8215,
 * named only since ipaddr.js 2.5) and the dummy prefix 100:0:0:1::/64 (RFC 9780, not named). Each with its registry name.
 */
const registryEntriesLagging: ReadonlyArray<readonly [string, string]> = [
  ['64:ff9b:1::/48', 'IPv4-IPv6 Translat. (RFC 8215)'],
  ['100:0:0:1::/64', 'Dummy IPv6 Prefix (RFC 9780)'],
];
const lagging = registryEntriesLagging.map(([cidr, name]) => [ipaddr.IPv6.parseCIDR(cidr), name] as const);

/**
 * IANA hands out IPv6 unicast only from 2000::/3 (the IPv6 Address Space registry): anything else that is not named
 * above, e.g. the deprecated IPv4-compatible ::a.b.c.d, is "Reserved by IETF" and refused too.
 */
const globalUnicast = ipaddr.IPv6.parseCIDR('2000::/3');

/** Why an IP address is refused as a webhook destination, or null when it is a public address. */
export const refusedAddress = (address: string): string | null => {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (!isIPv4(bare) && !isIPv6(bare)) return `${address} is not an IP address`;
  const parsed = ipaddr.parse(bare);
  const range = parsed.range();
  if (range !== allowedRange) return `${bare} is not a public address (${range})`;
  if (parsed.kind() === 'ipv6') {
    const entry = lagging.find(([cidr]) => parsed.match(cidr));
    if (entry) return `${bare} is not a public address (${entry[1]})`;
    if (!parsed.match(globalUnicast)) return `${bare} is not a public address (outside global unicast 2000::/3)`;
  }
  return null;
};
