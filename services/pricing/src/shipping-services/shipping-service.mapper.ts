import type { GroupPrices, PriceTier, Service } from '@labeldesk/contracts';
import { percentOf } from './cost-markup.policy';
import type { DefaultShippingServiceEntity, UserShippingServiceEntity } from './shipping-service.entities';

type ShippingServiceEntity = DefaultShippingServiceEntity | UserShippingServiceEntity;

const byWeight = (tiers: PriceTier[]): PriceTier[] => [...tiers].sort((a, b) => a.fromWeight - b.fromWeight);

/** Each group's tiers sorted as the service's own are. */
const sortedGroupPrices = (groups: GroupPrices): GroupPrices =>
  Object.fromEntries(Object.entries(groups).map(([group, tiers]) => [group, byWeight(tiers)]));

/** The fields a default and a user's copy show alike; `status` is the caller's to say. */
const sharedFields = (e: ShippingServiceEntity): Omit<Service, 'status'> => ({
  _id: e.id,
  uid: e.uid,
  name: e.name,
  maxWeight: e.maxWeight,
  enabled: e.enabled,
  prices: byWeight(e.prices),
  pricingMode: e.pricingMode,
  markupPercent: percentOf(e.markupBasisPoints),
  markupCents: e.markupCents,
  groupPrices: sortedGroupPrices(e.groupPrices ?? {}),
});

export const toDefaultShippingService = (e: DefaultShippingServiceEntity): Service => ({ ...sharedFields(e), status: e.enabled });

/** `status` says whether the platform still offers the shipping service (its default is enabled). */
export const toUserShippingService = (e: UserShippingServiceEntity, defaultEnabled: boolean): Service => ({ ...sharedFields(e), status: defaultEnabled });
