import { z } from 'zod';

/**
 * The app LabelDesk registers with Etsy (etsy.com/developers/your-apps): its keystring (the OAuth client id, and the
 * first half of every call's `x-api-key`) and shared secret (the second half, required since 9 February 2026), with
 * `{PUBLIC_URL}/api/stores/callback/etsy` among its callback URLs. Without them Etsy cannot be connected. The two
 * addresses are Etsy's consent page and API host; tests point them at the fake Etsy.
 */
export const etsySettingsShape = {
  ETSY_KEYSTRING: z.string().trim().default(''),
  ETSY_SHARED_SECRET: z.string().trim().default(''),
  ETSY_CONNECT_URL: z.url().default('https://www.etsy.com/oauth/connect'),
  ETSY_API_URL: z.url().default('https://api.etsy.com'),
};

export type EtsySettings = z.output<z.ZodObject<typeof etsySettingsShape>>;
