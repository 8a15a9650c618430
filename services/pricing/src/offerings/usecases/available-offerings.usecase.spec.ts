import { UserOfferingEntity } from '../offering.entities';
import { AvailableOfferingsUseCase } from './available-offerings.usecase';
import type { OfferingCatalog } from './offering-catalog.usecase';

const copy = (uid: string, enabled: boolean) => Object.assign(new UserOfferingEntity(), { id: uid, uid, name: `USPS ${uid}`, category: 'USPS', userId: 'u-1', maxWeight: 70, enabled, prices: [] });

describe('AvailableOfferingsUseCase', () => {
  it('lists only the copies the user keeps enabled that the platform still offers, without initialising anything', async () => {
    const catalog = {
      forUser: jest.fn(async () => [
        { offering: copy('priority', true), offered: true },
        { offering: copy('ground', false), offered: true },
        { offering: copy('express', true), offered: false },
      ]),
    };
    const answer = await new AvailableOfferingsUseCase(catalog as unknown as OfferingCatalog).execute('u-1');
    expect(answer.services).toEqual([{ uid: 'priority', name: 'USPS priority', category: 'USPS', maxWeight: 70 }]);
    expect(catalog.forUser).toHaveBeenCalledWith('u-1', false);
  });
});
