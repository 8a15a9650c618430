import { z } from 'zod';

/**
 * Issue 47 "Never twice by mistake": a row whose order ID (the file's orderId, Amazon's order-id, Shopify's Name)
 * already has a label of the same user, bought and neither voided nor refunded, is marked and left out of the
 * purchase unless the row says `buy_another`.
 */
export const shippedOrderSchema = z.object({
  orderId: z.string(),
  /** When the earlier label was bought (ISO 8601); the newest such label when there are several. */
  shippedAt: z.string(),
  trackingNumber: z.string(),
});
export type ShippedOrder = z.infer<typeof shippedOrderSchema>;

/** A staged row that is marked: its place in the batch (0-based, counted as `firstRow`) and the earlier label. */
export const shippedRowSchema = shippedOrderSchema.extend({ rowIndex: z.number().int().min(0) });
export type ShippedRow = z.infer<typeof shippedRowSchema>;

/** Order IDs a look-up takes at once: a file's IDs go in slices of this many. */
export const SHIPPED_LOOKUP_IDS = 2_000;

/** `POST /api/orders/bulk/shipped/{userId}`: which of these order IDs already have a label (asked when a file is loaded). */
export const shippedLookupBodySchema = z.object({
  orderIds: z
    .array(z.string({ error: 'An order ID must be text' }).trim().min(1, { error: 'An order ID must not be empty' }).max(100, { error: 'An order ID is too long (max 100)' }))
    .min(1, { error: 'No order IDs to look up' })
    .max(SHIPPED_LOOKUP_IDS, { error: `At most ${SHIPPED_LOOKUP_IDS.toLocaleString('en-US')} order IDs at once` }),
});
export type ShippedLookupBody = z.output<typeof shippedLookupBodySchema>;

/** The order IDs asked for that already have a label; the others are not listed. */
export const shippedLookupResponseSchema = z.object({ shipped: z.array(shippedOrderSchema) });
export type ShippedLookupResponse = z.infer<typeof shippedLookupResponseSchema>;

/** What the submit says of the rows it left out (n ≥ 1). */
export const alreadyShippedLeftOutMessage = (n: number): string =>
  n === 1 ? '1 order already shipped was left out' : `${n.toLocaleString('en-US')} orders already shipped were left out`;

/** What a page says of the selected orders it is about to leave out (n ≥ 1), before submitting. */
export const alreadyShippedWillBeLeftOutMessage = (n: number): string =>
  n === 1 ? '1 order already shipped will be left out' : `${n.toLocaleString('en-US')} orders already shipped will be left out`;

/**
 * `POST /api/orders/same-receiver/{userId}` (issue 47): before a single label is bought, whether the user bought a
 * label in the last 24 hours to the same receiver (name, street and ZIP, in any case) with the same items (the SKU,
 * or the description when there is no SKU). A warning the user may go past, never a refusal.
 */
export const sameReceiverBodySchema = z.object({
  receiverName: z.string({ error: 'receiverName must be text' }).trim().min(1, { error: 'receiverName is required' }).max(100),
  receiverAddress1: z.string({ error: 'receiverAddress1 must be text' }).trim().min(1, { error: 'receiverAddress1 is required' }).max(100),
  receiverZip: z.string({ error: 'receiverZip must be text' }).trim().min(1, { error: 'receiverZip is required' }).max(10),
  /** The SKU, or the package description when there is no SKU; empty when the form names neither. */
  items: z.string({ error: 'items must be text' }).trim().max(200).default(''),
});
export type SameReceiverBody = z.input<typeof sameReceiverBodySchema>;

/** The newest such label, or null. */
export const sameReceiverResponseSchema = z.object({ label: z.object({ purchasedAt: z.string(), trackingNumber: z.string() }).nullable() });
export type SameReceiverResponse = z.infer<typeof sameReceiverResponseSchema>;

/** How far back a label to the same receiver is a reason to ask. */
export const SAME_RECEIVER_HOURS = 24;
