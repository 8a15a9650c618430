import { z } from 'zod';
import { idSchema } from '../common/ids';
import { courierSchema } from './couriers.schema';
import { packageSchema, receiverSchema, senderSchema } from './single-order.schema';

/** `POST /api/rates`: every service the user may buy for this parcel, at their prices (issue 45). */
export const ratesBodySchema = z.object({
  userId: idSchema,
  sender: senderSchema,
  receiver: receiverSchema,
  package: packageSchema,
});
export type RatesBody = z.input<typeof ratesBodySchema>;

export const RATE_TAGS = ['cheapest', 'fastest', 'best value'] as const;
export const rateTagSchema = z.enum(RATE_TAGS);
export type RateTag = z.infer<typeof rateTagSchema>;

export const rateSchema = z.object({
  /** The shipping service's uid (an offering: courier + service), as the order's service names it. */
  offeringUid: z.string(),
  /** The courier carrying the parcel (usps, ups, fedex, dhl_express). */
  carrier: courierSchema,
  /** The service's name as the user's price list names it (what an order's `service_name` takes). */
  service: z.string(),
  /** What the user pays, integer cents. */
  priceCents: z.number().int().nonnegative(),
  /** Business days in transit, null when the carrier states none. */
  deliveryDays: z.number().int().nonnegative().nullable(),
  /** The stated delivery date (YYYY-MM-DD or ISO 8601), when the carrier gives one. */
  deliveryDate: z.string().optional(),
  tags: z.array(rateTagSchema),
  /** Admins only: what the carrier charges us, and the price less it. */
  costCents: z.number().int().nonnegative().optional(),
  marginCents: z.number().int().optional(),
});
export type Rate = z.infer<typeof rateSchema>;

export const ratesResponseSchema = z.object({
  /** Cheapest first. */
  rates: z.array(rateSchema),
});
export type RatesResponse = z.infer<typeof ratesResponseSchema>;
