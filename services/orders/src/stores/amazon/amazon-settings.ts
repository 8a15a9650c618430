import { z } from 'zod';

/**
 * The app LabelDesk registers with Amazon (Solution Provider Portal → Develop Apps): its application id (the consent
 * page names it) and its Login with Amazon client id and secret (the token endpoint checks them). Without them Amazon
 * cannot be connected. The three addresses are Amazon's for North America; tests point them at the fake Amazon.
 */
export const amazonSettingsShape = {
  AMAZON_APPLICATION_ID: z.string().trim().default(''),
  AMAZON_CLIENT_ID: z.string().trim().default(''),
  AMAZON_CLIENT_SECRET: z.string().trim().default(''),
  /**
   * `true` while the app is a draft, not yet published in the Appstore: Seller Central then needs `version=beta`.
   * Kept as the text (read by `isDraftApp`): the service parses the environment, then each store's piece again.
   */
  AMAZON_APP_DRAFT: z.enum(['true', 'false', '1', '0']).default('false'),
  /** Seller Central's address for the consent page (default: the marketplace's own, e.g. sellercentral.amazon.ca). */
  AMAZON_SELLER_CENTRAL_URL: z.url().optional(),
  AMAZON_LWA_TOKEN_URL: z.url().default('https://api.amazon.com/auth/o2/token'),
  AMAZON_SP_API_URL: z.url().default('https://sellingpartnerapi-na.amazon.com'),
};

export type AmazonSettings = z.output<z.ZodObject<typeof amazonSettingsShape>>;

export const isDraftApp = (settings: AmazonSettings): boolean => settings.AMAZON_APP_DRAFT === 'true' || settings.AMAZON_APP_DRAFT === '1';

/** The North American marketplaces (one SP-API endpoint, sellingpartnerapi-na): their ids and Seller Central. */
export const MARKETPLACES = {
  US: { id: 'ATVPDKIKX0DER', sellerCentral: 'https://sellercentral.amazon.com', name: 'Amazon.com' },
  CA: { id: 'A2EUQ1WTGCTBG2', sellerCentral: 'https://sellercentral.amazon.ca', name: 'Amazon.ca' },
  MX: { id: 'A1AM78C64UM0Y8', sellerCentral: 'https://sellercentral.amazon.com.mx', name: 'Amazon.com.mx' },
  BR: { id: 'A2Q3Y263D00KWC', sellerCentral: 'https://sellercentral.amazon.com.br', name: 'Amazon.com.br' },
} as const;

export type MarketplaceCode = keyof typeof MARKETPLACES;

export const marketplaceCodeOf = (marketplaceId: string): MarketplaceCode | undefined =>
  (Object.keys(MARKETPLACES) as MarketplaceCode[]).find((code) => MARKETPLACES[code].id === marketplaceId);
