import { isIP } from 'node:net';
import { z } from 'zod';

/**
 * What Express's `trust proxy` is given: a hop count, or the proxies' addresses and subnets (CIDR) and proxy-addr's
 * named ranges. Only a list says *who* may set X-Forwarded-For; a hop count believes whoever connects, so it is safe
 * only when nothing but the proxy can reach the gateway (decision 039).
 */
export type TrustProxy = number | string[];

/** proxy-addr's names for the private ranges (`loopback` 127.0.0.1/8 and ::1/128, and so on). */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** Why one entry of the list is not an address, a subnet or a named range; null when it is one. */
export const trustEntryProblem = (entry: string): string | null => {
  if (NAMED_RANGES.has(entry)) return null;
  const [address = '', prefix, extra] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return `"${entry}" is not an IP address or CIDR`;
  if (prefix === undefined) return null;
  const bits = /^\d{1,3}$/.test(prefix) ? Number(prefix) : NaN;
  return bits >= 0 && bits <= (family === 4 ? 32 : 128) ? null : `"${entry}" has an invalid prefix length`;
};

/** TRUST_PROXY: a hop count (0 = trust no proxy) or a comma-separated list of proxy addresses and CIDRs. */
export const trustProxySchema = z
  .string()
  .default('0')
  .transform((text, ctx): TrustProxy => {
    const value = text.trim();
    if (/^\d+$/.test(value)) {
      const hops = Number(value);
      if (hops > 10) ctx.addIssue({ code: 'custom', message: 'a hop count must be 0 to 10' });
      return hops;
    }
    const entries = value.split(',').map((entry) => entry.trim()).filter((entry) => entry !== '');
    const problems = entries.map(trustEntryProblem).filter((problem): problem is string => problem !== null);
    if (entries.length === 0) problems.push('give a hop count or a comma-separated list of proxy addresses and CIDRs');
    for (const problem of problems) ctx.addIssue({ code: 'custom', message: problem });
    return entries;
  });
