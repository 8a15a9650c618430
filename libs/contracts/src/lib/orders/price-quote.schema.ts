import { z } from 'zod';

/**
 * One shipment to price: `{service_name, package:{package_weight}}`, or a whole order (spec 7), of which only those
 * two fields are read. The weight may arrive as text, like every form value.
 */
export const priceQuoteShipmentSchema = z.object({
  service_name: z.string({ error: 'Please select a service' }).trim().min(1, { error: 'Please select a service' }),
  package: z.object({ package_weight: z.coerce.number({ error: 'Weight must be a number' }).min(0, { error: 'Weight must be 0 or more' }) }),
});
/** A shipment as the gateway reads it (and as the web app sends it: the weight already a number). */
export type PriceQuoteShipment = z.output<typeof priceQuoteShipmentSchema>;

/** Shipments one quote prices; a larger batch is priced in parts and the totals added (the web app does). */
export const PRICE_QUOTE_MAX_SHIPMENTS = 10_000;

/** POST /api/orders/price/v2/bulk: each shipment priced with the user's tiers, by the next whole pound. */
export const priceQuoteBodySchema = z.object({
  userId: z.string({ error: 'userId is required' }),
  shipments: z.array(priceQuoteShipmentSchema).min(1, { error: 'No shipments to price' }).max(PRICE_QUOTE_MAX_SHIPMENTS),
});
export type PriceQuoteBody = z.output<typeof priceQuoteBodySchema>;

/** The total in cents. */
export const priceQuoteResponseSchema = z.object({ totalPrice: z.number().int() });
export type PriceQuoteResponse = z.infer<typeof priceQuoteResponseSchema>;
