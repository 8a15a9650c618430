import { BlockList, isIPv4, isIPv6 } from 'node:net';

/**
 * Addresses a customer's webhook URL may never reach (SSRF): this host, private networks, link-local (cloud metadata
 * at 169.254.169.254 and fd00:ec2::254), carrier-grade NAT, documentation, multicast and reserved ranges.
 */
const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12], ['192.0.0.0', 24],
  ['192.0.2.0', 24], ['192.88.99.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24], ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) blocked.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 96], ['100::', 64], ['2001:db8::', 32], ['fc00::', 7], ['fe80::', 10], ['fec0::', 10], ['ff00::', 8],
] as const) blocked.addSubnet(net, prefix, 'ipv6');

/** The IPv4 address inside an IPv4-mapped (::ffff:a.b.c.d, also written in hex) or NAT64 (64:ff9b::/96) IPv6 address. */
const embeddedIpv4 = (address: string): string | null => {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:(?:0:)?|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted?.[1]) return dotted[1];
  const hex = /^(?:::ffff:(?:0:)?|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (hex?.[1] && hex[2]) {
    const high = parseInt(hex[1], 16);
    const low = parseInt(hex[2], 16);
    return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
  }
  return null;
};

/** Why an IP address is refused as a webhook destination, or null when it is a public address. */
export const refusedAddress = (address: string): string | null => {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (isIPv4(bare)) return blocked.check(bare, 'ipv4') ? `${bare} is not a public address` : null;
  if (!isIPv6(bare)) return `${address} is not an IP address`;
  const inner = embeddedIpv4(bare);
  if (inner !== null) return blocked.check(inner, 'ipv4') ? `${bare} is not a public address` : null;
  return blocked.check(bare, 'ipv6') ? `${bare} is not a public address` : null;
};
