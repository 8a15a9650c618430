import { z } from 'zod';
import { apiModeSchema } from '../caller';
import { idSchema } from '../common/ids';
import { labelCarrierSchema } from './label-carrier.schema';
import { trackingNumberSchema } from './label-lifecycle.schema';

/**
 * How a return label is paid (decision 101): `on_use` is charged once, when the carrier first scans it (USPS
 * pay-on-use returns; the sandbox's USPS); `prepaid` is charged when it is made, as any label. Said before buying.
 */
export const RETURN_PAYMENTS = ['on_use', 'prepaid'] as const;
export const returnPaymentSchema = z.enum(RETURN_PAYMENTS);
export type ReturnPayment = z.infer<typeof returnPaymentSchema>;

/** The words the seller reads before making a return label, and again beside it. */
export const returnPaymentText = (payment: ReturnPayment, priceText: string): string =>
  payment === 'on_use'
    ? `Pay on use: ${priceText} is charged only if your buyer ships it (at the carrier's first scan); nothing if the label is never used.`
    : `Prepaid: ${priceText} is charged now, when the label is made, whether or not your buyer uses it.`;

/**
 * Where a return label stands: `awaiting_scan` (pay on use, not used yet: nothing charged), `charged` (pay on use,
 * scanned and charged once), `prepaid` (charged when made), `voided` (cancelled at the carrier unused, a prepaid charge
 * given back once: decision 123), `refund_pending` (voided at a carrier that refunds later, EasyPost: its refund is
 * submitted and the charge is given back once the carrier says refunded, decision 125), `refund_rejected` (the carrier
 * refused that refund: nothing given back, its reason in `refundReason`).
 */
export const RETURN_STATES = ['awaiting_scan', 'charged', 'prepaid', 'voided', 'refund_pending', 'refund_rejected'] as const;
export const returnStateSchema = z.enum(RETURN_STATES);
export type ReturnState = z.infer<typeof returnStateSchema>;

/** What a return label of an order would be, asked before buying it (nothing is bought or held). */
export const returnQuoteSchema = z.object({
  orderId: idSchema,
  /** The outbound label's courier and service: a return goes back with the same. */
  courier: z.string(),
  serviceName: z.string(),
  priceCents: z.number().int().min(0),
  payment: returnPaymentSchema,
  /** The sentence that says when the money is taken (returnPaymentText). */
  paymentText: z.string(),
  /** The seller's return labels already made for this order (making another needs `again: true`). */
  existingReturns: z.number().int().min(0),
  /**
   * Who sells the return (decision 123): the outbound label's carrier unless the seller picked another, by id and
   * name, and the other configured carriers that make returns of this courier, to pick instead.
   */
  carrier: labelCarrierSchema,
  carrierName: z.string(),
  otherCarriers: z.array(z.object({ carrier: labelCarrierSchema, carrierName: z.string() })),
  /**
   * Set when the carrier account that sold the label is gone (decision 125): why, and the choices. The return is then
   * bought only from a carrier named in `carrier` on the purchase (the same carrier included, on its other accounts).
   */
  accountNote: z.string().nullable().default(null),
  /**
   * Set when the carrier that would sell the return refuses the seller's contact (decision 128: USPS directly needs the
   * seller's phone, read from the order's sender address): why, and who else sells it. A purchase is then refused
   * with 400 and the same sentence, nothing charged.
   */
  contactNote: z.string().nullable().default(null),
});
export type ReturnQuote = z.infer<typeof returnQuoteSchema>;

/** A buyer's link to a return label: only its hash is kept, so the token is shown once, when the link is made. */
export const RETURN_TOKEN_LENGTH = 43;
export const returnTokenSchema = z.string().regex(new RegExp(`^[A-Za-z0-9_-]{${RETURN_TOKEN_LENGTH}}$`), 'must be a return link token');

/** The one answer for a token unknown, expired, revoked or malformed (the page says the same for all). */
export const RETURN_LINK_NOT_FOUND = 'This return label link does not exist, has expired, or the seller turned it off. Ask the seller for a new link.';

