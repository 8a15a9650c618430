import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { checkWebhookTarget, pinned, type ResolvedTarget } from '../../webhooks';
import { StoreRefusedError } from '../plugin/store-plugin';
import { withBackoff, type Sleep } from './backoff';

export interface StoreRequest {
  method: 'GET' | 'POST' | 'PUT';
  url: string;
  headers?: Readonly<Record<string, string>>;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as an HTML form (application/x-www-form-urlencoded), as OAuth token endpoints and Etsy's tracking take it; instead of `body`. */
  form?: Readonly<Record<string, string>>;
}

export interface StoreAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  /** The answer read as JSON (null when empty or not JSON). */
  body: unknown;
}

/** How plugins call their store: the customer webhooks' outbound rules, a deadline, and backing off on 429. */
export interface StoreHttp {
  send(request: StoreRequest): Promise<StoreAnswer>;
}

/** Bytes of a store's answer read at most (100 orders a page is a few hundred KB). */
const MAX_ANSWER_BYTES = 20 * 1024 * 1024;

const readJson = (text: string): unknown => {
  if (text.trim() === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
};

const sendOnce = (target: ResolvedTarget, request: StoreRequest, timeoutMs: number): Promise<StoreAnswer> => {
  const form = request.form === undefined ? undefined : new URLSearchParams(request.form).toString();
  const payload = form ?? (request.body === undefined ? undefined : JSON.stringify(request.body));
  const contentType = form === undefined ? 'application/json' : 'application/x-www-form-urlencoded';
  const send = target.url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<StoreAnswer>((resolve, reject) => {
    const req = send(
      target.url,
      {
        method: request.method,
        lookup: pinned(target),
        headers: {
          accept: 'application/json',
          'user-agent': 'LabelDesk-Stores/1',
          ...(payload === undefined ? {} : { 'content-type': contentType, 'content-length': String(Buffer.byteLength(payload)) }),
          ...request.headers,
        },
        timeout: timeoutMs,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let read = 0;
        res.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > MAX_ANSWER_BYTES) res.destroy(new Error(`the store's answer is larger than ${MAX_ANSWER_BYTES} bytes`));
          else chunks.push(chunk);
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: readJson(Buffer.concat(chunks).toString('utf8')) }));
        res.on('error', reject);
      },
    );
    const deadline = setTimeout(() => req.destroy(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    req.on('error', reject);
    req.on('close', () => clearTimeout(deadline));
    req.end(payload);
  });
};

export interface StoreHttpOptions {
  /** WEBHOOK_ALLOW_PRIVATE_URLS: plain http and private addresses, for tests and private setups. */
  allowPrivate: boolean;
  timeoutMs: number;
  /** Calls of one request at most while the store answers 429. */
  tries: number;
  sleep?: Sleep;
}

/**
 * Calls a seller's store as a customer's webhook is called (decision 073): https on 443 to a public address, checked
 * on every call (DNS may change) and connected to the address checked; no redirects followed. A 429 is asked again
 * after the store's Retry-After (or a doubling pause), a few times, then answered as it is.
 */
export const storeHttp = (options: StoreHttpOptions): StoreHttp => ({
  async send(request) {
    const check = await checkWebhookTarget(request.url, options.allowPrivate);
    if (!check.ok) throw new StoreRefusedError(`The store's address ${check.reason}`);
    return withBackoff(() => sendOnce(check.target, request, options.timeoutMs), { tries: options.tries, ...(options.sleep ? { sleep: options.sleep } : {}) });
  },
});
