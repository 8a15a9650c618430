import { z } from 'zod';
import { labelCarrierSchema } from '../orders/label-carrier.schema';

/**
 * What the labels of one admin row (a single order or a batch) cost us, over its bought labels. A label bought before
 * carriers were recorded has no cost: it is counted in `labelsWithoutCost` and left out of the cost and the margin,
 * never taken as free.
 */
export const labelCostsSchema = z.object({
  /** The carriers that sold its bought labels (none before carriers were recorded). */
  carriers: z.array(labelCarrierSchema),
  /** Carrier cost in cents (postage + fees) of its labels with a recorded cost; null when none has one. */
  costCents: z.number().int().nullable(),
  /** Price minus carrier cost over the same labels, in cents; null when no label has a recorded cost. */
  marginCents: z.number().int().nullable(),
  labelsWithoutCost: z.number().int().min(0),
});
export type LabelCosts = z.infer<typeof labelCostsSchema>;

/** One label as an admin weighs it: which carrier sold it, what it cost us, what the customer paid. */
export const labelCostFieldsSchema = z.object({
  carrier: labelCarrierSchema.nullable(),
  /** Null when unknown (bought before carriers were recorded, or not bought). */
  costCents: z.number().int().nullable(),
  /** Price minus cost; null whenever either is unknown. */
  marginCents: z.number().int().nullable(),
});

/**
 * Revenue, carrier cost and margin of the labels finished in a span of UTC days (single orders completed, batch labels
 * bought). The four sums cover only labels with a recorded cost, so margin = revenue − cost; the others are apart.
 */
export const labelMarginSchema = z.object({
  labels: z.number().int().min(0),
  revenueCents: z.number().int(),
  costCents: z.number().int(),
  marginCents: z.number().int(),
  withoutCost: z.object({ labels: z.number().int().min(0), revenueCents: z.number().int() }),
});
export type LabelMargin = z.infer<typeof labelMarginSchema>;

/** Today (UTC) and the last N UTC days, today included. */
export const labelMarginsSchema = z.object({ today: labelMarginSchema, lastDays: labelMarginSchema });
export type LabelMargins = z.infer<typeof labelMarginsSchema>;

/** A label's margin: price minus cost, or null when either is unknown. */
export const labelMarginCents = (priceCents: number | null, costCents: number | null): number | null =>
  priceCents === null || costCents === null ? null : priceCents - costCents;
