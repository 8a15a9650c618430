import { UserServiceEntity } from '../offering.entities';
import { AvailableServicesUseCase } from './available-offerings.usecase';
import type { ServiceCatalog } from './offering-catalog.usecase';

const copy = (uid: string, enabled: boolean) => Object.assign(new UserServiceEntity(), { id: uid, uid, name: `USPS ${uid}`, category: 'USPS', userId: 'u-1', maxWeight: 70, enabled, prices: [] });

describe('AvailableServicesUseCase', () => {
  it('lists only the copies the user keeps enabled that the platform still offers, without initialising anything', async () => {
    const catalog = {
      forUser: jest.fn(async () => [
        { service: copy('priority', true), offered: true },
        { service: copy('ground', false), offered: true },
        { service: copy('express', true), offered: false },
      ]),
    };
    const answer = await new AvailableServicesUseCase(catalog as unknown as ServiceCatalog).execute('u-1');
    expect(answer.services).toEqual([{ uid: 'priority', name: 'USPS priority', category: 'USPS', maxWeight: 70 }]);
    expect(catalog.forUser).toHaveBeenCalledWith('u-1', false);
  });
});
