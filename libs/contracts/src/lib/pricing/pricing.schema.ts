import { z } from 'zod';
import { countryGroupSchema } from './country-groups';

export const DEFAULT_MAX_WEIGHT_LB = 70;
export const INVALID_PRICE_RANGES =
  'Invalid price ranges. Please ensure ranges are continuous from 1 to max weight without gaps or overlaps.';

/** One weight tier, whole pounds inclusive; price in integer cents. */
export const priceTierSchema = z.object({
  fromWeight: z.number().int().min(1),
  toWeight: z.number().int().min(1),
  price: z.number().int({ error: 'Price must be whole cents' }).min(0, { error: 'Price must be 0 or more' }).max(1_000_000),
});
export type PriceTier = z.infer<typeof priceTierSchema>;

/** Tiers sorted by start, first starting at 1, each starting right after the previous, last ending at maxWeight. */
export const tiersAreContinuous = (tiers: PriceTier[], maxWeight: number): boolean => {
  if (tiers.length === 0) return false;
  const sorted = [...tiers].sort((a, b) => a.fromWeight - b.fromWeight);
  let expected = 1;
  for (const tier of sorted) {
    if (tier.fromWeight !== expected || tier.toWeight < tier.fromWeight) return false;
    expected = tier.toWeight + 1;
  }
  return expected - 1 === maxWeight;
};

/** The spec's Add Range: ignored when the last tier already ends at maxWeight; otherwise the next pound to maxWeight at 0. */
export const addPriceRange = (tiers: PriceTier[], maxWeight: number): PriceTier[] => {
  const highestEnd = tiers.reduce((max, tier) => Math.max(max, tier.toWeight), 0);
  if (highestEnd >= maxWeight) return tiers;
  return [...tiers, { fromWeight: highestEnd + 1, toWeight: maxWeight, price: 0 }];
};

/** Weight is billed by the next whole pound; anything up to 1 lb is 1 lb. */
export const billableWeightLb = (weightLb: number): number => Math.max(1, Math.ceil(weightLb - 1e-9));

export const rawServiceSchema = z.object({
  uid: z.string(),
  name: z.string(),
  category: z.string(),
  maxWeight: z.number().int(),
  carrier: z.string(),
  /** Prices the carrier suggests for a new default service (the sandbox gives some; a real carrier may not). */
  suggestedPrices: z.array(priceTierSchema).optional(),
  /**
   * A markup over the carrier's cost the carrier suggests instead (decision 098: the sandbox's services abroad, whose
   * costs vary by country): the new default is priced `cost_markup` and sold at once, never under cost.
   */
  suggestedMarkup: z.object({ markupPercent: z.number().min(0), markupCents: z.number().int().min(0) }).optional(),
});
export type RawService = z.infer<typeof rawServiceSchema>;

/**
 * How a service is priced (issue 45, decision 085): by the spec's weight tiers, or as the carrier's cost for the parcel
 * plus a markup (percent and fixed cents). A service in `cost_markup` keeps its tiers, unused until it goes back.
 */
export const PRICING_MODES = ['tiers', 'cost_markup'] as const;
export const pricingModeSchema = z.enum(PRICING_MODES, { error: 'Pricing mode must be tiers or cost_markup' });
export type PricingMode = z.infer<typeof pricingModeSchema>;

/** PUT /api/defaultServices/{id}/pricing and PUT /api/userServices/{userId}/{serviceId}/pricing (admin). */
export const pricingBodySchema = z.object({
  pricingMode: pricingModeSchema,
  /** Percent of the carrier's cost added, 0–500, at most two decimals (12.5 = 12.5 %). */
  markupPercent: z
    .number({ error: 'Markup percent must be a number' })
    .min(0, { error: 'Markup percent must be between 0 and 500' })
    .max(500, { error: 'Markup percent must be between 0 and 500' })
    .multipleOf(0.01, { error: 'Markup percent takes at most two decimals' }),
  /** Fixed cents added per label, 0–100000. */
  markupCents: z
    .number({ error: 'Markup must be a number of cents' })
    .int({ error: 'Markup must be whole cents' })
    .min(0, { error: 'Markup must be between $0.00 and $1,000.00' })
    .max(100_000, { error: 'Markup must be between $0.00 and $1,000.00' }),
});
export type PricingBody = z.input<typeof pricingBodySchema>;

/**
 * Weight tiers per country group (decision 116), set by an admin on a default service and on a user's copy: a label
 * abroad is priced by its receiver's group's tiers when the group has some, else by the service's own mode. A group
 * left out has none.
 */
export const groupPricesSchema = z.partialRecord(countryGroupSchema, z.array(priceTierSchema));
export type GroupPrices = z.infer<typeof groupPricesSchema>;

/** PUT /api/defaultServices/{id}/groupPrices and PUT /api/userServices/{userId}/{serviceId}/groupPrices (admin): an empty list clears the group. */
export const groupPricesBodySchema = z.object({ group: countryGroupSchema, prices: z.array(priceTierSchema).max(200) });
export type GroupPricesBody = z.input<typeof groupPricesBodySchema>;

/** A default service or a user's service (spec: Service). */
export const serviceSchema = z.object({
  _id: z.string(),
  uid: z.string(),
  name: z.string(),
  maxWeight: z.number().int(),
  status: z.boolean(),
  enabled: z.boolean(),
  prices: z.array(priceTierSchema),
  pricingMode: pricingModeSchema,
  markupPercent: z.number(),
  markupCents: z.number().int(),
  /** Tiers per country group abroad (decision 116); absent from a pricing service older than it. */
  groupPrices: groupPricesSchema.optional(),
});
export type Service = z.infer<typeof serviceSchema>;

/** What a customer may buy (spec: Available service). */
export const availableServiceSchema = z.object({
  uid: z.string(),
  name: z.string(),
  category: z.string(),
  maxWeight: z.number().int(),
  /**
   * How the user's copy is priced: by weight tiers (a quote prices it from the weight alone) or from the carrier's rate
   * for each parcel (decision 085; only the parcel's rates price it). Absent from a pricing service older than it: tiers.
   */
  pricingMode: pricingModeSchema.optional(),
});
export type AvailableService = z.infer<typeof availableServiceSchema>;

export const pricesBodySchema = z.object({ prices: z.array(priceTierSchema).min(1, { error: INVALID_PRICE_RANGES }).max(200) });
export type PricesBody = z.input<typeof pricesBodySchema>;
export const toggleBodySchema = z.object({ enabled: z.boolean({ error: 'enabled must be true or false' }) });
export type ToggleBody = z.input<typeof toggleBodySchema>;
export const renameBodySchema = z.object({
  name: z.string({ error: 'Service name must be text' }).trim().min(1, { error: 'Service name cannot be empty' }).max(80, { error: 'Service name is too long' }),
});
export type RenameBody = z.input<typeof renameBodySchema>;

// REST answers (spec 7 "Services"): the lists are bare arrays.

/** GET /api/userServices/{userId}/available. */
export const availableServicesResponseSchema = z.array(availableServiceSchema);
/** GET /api/defaultServices, GET /api/userServices/{userId}, and the initialize and sync routes. */
export const servicesResponseSchema = z.array(serviceSchema);
/** GET /api/rawServices. */
export const rawServicesResponseSchema = z.array(rawServiceSchema);
/** PUT /api/defaultServices/{id}/prices: the saved tiers only (spec 7: "gives prices"). */
export const priceTiersResponseSchema = z.array(priceTierSchema);
