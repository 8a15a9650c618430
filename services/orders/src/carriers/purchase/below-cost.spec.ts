import type { LabelShipment } from '../carrier.port';
import { belowCostRefusal } from './below-cost';

const shipment = (maxCostCents?: number, serviceUid = 'ups_ground'): LabelShipment => ({
  serviceUid,
  ...(maxCostCents === undefined ? {} : { maxCostCents }),
  shipper: null,
  from: { name: 'A', company: null, phone: null, street1: '1 Main St', street2: null, city: 'Columbus', state: 'OH', zip: '43215', country: 'US' },
  to: { name: 'B', company: null, phone: null, street1: '2 Main St', street2: null, city: 'Denver', state: 'CO', zip: '80202', country: 'US' },
  package: { lengthIn: 10, widthIn: 8, heightIn: 4, weightLb: 2, description: null, reference1: null, reference2: null },
});

describe('a label is never sold under its carrier cost', () => {
  it('refuses a cost over the price, naming the service but not our cost, and keeps the figures for the admin', () => {
    expect(belowCostRefusal(shipment(1_499), 1_500)).toEqual({
      kind: 'refused',
      message: 'UPS Ground is not sold at your price for this parcel: the carrier charges more for it. Choose another service (Compare rates shows those offered); the admin has been told',
      belowCost: { serviceUid: 'ups_ground', costCents: 1_500, priceCents: 1_499 },
    });
  });

  it('sells at a price equal to or over the cost', () => {
    expect(belowCostRefusal(shipment(1_500), 1_500)).toBeNull();
    expect(belowCostRefusal(shipment(4_000), 1_500)).toBeNull();
  });

  it('does not judge a shipment sold to no one (no price given)', () => {
    expect(belowCostRefusal(shipment(), 1_000_000)).toBeNull();
  });

  it('names a service outside the catalog by its uid', () => {
    expect(belowCostRefusal(shipment(1, 'acme_rocket'), 2)?.message).toMatch(/^acme_rocket is not sold at your price/);
  });
});
