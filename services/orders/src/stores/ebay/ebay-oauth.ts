import { z } from 'zod';
import type { StoreHttp } from '../http/store-http';
import { tokensFrom } from '../http/oauth-tokens';
import { StoreRefusedError, type ConnectedAccount, type StoreAccount } from '../plugin/store-plugin';
import type { EbaySettings } from './ebay-settings';

/**
 * eBay's OAuth authorization-code grant for User access tokens (developer.ebay.com, "Getting user access tokens",
 * "Using a refresh token to update a User access token"): the seller consents on auth.ebay.com to our app's scopes,
 * eBay sends them to the RuName's accept URL with `code` and our `state`; the code is traded at
 * `POST /identity/v1/oauth2/token` (Basic auth with the app's client id and secret, a form body, the RuName as
 * `redirect_uri`) for an access token of two hours and a refresh token of 18 months, which renews the access token.
 * eBay takes no PKCE.
 */
export const EBAY_SCOPES = [
  // getOrders, getShippingFulfillments, createShippingFulfillment.
  'https://api.ebay.com/oauth/api_scope/sell.fulfillment',
  // getUser: who the seller is (their immutable user id), so the same account connected again is the same store.
  'https://api.ebay.com/oauth/api_scope/commerce.identity.readonly',
] as const;

const tokensSchema = z.object({
  access_token: z.string().min(1),
  expires_in: z.number().int().positive(),
  refresh_token: z.string().min(1).optional(),
  token_type: z.string().optional(),
});
type EbayTokens = z.infer<typeof tokensSchema>;

const userSchema = z.object({ userId: z.string().min(1), username: z.string().min(1) });

const appOf = (settings: EbaySettings): { clientId: string; clientSecret: string; ruName: string } => {
  if (settings.EBAY_CLIENT_ID === '' || settings.EBAY_CLIENT_SECRET === '' || settings.EBAY_RU_NAME === '') {
    throw new StoreRefusedError('eBay cannot be connected on this server yet: its eBay app is not set up (EBAY_CLIENT_ID, EBAY_CLIENT_SECRET, EBAY_RU_NAME)');
  }
  return { clientId: settings.EBAY_CLIENT_ID, clientSecret: settings.EBAY_CLIENT_SECRET, ruName: settings.EBAY_RU_NAME };
};

/** When an access token of `expiresIn` seconds from now stops working. */
const expiryOf = (expiresIn: number): string => new Date(Date.now() + expiresIn * 1000).toISOString();

/** eBay's consent page for our app's scopes, coming back to the RuName's accept URL with `state`. */
export const ebayAuthorizeUrl = (state: string, settings: EbaySettings): string => {
  const { clientId, ruName } = appOf(settings);
  const url = new URL('/oauth2/authorize', settings.EBAY_AUTH_URL);
  url.searchParams.set('client_id', clientId);
  url.searchParams.set('redirect_uri', ruName);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('scope', EBAY_SCOPES.join(' '));
  url.searchParams.set('state', state);
  return url.toString();
};

const askToken = async (form: Record<string, string>, http: StoreHttp, settings: EbaySettings): Promise<EbayTokens> => {
  const { clientId, clientSecret } = appOf(settings);
  const answer = await http.send({
    method: 'POST',
    url: new URL('/identity/v1/oauth2/token', settings.EBAY_API_URL).toString(),
    headers: { authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`, 'utf8').toString('base64')}` },
    form,
  });
  return tokensFrom(answer, tokensSchema, 'eBay', form['grant_type'] === 'refresh_token');
};

/**
 * The seller came back from the consent page: the code is traded for the tokens, and the Identity API names the
 * seller (their immutable user id keys the store, their username names it).
 */
export const exchangeEbayCode = async (code: string, http: StoreHttp, settings: EbaySettings): Promise<ConnectedAccount & { expiresAt: string }> => {
  if (code === '') throw new StoreRefusedError('eBay did not send back an authorization code (was consent declined?)');
  const tokens = await askToken({ grant_type: 'authorization_code', code, redirect_uri: appOf(settings).ruName }, http, settings);
  if (tokens.refresh_token === undefined) throw new Error('eBay answered no refresh token for the authorization code');
  const answer = await http.send({ method: 'GET', url: new URL('/commerce/identity/v1/user/', settings.EBAY_IDENTITY_URL).toString(), headers: { authorization: `Bearer ${tokens.access_token}` } });
  const user = userSchema.safeParse(answer.body);
  if (answer.status !== 200 || !user.success) throw new Error(`eBay's Identity API did not name the seller (HTTP ${answer.status})`);
  return {
    name: `eBay seller ${user.data.username}`,
    url: settings.EBAY_API_URL.replace(/\/+$/, ''),
    storeKey: user.data.userId.toLowerCase(),
    secrets: { access_token: tokens.access_token, refresh_token: tokens.refresh_token, user_id: user.data.userId },
    expiresAt: expiryOf(tokens.expires_in),
  };
};

/** A new two hours' access token from the refresh token (which eBay keeps the same), for the scopes first granted. */
export const refreshEbayAccess = async (account: StoreAccount, http: StoreHttp, settings: EbaySettings): Promise<{ secrets: Record<string, string>; expiresAt: string }> => {
  const tokens = await askToken({ grant_type: 'refresh_token', refresh_token: account.secrets['refresh_token'] ?? '', scope: EBAY_SCOPES.join(' ') }, http, settings);
  return { secrets: { ...account.secrets, access_token: tokens.access_token }, expiresAt: expiryOf(tokens.expires_in) };
};
