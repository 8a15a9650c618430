import { z } from 'zod';
import type { StoreHttp } from '../http/store-http';
import { tokensFrom } from '../http/oauth-tokens';
import { StoreRefusedError, type ConnectedAccount, type StoreAccount } from '../plugin/store-plugin';
import { callEtsy, etsyAppOf, etsyUrl } from './etsy-api';
import type { EtsySettings } from './etsy-settings';

/**
 * Etsy's OAuth 2 with PKCE (developers.etsy.com, "Authentication"): the seller is sent to `etsy.com/oauth/connect` with
 * our keystring, scopes, state and an S256 code challenge, and comes back to our callback with `code` and `state`; the
 * code and its verifier are traded at `POST /v3/public/oauth/token` (a form) for an access token of an hour and a
 * refresh token of 90 days, both prefixed with the seller's user id. A refresh answers a new pair.
 */
export const ETSY_SCOPES = [
  // getShopReceipts, getShopReceipt.
  'transactions_r',
  // createReceiptShipment.
  'transactions_w',
  // getMe: the seller's shop.
  'shops_r',
] as const;

const tokensSchema = z.object({ access_token: z.string().min(1), token_type: z.string().optional(), expires_in: z.number().int().positive(), refresh_token: z.string().min(1) });
type EtsyTokens = z.infer<typeof tokensSchema>;
const meSchema = z.object({ user_id: z.number().int(), shop_id: z.number().int().nullable().optional() });
const shopSchema = z.object({ shop_id: z.number().int(), shop_name: z.string() });

const expiryOf = (expiresIn: number): string => new Date(Date.now() + expiresIn * 1000).toISOString();

/** Etsy's consent page for our scopes, coming back to `redirectUri` with `state`, bound to the PKCE challenge. */
export const etsyAuthorizeUrl = (start: { state: string; redirectUri: string; codeChallenge: string }, settings: EtsySettings): string => {
  const url = new URL(settings.ETSY_CONNECT_URL);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', etsyAppOf(settings).keystring);
  url.searchParams.set('redirect_uri', start.redirectUri);
  url.searchParams.set('scope', ETSY_SCOPES.join(' '));
  url.searchParams.set('state', start.state);
  url.searchParams.set('code_challenge', start.codeChallenge);
  url.searchParams.set('code_challenge_method', 'S256');
  return url.toString();
};

const askToken = async (form: Record<string, string>, http: StoreHttp, settings: EtsySettings): Promise<EtsyTokens> => {
  const answer = await http.send({ method: 'POST', url: new URL('/v3/public/oauth/token', settings.ETSY_API_URL).toString(), form: { ...form, client_id: etsyAppOf(settings).keystring } });
  return tokensFrom(answer, tokensSchema, 'Etsy', form['grant_type'] === 'refresh_token');
};

/** The seller came back: the code (with the PKCE verifier) traded for tokens, then their shop found (getMe, getShop). */
export const exchangeEtsyCode = async (
  callback: { code: string; redirectUri: string; codeVerifier: string },
  http: StoreHttp,
  settings: EtsySettings,
): Promise<ConnectedAccount & { expiresAt: string }> => {
  if (callback.code === '') throw new StoreRefusedError('Etsy did not send back an authorization code (was access declined?)');
  const tokens = await askToken({ grant_type: 'authorization_code', redirect_uri: callback.redirectUri, code: callback.code, code_verifier: callback.codeVerifier }, http, settings);
  const api = { url: settings.ETSY_API_URL.replace(/\/+$/, ''), secrets: { access_token: tokens.access_token } };
  const me = meSchema.parse((await callEtsy(http, api, settings, { method: 'GET', url: etsyUrl(api, '/users/me') })).body);
  if (me.shop_id === null || me.shop_id === undefined) throw new StoreRefusedError('This Etsy account has no shop to import orders from');
  const shop = shopSchema.parse((await callEtsy(http, api, settings, { method: 'GET', url: etsyUrl(api, `/shops/${me.shop_id}`) })).body);
  return {
    name: `Etsy shop ${shop.shop_name}`,
    url: api.url,
    storeKey: String(shop.shop_id),
    secrets: { access_token: tokens.access_token, refresh_token: tokens.refresh_token, shop_id: String(shop.shop_id), user_id: String(me.user_id) },
    expiresAt: expiryOf(tokens.expires_in),
  };
};

/** A new hour's access token, and the new refresh token Etsy answers with it. */
export const refreshEtsyAccess = async (account: StoreAccount, http: StoreHttp, settings: EtsySettings): Promise<{ secrets: Record<string, string>; expiresAt: string }> => {
  const tokens = await askToken({ grant_type: 'refresh_token', refresh_token: account.secrets['refresh_token'] ?? '' }, http, settings);
  return { secrets: { ...account.secrets, access_token: tokens.access_token, refresh_token: tokens.refresh_token }, expiresAt: expiryOf(tokens.expires_in) };
};
