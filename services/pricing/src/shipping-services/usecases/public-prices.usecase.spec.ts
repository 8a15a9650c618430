import { DefaultShippingServiceEntity } from '../shipping-service.entities';
import type { ShippingServiceRepository } from '../shipping-service.repository';
import { PublicPricesUseCase } from './public-prices.usecase';

const shippingService = (name: string, enabled: boolean, prices: Array<[number, number, number]>) =>
  Object.assign(new DefaultShippingServiceEntity(), { id: name, uid: name, name, category: 'USPS', maxWeight: 70, enabled, prices: prices.map(([fromWeight, toWeight, price]) => ({ fromWeight, toWeight, price })) });

describe('PublicPricesUseCase', () => {
  it('advertises each enabled, priced default at its lowest tier price, cheapest first, and never syncs', async () => {
    const repository = {
      listDefaults: jest.fn(async () => [
        shippingService('Priority', true, [[1, 20, 900], [21, 70, 1400]]),
        shippingService('Ground', true, [[1, 70, 450]]),
        shippingService('Express', false, [[1, 70, 2500]]),
        shippingService('Unpriced', true, []),
      ]),
    };
    const answer = await new PublicPricesUseCase(repository as unknown as ShippingServiceRepository).execute();
    expect(answer.services).toEqual([
      { name: 'Ground', maxWeight: 70, fromCents: 450 },
      { name: 'Priority', maxWeight: 70, fromCents: 900 },
    ]);
    expect(Object.keys(repository)).toEqual(['listDefaults']);
  });
});
