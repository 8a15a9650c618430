import { toShipment, type CarrierRegistry } from '../carriers';
import { parcel, receiver, sender } from '../../test/support/addresses';
import { ServiceCosts } from './service-cost';

const shipment = () => toShipment({ serviceUid: '', sender: sender(), receiver: receiver(), package: parcel() }, null);

describe('ServiceCosts', () => {
  const setup = () => {
    const registry = {
      rates: jest.fn(async () => [
        { carrier: 'sandbox', serviceUid: 'ups_ground', costCents: 1_020, deliveryDays: 3, deliveryDate: null },
        {
          carrier: 'sandbox',
          serviceUid: 'usps_priority',
          costCents: 905,
          deliveryDays: 2,
          deliveryDate: null,
          packagingOptions: [{ id: 'flat_rate_envelope', kind: 'flat_rate_envelope', name: 'Priority Mail Flat Rate Envelope', basis: 'one price to any zone', costCents: 815 }],
        },
      ]),
    };
    // Live mode's carriers are the registry itself.
    Object.assign(registry, { forMode: () => registry });
    return { registry, costs: new ServiceCosts(registry as unknown as CarrierRegistry) };
  };

  it("answers what the carrier charges for the service asked, asking the carriers once for the same parcel", async () => {
    const { registry, costs } = setup();
    expect(await costs.costOf(shipment(), 'ups_ground')).toBe(1_020);
    expect(await costs.costOf(shipment(), 'usps_priority')).toBe(905);
    expect(registry.rates).toHaveBeenCalledTimes(1);
  });

  it('answers null for a service no carrier rates for the parcel', async () => {
    const { costs } = setup();
    expect(await costs.costOf(shipment(), 'fedex_2day')).toBeNull();
  });

  it("answers the packaging option's own cost for a shipment in USPS packaging, and null when the rate has no such option", async () => {
    const { costs } = setup();
    const packed = (packaging: 'flat_rate_envelope' | 'cubic') => ({ ...shipment(), package: { ...shipment().package, packaging } });
    expect(await costs.costOf(packed('flat_rate_envelope'), 'usps_priority')).toBe(815);
    expect(await costs.costOf(packed('cubic'), 'usps_priority')).toBeNull();
    expect(await costs.costOf(packed('flat_rate_envelope'), 'ups_ground')).toBeNull();
  });
});
