import { z } from 'zod';

/** An enabled default service as the landing page advertises it: its name, its lowest tier price, its weight limit. */
export const publicPriceSchema = z.object({ name: z.string(), fromCents: z.number().int(), maxWeight: z.number() });
export type PublicPrice = z.infer<typeof publicPriceSchema>;

/** GET /api/public/site. */
export const publicSiteSchema = z.object({
  communityChatUrl: z.string().nullable(),
  chatWidgetScriptUrl: z.string().nullable(),
  prices: z.array(publicPriceSchema),
});
export type PublicSite = z.infer<typeof publicSiteSchema>;
