import { z } from 'zod';
import { StoreRefusedError, type StoreSettings } from '../plugin/store-plugin';

/** Shopify's settings, a piece of the orders environment (decision 107): the app's credentials and the API version. */
export const shopifySettings = {
  /** The app's client id (Partner dashboard → the app → Client credentials). Unset: Shopify cannot be connected. */
  SHOPIFY_API_KEY: z.string().trim().min(1).optional(),
  /** The app's client secret: signs the OAuth callback and the webhooks, and is sent to trade the code for a token. */
  SHOPIFY_API_SECRET: z.string().trim().min(1).optional(),
  /** The Admin API version asked for (Shopify supports each for a year). */
  SHOPIFY_API_VERSION: z.string().regex(/^\d{4}-\d{2}$/, 'must be a version such as 2025-10').default('2025-10'),
  /** Where a shop is reached, `{shop}` its myshopify domain; tests point it at a fake Shopify. */
  SHOPIFY_SHOP_URL: z.string().includes('{shop}', { message: 'must contain {shop}' }).default('https://{shop}'),
};
export type ShopifySettings = StoreSettings<typeof shopifySettings>;

/** The app's credentials, or a refusal naming what the server lacks. */
export const shopifyApp = (settings: ShopifySettings): { apiKey: string; apiSecret: string } => {
  if (!settings.SHOPIFY_API_KEY || !settings.SHOPIFY_API_SECRET) throw new StoreRefusedError('Shopify cannot be connected on this server yet (SHOPIFY_API_KEY and SHOPIFY_API_SECRET are not set)');
  return { apiKey: settings.SHOPIFY_API_KEY, apiSecret: settings.SHOPIFY_API_SECRET };
};

/** A shop's myshopify domain, as Shopify's OAuth documents it must look. */
export const SHOP_DOMAIN = /^[a-z0-9][a-z0-9-]*\.myshopify\.com$/;

/** The shop's base URL (https://{shop} unless the settings say otherwise). */
export const shopUrl = (settings: ShopifySettings, shop: string): string => settings.SHOPIFY_SHOP_URL.replace('{shop}', shop).replace(/\/+$/, '');
