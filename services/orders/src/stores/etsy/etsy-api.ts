import { z } from 'zod';
import type { StoreAnswer, StoreHttp, StoreRequest } from '../http/store-http';
import { StoreAuthorizationError, StoreRefusedError, type StoreAccount } from '../plugin/store-plugin';
import type { EtsySettings } from './etsy-settings';

/** The app's keystring and shared secret, or why Etsy cannot be reached on this server. */
export const etsyAppOf = (settings: EtsySettings): { keystring: string; apiKey: string } => {
  if (settings.ETSY_KEYSTRING === '' || settings.ETSY_SHARED_SECRET === '') {
    throw new StoreRefusedError('Etsy cannot be connected on this server yet: its Etsy app is not set up (ETSY_KEYSTRING, ETSY_SHARED_SECRET)');
  }
  // "x-api-key: keystring:shared_secret" (developers.etsy.com, Requests), enforced since 9 February 2026.
  return { keystring: settings.ETSY_KEYSTRING, apiKey: `${settings.ETSY_KEYSTRING}:${settings.ETSY_SHARED_SECRET}` };
};

/** Open API v3 under the account's API host (api.etsy.com). */
export const etsyUrl = (account: Pick<StoreAccount, 'url'>, path: string, query: Record<string, string> = {}): string => {
  const url = new URL(`${account.url.replace(/\/+$/, '')}/v3/application${path}`);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  return url.toString();
};

/** Etsy's error body (`ErrorSchema`): `{error}`. */
const reasonOf = (answer: StoreAnswer): string => {
  const parsed = z.object({ error: z.string() }).safeParse(answer.body);
  return parsed.success ? parsed.data.error : `HTTP ${answer.status}`;
};

/**
 * Calls Open API v3 with the app's `x-api-key` and the connection's Bearer token (refreshed by the framework before its
 * hour is up); answers a 2xx answer, or throws: a refused token as StoreAuthorizationError (reconnect the store),
 * anything else as an error saying what Etsy said.
 */
export const callEtsy = async (http: StoreHttp, account: Pick<StoreAccount, 'url' | 'secrets'>, settings: EtsySettings, request: Omit<StoreRequest, 'headers'>): Promise<StoreAnswer> => {
  const answer = await http.send({ ...request, headers: { 'x-api-key': etsyAppOf(settings).apiKey, authorization: `Bearer ${account.secrets['access_token'] ?? ''}` } });
  if (answer.status >= 200 && answer.status < 300) return answer;
  if (answer.status === 401) throw new StoreAuthorizationError(`Etsy refused LabelDesk's access token (${reasonOf(answer)})`);
  throw new Error(`Etsy answered ${answer.status}: ${reasonOf(answer)}`);
};
