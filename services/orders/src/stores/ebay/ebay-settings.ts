import { z } from 'zod';

/**
 * The app LabelDesk registers with eBay (developer.ebay.com → Application Keys, production): its client id (App ID)
 * and secret (Cert ID), and its RuName, eBay's name for the redirect URL, whose "auth accepted URL" is set in eBay's
 * portal to `{PUBLIC_URL}/api/stores/callback/ebay`. Without them eBay cannot be connected. The three addresses are
 * eBay's production hosts (sign-in, the APIs, the Identity API); tests point them at the fake eBay.
 */
export const ebaySettingsShape = {
  EBAY_CLIENT_ID: z.string().trim().default(''),
  EBAY_CLIENT_SECRET: z.string().trim().default(''),
  EBAY_RU_NAME: z.string().trim().default(''),
  EBAY_AUTH_URL: z.url().default('https://auth.ebay.com'),
  EBAY_API_URL: z.url().default('https://api.ebay.com'),
  EBAY_IDENTITY_URL: z.url().default('https://apiz.ebay.com'),
};

export type EbaySettings = z.output<z.ZodObject<typeof ebaySettingsShape>>;
