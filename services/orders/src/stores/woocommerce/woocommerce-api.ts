import { z } from 'zod';
import type { StoreAccount } from '../plugin/store-plugin';
import { StoreRefusedError } from '../plugin/store-plugin';
import type { StoreAnswer, StoreHttp, StoreRequest } from '../http/store-http';

/** WooCommerce REST API v3 under the store's address (which may be a sub-folder of the site). */
export const wooUrl = (storeUrl: string, path: string, query: Record<string, string> = {}): string => {
  const url = new URL(`${storeUrl.replace(/\/+$/, '')}/wp-json/wc/v3${path}`);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  return url.toString();
};

/** HTTP Basic auth with the consumer key and secret, as WooCommerce documents it over HTTPS. */
const basic = (account: StoreAccount): string =>
  `Basic ${Buffer.from(`${account.secrets['consumer_key'] ?? ''}:${account.secrets['consumer_secret'] ?? ''}`, 'utf8').toString('base64')}`;

/** WooCommerce's error body: `{code, message, data: {status}}`. */
const reasonOf = (answer: StoreAnswer): string => {
  const parsed = z.object({ code: z.string().optional(), message: z.string() }).safeParse(answer.body);
  return parsed.success ? parsed.data.message : `HTTP ${answer.status}`;
};

/** Calls the store's API; answers the 2xx answer, or throws: a refusal of the keys as StoreRefusedError, anything else as an error saying what WooCommerce said. */
export const callWoo = async (http: StoreHttp, account: StoreAccount, request: Omit<StoreRequest, 'headers'>): Promise<StoreAnswer> => {
  const answer = await http.send({ ...request, headers: { authorization: basic(account) } });
  if (answer.status >= 200 && answer.status < 300) return answer;
  if (answer.status === 401 || answer.status === 403) throw new StoreRefusedError(`WooCommerce refused the API keys: ${reasonOf(answer)}`);
  if (answer.status === 404 && request.method === 'GET' && /\/orders$/.test(new URL(request.url).pathname)) {
    throw new StoreRefusedError(`No WooCommerce REST API at ${account.url} (is WooCommerce installed, with pretty permalinks?)`);
  }
  throw new Error(`WooCommerce answered ${answer.status}: ${reasonOf(answer)}`);
};
