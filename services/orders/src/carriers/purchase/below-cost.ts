import type { PurchaseOutcome, LabelShipment } from '../carrier.port';
import { catalogServiceOf } from '../catalog/shipping-service-catalog';

/**
 * The refusal of a label whose carrier cost is over the price the customer pays, or null when it is not (or no price
 * was given). Said to the customer without the cost (that is ours); the admin's alert carries the figures.
 */
export const belowCostRefusal = (shipment: LabelShipment, costCents: number): Extract<PurchaseOutcome, { kind: 'refused' }> | null => {
  const priceCents = shipment.maxCostCents;
  if (priceCents === undefined || costCents <= priceCents) return null;
  const name = catalogServiceOf(shipment.serviceUid)?.name ?? shipment.serviceUid;
  return {
    kind: 'refused',
    message: `${name} is not sold at your price for this parcel: the carrier charges more for it. Choose another service (Compare rates shows those offered); the admin has been told`,
    belowCost: { serviceUid: shipment.serviceUid, costCents, priceCents },
  };
};
