import { z } from 'zod';
import { idSchema } from '../common/ids';
import { courierSchema } from './couriers.schema';
import { packagingIdSchema, packagingKindSchema } from './packaging.schema';

// The packagings are the rates' words first: the contracts' index exports them from here.
export { PACKAGING_IDS, PACKAGING_KINDS, packagingIdSchema, packagingKindSchema, type PackagingId, type PackagingKind } from './packaging.schema';
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

export const ratePackagingSchema = z.object({
  /**
   * What an order sends as `package_packaging` to buy the label in this packaging. Packaging rates carry no tags: the
   * tags compare the services in the sender's own box.
   */
  id: packagingIdSchema.optional(),
  kind: packagingKindSchema,
  /** As the carrier names it: "Priority Mail Flat Rate Envelope", "Cubic (your packaging, priced by size)". */
  name: z.string(),
  /** Why it is cheaper, in plain words: "Cubic tier 0.2 ft³: $6.20 less than 5 lb by weight". */
  reason: z.string().optional(),
  /**
   * True when no label carrier here sells this packaging (the rate has no `id`): advice only, what the parcel would
   * cost so packed; buying the offering buys a label for the sender's own box.
   */
  adviceOnly: z.boolean().optional(),
});
export type RatePackaging = z.infer<typeof ratePackagingSchema>;

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
  /** Absent for the sender's own box priced by weight (every rate before packaging options). */
  packaging: ratePackagingSchema.optional(),
});
export type Rate = z.infer<typeof rateSchema>;

export const ratesResponseSchema = z.object({
  /** Cheapest first. */
  rates: z.array(rateSchema),
});
export type RatesResponse = z.infer<typeof ratesResponseSchema>;
