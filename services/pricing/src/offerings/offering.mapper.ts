import type { Service } from '@labeldesk/contracts';
import type { DefaultOfferingEntity, UserOfferingEntity } from './offering.entities';

const sortTiers = (e: { prices: Service['prices'] }) => [...e.prices].sort((a, b) => a.fromWeight - b.fromWeight);

export const toDefaultOffering = (e: DefaultOfferingEntity): Service => ({
  _id: e.id,
  uid: e.uid,
  name: e.name,
  maxWeight: e.maxWeight,
  status: e.enabled,
  enabled: e.enabled,
  prices: sortTiers(e),
});

/** `status` says whether the platform still offers the offering (its default is enabled). */
export const toUserOffering = (e: UserOfferingEntity, defaultEnabled: boolean): Service => ({
  _id: e.id,
  uid: e.uid,
  name: e.name,
  maxWeight: e.maxWeight,
  status: defaultEnabled,
  enabled: e.enabled,
  prices: sortTiers(e),
});
