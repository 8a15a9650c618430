import { DomainError, ErrorCode } from '@labeldesk/contracts';
import { UserShippingServiceEntity } from '../shipping-service.entities';
import type { ShippingServiceRepository } from '../shipping-service.repository';
import { SetUserPricesUseCase } from './set-user-prices.usecase';

const setup = () => {
  const priority = Object.assign(new UserShippingServiceEntity(), { id: 'p', uid: 'p', name: 'Priority', category: 'USPS', userId: 'u-1', maxWeight: 70, enabled: true, prices: [{ fromWeight: 1, toWeight: 70, price: 900 }] });
  const repository = {
    updateUserShippingService: jest.fn(async (userId: string, id: string, change: (s: UserShippingServiceEntity) => void) => {
      if (userId !== 'u-1' || id !== 'p') throw new DomainError(ErrorCode.NOT_FOUND, 'Service not found');
      change(priority);
      return priority;
    }),
  };
  return { useCase: new SetUserPricesUseCase(repository as unknown as ShippingServiceRepository), priority };
};

describe('SetUserPricesUseCase', () => {
  it("sets the user's tiers when they cover 1 lb to the shipping service's maximum weight", async () => {
    const { useCase, priority } = setup();
    const tiers = [{ fromWeight: 1, toWeight: 20, price: 800 }, { fromWeight: 21, toWeight: 70, price: 1200 }];
    await expect(useCase.execute('u-1', 'p', tiers)).resolves.toBe(priority);
    expect(priority.prices).toEqual(tiers);
  });

  it('refuses tiers with a gap and leaves the prices as they were', async () => {
    const { useCase, priority } = setup();
    await expect(useCase.execute('u-1', 'p', [{ fromWeight: 1, toWeight: 20, price: 800 }, { fromWeight: 25, toWeight: 70, price: 1200 }])).rejects.toBeInstanceOf(DomainError);
    expect(priority.prices).toEqual([{ fromWeight: 1, toWeight: 70, price: 900 }]);
  });
});
