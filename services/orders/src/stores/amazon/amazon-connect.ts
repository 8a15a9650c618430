import { z } from 'zod';
import type { StoreHttp } from '../http/store-http';
import { StoreRefusedError, type ConnectedAccount, type StoreAccount } from '../plugin/store-plugin';
import { consentUrl, tokensForCode, tokensForRefresh } from './amazon-lwa';
import { MARKETPLACES, type AmazonSettings, type MarketplaceCode } from './amazon-settings';

/** What the seller chooses before being sent to Seller Central: the marketplace they sell in. */
export const amazonCredentials = z
  .object({
    // Left blank (the form's empty field) or out: Amazon.com, where most sellers are.
    marketplace: z
      .preprocess((value) => (value === undefined || value === null || (typeof value === 'string' && value.trim() === '') ? 'US' : value), z.string({ error: 'marketplace must be text: US, CA, MX or BR' }))
      .transform((value) => value.trim().toUpperCase())
      .refine((value): value is MarketplaceCode => Object.hasOwn(MARKETPLACES, value), 'marketplace must be one of US, CA, MX or BR (Amazon\'s North American marketplaces)')
      .transform((value) => value as MarketplaceCode),
  })
  .strict();
export type AmazonCredentials = z.output<typeof amazonCredentials>;

/** When an access token of `expiresIn` seconds from now stops working. */
const expiryOf = (expiresIn: number): string => new Date(Date.now() + expiresIn * 1000).toISOString();

/** Seller Central's consent page for the chosen marketplace. */
export const amazonAuthorizeUrl = (fields: AmazonCredentials, state: string, redirectUri: string, settings: AmazonSettings): string => consentUrl(fields.marketplace, state, redirectUri, settings);

/**
 * The seller came back from the consent page: `spapi_oauth_code` (Amazon's name for the code) is traded for the
 * tokens, and `selling_partner_id` names the seller; the connection is that seller in that marketplace.
 */
export const exchangeAmazonCode = async (
  callback: { code: string; redirectUri: string; fields: AmazonCredentials; query: Readonly<Record<string, string>> },
  http: StoreHttp,
  settings: AmazonSettings,
): Promise<ConnectedAccount & { expiresAt: string }> => {
  const code = callback.query['spapi_oauth_code'] ?? callback.code;
  const sellingPartnerId = callback.query['selling_partner_id'] ?? '';
  if (code === '' || !/^[A-Z0-9]{8,20}$/.test(sellingPartnerId)) throw new StoreRefusedError('Amazon did not send back an authorization for a seller account (spapi_oauth_code and selling_partner_id)');
  const tokens = await tokensForCode(code, callback.redirectUri, http, settings);
  const marketplace = MARKETPLACES[callback.fields.marketplace];
  return {
    name: `${marketplace.name} seller ${sellingPartnerId}`,
    url: settings.AMAZON_SP_API_URL.replace(/\/+$/, ''),
    storeKey: `${sellingPartnerId}/${marketplace.id}`.toLowerCase(),
    secrets: { refresh_token: tokens.refresh_token, access_token: tokens.access_token, selling_partner_id: sellingPartnerId, marketplace_id: marketplace.id },
    expiresAt: expiryOf(tokens.expires_in),
  };
};

/** A new hour's access token from the refresh token (which Amazon keeps the same). */
export const refreshAmazonAccess = async (account: StoreAccount, http: StoreHttp, settings: AmazonSettings): Promise<{ secrets: Record<string, string>; expiresAt: string }> => {
  const tokens = await tokensForRefresh(account.secrets['refresh_token'] ?? '', http, settings);
  return { secrets: { ...account.secrets, access_token: tokens.access_token, ...(tokens.refresh_token ? { refresh_token: tokens.refresh_token } : {}) }, expiresAt: expiryOf(tokens.expires_in) };
};
