import type { LabelShipment } from '../carriers';

/**
 * The receiver's country for pricing's rate offerings when the parcel goes abroad (its country group's tiers may price
 * it, decision 116); nothing at home, so a domestic request reads as it always did.
 */
export const countryAbroad = (shipment: Pick<LabelShipment, 'to'>): { country?: string } =>
  shipment.to.country && shipment.to.country !== 'US' ? { country: shipment.to.country } : {};