export const returnLinkStateSchema = z.object({
  /** ISO 8601. */
  createdAt: z.string(),
  expiresAt: z.string(),
  /** True once the seller turned it off (it opens nothing from then on). */
  revoked: z.boolean(),
});

/** One return label as its seller sees it, beside the outbound label it returns. */
export const returnLabelSchema = z.object({
  id: idSchema,
  orderId: idSchema,
  trackingNumber: trackingNumberSchema,
  courier: z.string(),
  serviceName: z.string(),
  priceCents: z.number().int().min(0),
  payment: returnPaymentSchema,
  state: returnStateSchema,
  /** ISO 8601: the carrier's first scan (pay on use), or null while unused. */
  scannedAt: z.string().nullable(),
  /** ISO 8601: when the money was taken (at purchase for prepaid, at the scan for pay on use), or null. */
  chargedAt: z.string().nullable(),
  /** The label file's name (downloaded from `/api/orders/returns/{id}/label`). */
  labelName: z.string(),
  /** The buyer's latest link, if one was made (its token is never shown again). */
  link: returnLinkStateSchema.nullable(),
  createdAt: z.string(),
  /** Why the carrier refused the refund of a voided return (`refund_rejected`), else null (decision 125). */
  refundReason: z.string().nullable().default(null),
  /** `test`: made with an `ld_test_` key on the sandbox and the test balance (decisions 119, 125); else `live`. */
  mode: apiModeSchema.default('live'),
  /**
   * The carrier that sold the return (decision 123's names), which says when a void's money comes back (decision 128:
   * EasyPost only asks a refund); null for a return older than decision 123.
   */
  carrier: labelCarrierSchema.nullable().default(null),
});
export type ReturnLabel = z.infer<typeof returnLabelSchema>;

/** POST /api/orders/{orderId}/return: `again` makes another return label for an order that has one. */
/** The quote's query: `carrier` prices the return bought from this carrier instead of the outbound label's (decision 123). */
export const returnQuoteQuerySchema = z.object({ carrier: labelCarrierSchema.optional() }).strict();

/** GET /api/returns: `mode` lists a session's test returns apart (decision 125); a key lists its own mode's. */
export const returnListQuerySchema = z.object({ mode: apiModeSchema.optional() }).strict();

/** `carrier`: buy the return from this carrier instead of the outbound label's (decision 123). */
export const createReturnBodySchema = z.object({ again: z.boolean().default(false), carrier: labelCarrierSchema.optional() }).strict();

/** What making a return label answers: the label, and whether it was made now or is the order's existing one. */
export const createdReturnSchema = z.object({ returnLabel: returnLabelSchema, created: z.boolean() });
export type CreatedReturn = z.infer<typeof createdReturnSchema>;

/** POST /api/orders/returns: return labels for several orders at once, each order's own answer. */
export const bulkReturnsBodySchema = z.object({ orderIds: z.array(idSchema).min(1).max(200), again: z.boolean().default(false) }).strict();
export const bulkReturnResultSchema = z.discriminatedUnion('outcome', [
  z.object({ orderId: idSchema, outcome: z.literal('made'), returnLabel: returnLabelSchema }),
  z.object({ orderId: idSchema, outcome: z.literal('existing'), returnLabel: returnLabelSchema }),
  z.object({ orderId: idSchema, outcome: z.literal('refused'), message: z.string() }),
]);
export const bulkReturnsSchema = z.object({ results: z.array(bulkReturnResultSchema) });
export type BulkReturns = z.infer<typeof bulkReturnsSchema>;

/** A link just made: its token, shown this once (`/r/{token}`). */
export const issuedReturnLinkSchema = returnLinkStateSchema.extend({ token: returnTokenSchema });
export type IssuedReturnLink = z.infer<typeof issuedReturnLinkSchema>;

/** What the buyer's page shows: who to send it back to (a name only), the courier, the service and the number. */
export const publicReturnSchema = z.object({
  sellerName: z.string(),
  courier: z.string(),
  serviceName: z.string(),
  trackingNumber: z.string(),
  expiresAt: z.string(),
  fileName: z.string(),
  sizeBytes: z.number().int().min(0),
});
export type PublicReturn = z.infer<typeof publicReturnSchema>;
