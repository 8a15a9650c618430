import { isIPv4, isIPv6 } from 'node:net';

/** Hex groups of an IPv6 address, eight of them, without leading zeros (an embedded IPv4 tail becomes two). */
const ipv6Groups = (address: string): string[] => {
  let text = address;
  const v4Tail = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4Tail) {
    const [a, b, c, d] = v4Tail.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4Tail.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const zeros = tail === undefined ? [] : Array.from({ length: 8 - left.length - right.length }, () => '0');
  return [...left, ...zeros, ...right].map((group) => parseInt(group, 16).toString(16));
};

/**
 * The unit sign-in failures are counted against: an IPv4 address, or an IPv6 client's /64 (one subscriber gets a
 * whole /64, so counting single IPv6 addresses would let them rotate past any limit). An IPv4-mapped IPv6 address
 * is its IPv4 address. Null when there is no address (a caller of the previous release sent none).
 */
export const addressBucket = (raw: string | undefined): string | null => {
  const address = (raw ?? '').trim().toLowerCase().replace(/%.*$/, '');
  if (!address) return null;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (mapped?.[1]) return mapped[1];
  if (isIPv4(address)) return address;
  if (isIPv6(address)) return `${ipv6Groups(address).slice(0, 4).join(':')}::/64`;
  return address;
};
