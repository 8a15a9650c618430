// Subjects are public API between processes: do not change one without a migration plan (add a v2 instead).
import { z } from 'zod';
import { defineRpc } from '../define';
import { emptySchema } from '../common/empty';
import { idSchema } from '../common/ids';
import { publicPriceSchema } from './public-prices.schema';
import { availableServiceSchema, groupPricesBodySchema, pricesBodySchema, priceTierSchema, pricingBodySchema, pricingModeSchema, rawServiceSchema, renameBodySchema, serviceSchema, toggleBodySchema } from './pricing.schema';

export const quoteItemSchema = z.object({
  serviceName: z.string().trim().min(1, { error: 'Please select a service' }),
  weightLb: z.number().min(0),
  /**
   * What the carrier charges us for this parcel of this service, when the caller has it (a rate). A service priced as
   * carrier cost + markup cannot be quoted without it: PRICING_COST_NEEDED. Tier-priced services ignore it.
   */
  costCents: z.number().int().nonnegative().optional(),
  /** The receiver's country (alpha-2) when abroad: its group's tiers price the label where set (decision 116). */
  country: z.string().trim().max(2).optional(),
});

export const PricingRpc = {
  listRawServices: defineRpc('pricing.raw-service.list.v1', emptySchema, z.object({ services: z.array(rawServiceSchema) }), { who: 'admin' }),
  listDefaultServices: defineRpc('pricing.default-service.list.v1', emptySchema, z.object({ services: z.array(serviceSchema) }), { who: 'admin' }),
  syncDefaultServices: defineRpc('pricing.default-service.sync.v1', emptySchema, z.object({ services: z.array(serviceSchema) }), { who: 'admin' }),
  toggleDefaultService: defineRpc('pricing.default-service.toggle.v1', toggleBodySchema.extend({ id: idSchema }), serviceSchema, { who: 'admin' }),
  setDefaultPrices: defineRpc('pricing.default-service.set-prices.v1', pricesBodySchema.extend({ id: idSchema }), serviceSchema, { who: 'admin' }),
  /** How the default is priced: its weight tiers, or the carrier's cost + markup (decision 085). */
  setDefaultPricing: defineRpc('pricing.default-service.set-pricing.v1', pricingBodySchema.extend({ id: idSchema }), serviceSchema, { who: 'admin' }),
  /** One country group's weight tiers of a default (decision 116); an empty list clears them. */
  setDefaultGroupPrices: defineRpc('pricing.default-service.set-group-prices.v1', groupPricesBodySchema.extend({ id: idSchema }), serviceSchema, { who: 'admin' }),
  renameDefaultService: defineRpc('pricing.default-service.rename.v1', renameBodySchema.extend({ id: idSchema }), serviceSchema, { who: 'admin' }),
  listUserServices: defineRpc('pricing.user-service.list.v1', z.object({ userId: idSchema }), z.object({ services: z.array(serviceSchema) }), { who: { selfOrAdmin: 'userId' }, scope: 'labels:read' }),
  availableServices: defineRpc('pricing.user-service.available.v1', z.object({ userId: idSchema }), z.object({ services: z.array(availableServiceSchema) }), { who: { selfOrAdmin: 'userId' }, scope: 'labels:read', services: ['orders'] }),
  initializeUserServices: defineRpc('pricing.user-service.initialize.v1', z.object({ userId: idSchema }), z.object({ services: z.array(serviceSchema) }), { who: { selfOrAdmin: 'userId' } }),
  setUserPrices: defineRpc('pricing.user-service.set-prices.v1', pricesBodySchema.extend({ userId: idSchema, serviceId: idSchema }), serviceSchema, { who: 'admin' }),
  /** One user's own pricing mode and markup for their copy of a service (the per-user override, decision 085). */
  setUserPricing: defineRpc('pricing.user-service.set-pricing.v1', pricingBodySchema.extend({ userId: idSchema, serviceId: idSchema }), serviceSchema, { who: 'admin' }),
  /** One country group's weight tiers of a user's copy (decision 116), apart from the default's. */
  setUserGroupPrices: defineRpc('pricing.user-service.set-group-prices.v1', groupPricesBodySchema.extend({ userId: idSchema, serviceId: idSchema }), serviceSchema, { who: 'admin' }),
  toggleUserService: defineRpc('pricing.user-service.toggle.v1', toggleBodySchema.extend({ userId: idSchema, serviceId: idSchema }), serviceSchema, { who: 'admin' }),
  /** The name a user sees and orders by; their copy only, the default keeps its own. */
  renameUserService: defineRpc('pricing.user-service.rename.v1', renameBodySchema.extend({ userId: idSchema, serviceId: idSchema }), serviceSchema, { who: 'admin' }),
  /** Anyone (the landing page): each enabled default service's name, weight limit and lowest tier price. */
  publicPrices: defineRpc('pricing.default-service.public-prices.v1', emptySchema, z.object({ services: z.array(publicPriceSchema) }), { who: 'public' }),
  /**
   * One parcel's prices for one user, given what each carrier charges us (issue 45): a service the user cannot buy, over
   * its weight limit, or whose price would be under the carrier's cost is not offered, with the reason.
   */
  rateOfferings: defineRpc(
    'pricing.rate-offerings.v1',
    z.object({
      userId: idSchema,
      weightLb: z.number().positive().max(150),
      /** The receiver's country (alpha-2) when abroad: its group's tiers price the parcel where set (decision 116). */
      country: z.string().trim().max(2).optional(),
      costs: z.array(z.object({ serviceUid: z.string().max(80), costCents: z.number().int().nonnegative() })).max(200),
    }),
    z.object({
      offerings: z.array(
        z.discriminatedUnion('offered', [
          z.object({ offered: z.literal(true), serviceUid: z.string(), serviceName: z.string(), priceCents: z.number().int().nonnegative(), costCents: z.number().int().nonnegative() }),
          z.object({ offered: z.literal(false), serviceUid: z.string(), serviceName: z.string().nullable(), reason: z.enum(['not_offered', 'over_weight', 'no_price', 'below_cost']), priceCents: z.number().int().nullable(), costCents: z.number().int().nonnegative() }),
        ]),
      ),
    }),
    { who: { selfOrAdmin: 'userId' }, scope: 'labels:read', services: ['orders'] },
  ),
  /**
   * Prices for one user; each item is priced by its billable (rounded-up) weight's tier, or from its `costCents` when
   * its service is priced as carrier cost + markup (PRICING_COST_NEEDED without one, naming the services).
   */
  quote: defineRpc(
    'pricing.quote.create.v1',
    z.object({ userId: idSchema, items: z.array(quoteItemSchema).min(1).max(10_000) }),
    z.object({
      totalCents: z.number().int(),
      items: z.array(z.object({ serviceUid: z.string(), serviceName: z.string(), billableWeightLb: z.number().int(), priceCents: z.number().int(), pricingMode: pricingModeSchema })),
    }),
    { who: { selfOrAdmin: 'userId' }, scope: 'labels:buy', services: ['orders'] },
  ),
} as const;

export { priceTierSchema };
