import { UserShippingServiceEntity } from '../shipping-service.entities';
import { AvailableShippingServicesUseCase } from './available-shipping-services.usecase';
import type { ShippingServiceCatalog } from './shipping-service-catalog.usecase';

const copy = (uid: string, enabled: boolean, pricingMode: 'tiers' | 'cost_markup' = 'tiers') =>
  Object.assign(new UserShippingServiceEntity(), { id: uid, uid, name: `USPS ${uid}`, category: 'USPS', userId: 'u-1', maxWeight: 70, enabled, prices: [], pricingMode });

describe('AvailableShippingServicesUseCase', () => {
  it('lists only the copies the user keeps enabled that the platform still offers, each with how it is priced, without initialising anything', async () => {
    const catalog = {
      forUser: jest.fn(async () => [
        { shippingService: copy('priority', true), offered: true },
        { shippingService: copy('intl', true, 'cost_markup'), offered: true },
        { shippingService: copy('ground', false), offered: true },
        { shippingService: copy('express', true), offered: false },
      ]),
    };
    const answer = await new AvailableShippingServicesUseCase(catalog as unknown as ShippingServiceCatalog).execute('u-1');
    expect(answer.services).toEqual([
      { uid: 'priority', name: 'USPS priority', category: 'USPS', maxWeight: 70, pricingMode: 'tiers' },
      { uid: 'intl', name: 'USPS intl', category: 'USPS', maxWeight: 70, pricingMode: 'cost_markup' },
    ]);
    expect(catalog.forUser).toHaveBeenCalledWith('u-1', false);
  });
});
