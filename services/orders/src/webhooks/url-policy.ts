import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { refusedAddress } from './address-policy';

export interface ResolvedTarget {
  url: URL;
  /** The checked address the request must connect to (pinned: a second DNS answer could point elsewhere). */
  address: string;
  family: 4 | 6;
}

export type TargetCheck = { ok: true; target: ResolvedTarget } | { ok: false; reason: string };

export type Resolver = (hostname: string) => Promise<Array<{ address: string; family: number }>>;

const systemResolver: Resolver = (hostname) => lookup(hostname, { all: true, verbatim: true });

/**
 * Checks a webhook URL the way it will be called: https on port 443 only, no credentials in it, and every address its host
 * resolves to public (one private answer refuses it, since the connection could pick that one). `allowPrivate`
 * (WEBHOOK_ALLOW_PRIVATE_URLS) lifts the scheme and address rules, for tests and private setups.
 */
export const checkWebhookTarget = async (raw: string, allowPrivate: boolean, resolve: Resolver = systemResolver): Promise<TargetCheck> => {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: 'must be a full URL, e.g. https://example.com/hooks' };
  }
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:')) return { ok: false, reason: 'must be an https:// URL' };
  if (url.username || url.password) return { ok: false, reason: 'must not carry a user name or password' };
  // Port 443 only: orders may reach nothing else on the internet (deploy/k8s/network-policies.yaml), and no internal
  // service on another port of a public host can be aimed at.
  if (!allowPrivate && url.port !== '' && url.port !== '443') return { ok: false, reason: 'must use the standard https port (443)' };
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let answers: Array<{ address: string; family: number }>;
  if (isIP(host)) answers = [{ address: host, family: isIP(host) }];
  else {
    try {
      answers = await resolve(host);
    } catch {
      return { ok: false, reason: `host ${host} could not be resolved` };
    }
  }
  if (answers.length === 0) return { ok: false, reason: `host ${host} could not be resolved` };
  if (!allowPrivate) {
    for (const answer of answers) {
      const refusal = refusedAddress(answer.address);
      if (refusal) return { ok: false, reason: `points to a private or reserved address (${refusal})` };
    }
  }
  const first = answers[0] as { address: string; family: number };
  return { ok: true, target: { url, address: first.address, family: first.family === 6 ? 6 : 4 } };
};
