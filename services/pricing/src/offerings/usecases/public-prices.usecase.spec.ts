import { DefaultOfferingEntity } from '../offering.entities';
import type { OfferingRepository } from '../offering.repository';
import { PublicPricesUseCase } from './public-prices.usecase';

const offering = (name: string, enabled: boolean, prices: Array<[number, number, number]>) =>
  Object.assign(new DefaultOfferingEntity(), { id: name, uid: name, name, category: 'USPS', maxWeight: 70, enabled, prices: prices.map(([fromWeight, toWeight, price]) => ({ fromWeight, toWeight, price })) });

describe('PublicPricesUseCase', () => {
  it('advertises each enabled, priced default at its lowest tier price, cheapest first, and never syncs', async () => {
    const repository = {
      listDefaults: jest.fn(async () => [
        offering('Priority', true, [[1, 20, 900], [21, 70, 1400]]),
        offering('Ground', true, [[1, 70, 450]]),
        offering('Express', false, [[1, 70, 2500]]),
        offering('Unpriced', true, []),
      ]),
    };
    const answer = await new PublicPricesUseCase(repository as unknown as OfferingRepository).execute();
    expect(answer.services).toEqual([
      { name: 'Ground', maxWeight: 70, fromCents: 450 },
      { name: 'Priority', maxWeight: 70, fromCents: 900 },
    ]);
    expect(Object.keys(repository)).toEqual(['listDefaults']);
  });
});
