import { request as httpRequest, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import type { ResolvedTarget } from './url-policy';

export type SendResult = { statusCode: number; durationMs: number } | { error: string; durationMs: number };

/** Bytes of an endpoint's answer read at most: only its status matters. */
const MAX_ANSWER_BYTES = 64 * 1024;

/**
 * A resolver that answers only the address already checked, so the connection goes where the check looked (a DNS
 * answer changed between the check and the connection, DNS rebinding, cannot send it elsewhere). TLS still checks
 * the certificate against the URL's host name.
 */
export const pinned = (target: ResolvedTarget): LookupFunction =>
  ((_hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  }) as unknown as LookupFunction;

/**
 * POSTs one signed message. Redirects are never followed (a 3xx is an answer like any other non-2xx: the URL the
 * customer registered is the only one called), the answer's body is read only up to a small limit, and the whole
 * exchange has a deadline.
 */
export const postWebhook = (target: ResolvedTarget, headers: Record<string, string>, body: string, timeoutMs: number): Promise<SendResult> => {
  const started = Date.now();
  const elapsed = () => Date.now() - started;
  const send = target.url.protocol === 'https:' ? httpsRequest : httpRequest;
  const options: RequestOptions = {
    method: 'POST',
    lookup: pinned(target),
    headers: { ...headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), 'user-agent': 'LabelDesk-Webhooks/1' },
    timeout: timeoutMs,
    agent: false,
  };
  return new Promise<SendResult>((resolve) => {
    let settled = false;
    const finish = (result: SendResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      resolve(result);
    };
    const req = send(target.url, options, (res) => {
      let read = 0;
      res.on('data', (chunk: Buffer) => {
        read += chunk.length;
        if (read > MAX_ANSWER_BYTES) res.destroy();
      });
      const done = () => finish({ statusCode: res.statusCode ?? 0, durationMs: elapsed() });
      res.on('end', done);
      res.on('close', done);
      res.on('error', done);
    });
    const deadline = setTimeout(() => {
      req.destroy(new Error(`no answer within ${timeoutMs} ms`));
    }, timeoutMs);
    req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    req.on('error', (error) => finish({ error: error.message, durationMs: elapsed() }));
    req.end(body);
  });
};
