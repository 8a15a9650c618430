import type { Service } from '@labeldesk/contracts';
import type { DefaultShippingServiceEntity, UserShippingServiceEntity } from './shipping-service.entities';

const sortTiers = (e: { prices: Service['prices'] }) => [...e.prices].sort((a, b) => a.fromWeight - b.fromWeight);

export const toDefaultShippingService = (e: DefaultShippingServiceEntity): Service => ({
  _id: e.id,
  uid: e.uid,
  name: e.name,
  maxWeight: e.maxWeight,
  status: e.enabled,
  enabled: e.enabled,
  prices: sortTiers(e),
});

/** `status` says whether the platform still offers the shipping service (its default is enabled). */
export const toUserShippingService = (e: UserShippingServiceEntity, defaultEnabled: boolean): Service => ({
  _id: e.id,
  uid: e.uid,
  name: e.name,
  maxWeight: e.maxWeight,
  status: defaultEnabled,
  enabled: e.enabled,
  prices: sortTiers(e),
});
