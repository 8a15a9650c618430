import { z } from 'zod';
import type { StoreHttp } from '../http/store-http';
import { StoreAuthorizationError, StoreRefusedError } from '../plugin/store-plugin';
import { isDraftApp, MARKETPLACES, type AmazonSettings, type MarketplaceCode } from './amazon-settings';

/**
 * Login with Amazon, as the SP-API's "Website authorization workflow" describes it: the seller is sent to Seller
 * Central's consent page with our application id and a state; Amazon sends them back with `spapi_oauth_code` (valid 5
 * minutes) and their `selling_partner_id`; the code is traded at LWA's token endpoint (a form, as Amazon's guides and
 * clients send it) for a refresh token (kept) and an access token of an hour, which the refresh token renews.
 */

export const lwaTokensSchema = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1).optional(),
  token_type: z.string(),
  expires_in: z.number().int().positive(),
});
export type LwaTokens = z.infer<typeof lwaTokensSchema>;

const lwaErrorSchema = z.object({ error: z.string(), error_description: z.string().optional() });

const appOf = (settings: AmazonSettings): { clientId: string; clientSecret: string } => {
  if (settings.AMAZON_CLIENT_ID === '' || settings.AMAZON_CLIENT_SECRET === '' || settings.AMAZON_APPLICATION_ID === '') {
    throw new StoreRefusedError('Amazon cannot be connected on this server yet: its Selling Partner API app is not set up (AMAZON_APPLICATION_ID, AMAZON_CLIENT_ID, AMAZON_CLIENT_SECRET)');
  }
  return { clientId: settings.AMAZON_CLIENT_ID, clientSecret: settings.AMAZON_CLIENT_SECRET };
};

/** Seller Central's consent page for our app, coming back to `redirectUri` with `state`. */
export const consentUrl = (marketplace: MarketplaceCode, state: string, redirectUri: string, settings: AmazonSettings): string => {
  appOf(settings);
  const base = settings.AMAZON_SELLER_CENTRAL_URL ?? MARKETPLACES[marketplace].sellerCentral;
  const url = new URL('/apps/authorize/consent', base);
  url.searchParams.set('application_id', settings.AMAZON_APPLICATION_ID);
  url.searchParams.set('state', state);
  url.searchParams.set('redirect_uri', redirectUri);
  if (isDraftApp(settings)) url.searchParams.set('version', 'beta');
  return url.toString();
};

const askLwa = async (fields: Record<string, string>, http: StoreHttp, settings: AmazonSettings): Promise<LwaTokens> => {
  const answer = await http.send({ method: 'POST', url: settings.AMAZON_LWA_TOKEN_URL, form: fields });
  if (answer.status === 200) {
    const tokens = lwaTokensSchema.safeParse(answer.body);
    if (tokens.success) return tokens.data;
    throw new Error(`Login with Amazon answered tokens we cannot read: ${tokens.error.issues[0]?.message ?? 'unknown shape'}`);
  }
  const error = lwaErrorSchema.safeParse(answer.body);
  const reason = error.success ? `${error.data.error}${error.data.error_description ? `: ${error.data.error_description}` : ''}` : `HTTP ${answer.status}`;
  // The grant is no longer good (the seller removed the app in Seller Central): reconnecting is the only way on.
  if (error.success && error.data.error === 'invalid_grant') throw new StoreAuthorizationError(`Amazon no longer accepts LabelDesk's authorization (${reason})`);
  if (answer.status === 400 || answer.status === 401) throw new StoreRefusedError(`Login with Amazon refused: ${reason}`);
  throw new Error(`Login with Amazon answered ${answer.status}: ${reason}`);
};

/** The consent's code traded for a refresh token and a first access token. */
export const tokensForCode = async (code: string, redirectUri: string, http: StoreHttp, settings: AmazonSettings): Promise<LwaTokens & { refresh_token: string }> => {
  const { clientId, clientSecret } = appOf(settings);
  const tokens = await askLwa({ grant_type: 'authorization_code', code, redirect_uri: redirectUri, client_id: clientId, client_secret: clientSecret }, http, settings);
  if (tokens.refresh_token === undefined) throw new Error('Login with Amazon answered no refresh token for the authorization code');
  return { ...tokens, refresh_token: tokens.refresh_token };
};

/** A new access token (an hour) from the refresh token. */
export const tokensForRefresh = (refreshToken: string, http: StoreHttp, settings: AmazonSettings): Promise<LwaTokens> => {
  const { clientId, clientSecret } = appOf(settings);
  return askLwa({ grant_type: 'refresh_token', refresh_token: refreshToken, client_id: clientId, client_secret: clientSecret }, http, settings);
};
