import { z } from 'zod';
import type { StoreAnswer, StoreHttp, StoreRequest } from '../http/store-http';
import { StoreAuthorizationError, type StoreAccount } from '../plugin/store-plugin';

/** An eBay REST API's address: the account's API host (api.ebay.com) and the path. */
export const ebayUrl = (account: StoreAccount, path: string, query: Record<string, string> = {}): string => {
  const url = new URL(`${account.url.replace(/\/+$/, '')}${path}`);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  return url.toString();
};

/** eBay's error body: `{errors: [{errorId, domain, category, message, longMessage}]}`. */
const errorsSchema = z.object({ errors: z.array(z.object({ errorId: z.number().optional(), message: z.string().optional(), longMessage: z.string().optional() })).min(1) });

export const ebayReasonOf = (answer: StoreAnswer): string => {
  const parsed = errorsSchema.safeParse(answer.body);
  const first = parsed.success ? parsed.data.errors[0] : undefined;
  if (!first?.message) return `HTTP ${answer.status}`;
  return first.errorId === undefined ? first.message : `${first.message} (${first.errorId})`;
};

/**
 * Calls an eBay REST API with the connection's User access token (refreshed by the framework before it expires);
 * answers a 2xx answer, or throws: a refused token as StoreAuthorizationError (the seller took the app's access back,
 * or the token died early: reconnecting is the way on), anything else as an error saying what eBay said.
 */
export const callEbay = async (http: StoreHttp, account: StoreAccount, request: Omit<StoreRequest, 'headers'>): Promise<StoreAnswer> => {
  const answer = await http.send({ ...request, headers: { authorization: `Bearer ${account.secrets['access_token'] ?? ''}` } });
  if (answer.status >= 200 && answer.status < 300) return answer;
  if (answer.status === 401) throw new StoreAuthorizationError(`eBay refused LabelDesk's access token (${ebayReasonOf(answer)})`);
  throw new Error(`eBay answered ${answer.status}: ${ebayReasonOf(answer)}`);
};
