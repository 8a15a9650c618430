import { toShipment } from '../carriers';
import { parcel, receiver, sender } from '../../test/support/addresses';
import { CarrierRatesCache, RATE_TTL_MS, rateKeyOf, type CachedRate } from './carrier-rates.cache';

const rate: CachedRate = { carrier: 'sandbox', serviceUid: 'usps_priority', costCents: 905, deliveryDays: 2, deliveryDate: null };

describe('CarrierRatesCache', () => {
  const shipment = (overrides: { toZip?: string; weightLb?: number } = {}) => {
    const made = toShipment({ serviceUid: '', sender: sender(), receiver: receiver(), package: parcel() }, null);
    return { ...made, to: { ...made.to, zip: overrides.toZip ?? made.to.zip }, package: { ...made.package, weightLb: overrides.weightLb ?? made.package.weightLb } };
  };

  it('asks the carriers once for the same ZIP3 pair, ounce and size within the time it keeps rates, then again', async () => {
    let now = 0;
    const cache = new CarrierRatesCache(() => now);
    const load = jest.fn(async () => [rate]);
    const base = shipment();
    await cache.get(base, load);
    await cache.get({ ...base, to: { ...base.to, zip: `${base.to.zip.slice(0, 3)}99` } }, load);
    expect(load).toHaveBeenCalledTimes(1);
    now = RATE_TTL_MS;
    await cache.get(base, load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('keys a different destination ZIP3 or a heavier parcel apart', () => {
    expect(rateKeyOf(shipment({ toZip: '80202' }))).not.toBe(rateKeyOf(shipment({ toZip: '10001' })));
    expect(rateKeyOf(shipment({ weightLb: 1 }))).not.toBe(rateKeyOf(shipment({ weightLb: 1.1 })));
  });

  it('keeps no empty answer, so a comparison made while every carrier was down is asked again', async () => {
    const cache = new CarrierRatesCache(() => 0);
    const load = jest.fn(async (): Promise<CachedRate[]> => []);
    await cache.get(shipment(), load);
    await cache.get(shipment(), load);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
