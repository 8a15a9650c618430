import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { StoreHttp } from '../http/store-http';
import { StoreRefusedError, type ConnectedAccount, type StoreOAuth } from '../plugin/store-plugin';
import { shopifyGraphql } from './shopify-api';
import { SHOP_QUERY } from './shopify-queries';
import { SHOP_DOMAIN, shopifyApp, shopUrl, type ShopifySettings } from './shopify-settings';

/** The access scopes asked for: read orders, and read and fulfil the fulfillment orders of the merchant's own locations. */
export const SHOPIFY_SCOPES = 'read_orders,read_merchant_managed_fulfillment_orders,write_merchant_managed_fulfillment_orders';
/** A callback older than this is refused (Shopify signs its timestamp). */
const CALLBACK_MAX_AGE_S = 24 * 3600;

const sameText = (a: string, b: string): boolean => {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
};

/**
 * Shopify's signature on the OAuth callback: the query without `hmac`, its parameters sorted by name and joined as
 * `name=value&…`, HMAC-SHA256 with the app's secret, in hex.
 */
export const callbackHmac = (query: Readonly<Record<string, string>>, secret: string): string =>
  createHmac('sha256', secret)
    .update(
      Object.entries(query)
        .filter(([name]) => name !== 'hmac' && name !== 'signature')
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([name, value]) => `${name}=${value}`)
        .join('&'),
    )
    .digest('hex');

export const verifyShopifyCallback = (query: Readonly<Record<string, string>>, settings: ShopifySettings, now = Date.now()): boolean => {
  const { hmac, timestamp, shop } = query;
  if (!hmac || !timestamp || !shop || !SHOP_DOMAIN.test(shop) || !settings.SHOPIFY_API_SECRET) return false;
  if (Math.abs(now / 1000 - Number(timestamp)) > CALLBACK_MAX_AGE_S) return false;
  return sameText(callbackHmac(query, settings.SHOPIFY_API_SECRET), hmac.toLowerCase());
};

const tokenSchema = z.object({ access_token: z.string().min(1), scope: z.string() });
const shopSchema = z.object({ shop: z.object({ name: z.string(), myshopifyDomain: z.string() }) });

export const shopifyOAuth: StoreOAuth<{ shop: string }, ShopifySettings> = {
  authorizeUrl({ state, redirectUri, fields }, settings) {
    const { apiKey } = shopifyApp(settings);
    const url = new URL(`${shopUrl(settings, fields.shop)}/admin/oauth/authorize`);
    url.searchParams.set('client_id', apiKey);
    url.searchParams.set('scope', SHOPIFY_SCOPES);
    url.searchParams.set('redirect_uri', redirectUri);
    url.searchParams.set('state', state);
    return url.toString();
  },
  verifyCallback: (query, settings) => verifyShopifyCallback(query, settings),
  /** `POST /admin/oauth/access_token` on the shop the seller named (the callback's shop must be it): an offline token, which does not expire. */
  async exchange({ code, fields, query }, http: StoreHttp, settings): Promise<ConnectedAccount> {
    if (query['shop'] !== fields.shop) throw new StoreRefusedError(`Shopify sent the seller back from ${query['shop'] ?? 'no shop'}, not ${fields.shop}: connect the store again`);
    const { apiKey, apiSecret } = shopifyApp(settings);
    const url = shopUrl(settings, fields.shop);
    const answer = await http.send({ method: 'POST', url: `${url}/admin/oauth/access_token`, body: { client_id: apiKey, client_secret: apiSecret, code } });
    const token = tokenSchema.safeParse(answer.body);
    if (answer.status === 400 || answer.status === 401 || answer.status === 403) throw new StoreRefusedError(`Shopify refused the authorisation code (HTTP ${answer.status}): connect the store again`);
    if (!token.success) throw new Error(`Shopify answered ${answer.status} without an access token`);
    const granted = new Set(token.data.scope.split(','));
    const missing = SHOPIFY_SCOPES.split(',').filter((scope) => !granted.has(scope) && !granted.has(scope.replace(/^read_/, 'write_')));
    if (missing.length > 0) throw new StoreRefusedError(`Shopify did not grant ${missing.join(', ')}: connect the store again and approve every permission`);
    const account = { url, secrets: { access_token: token.data.access_token } };
    const shop = shopSchema.parse(await shopifyGraphql(http, account, settings, SHOP_QUERY, {}));
    return { ...account, name: shop.shop.name, storeKey: fields.shop, expiresAt: null };
  },
};
