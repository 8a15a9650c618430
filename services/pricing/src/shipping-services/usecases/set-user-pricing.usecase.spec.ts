import { DomainError, ErrorCode } from '@labeldesk/contracts';
import { toUserShippingService } from '../shipping-service.mapper';
import { UserShippingServiceEntity } from '../shipping-service.entities';
import type { ShippingServiceRepository } from '../shipping-service.repository';
import { SetUserPricingUseCase } from './set-user-pricing.usecase';

const TIERS = [{ fromWeight: 1, toWeight: 70, price: 900 }];

const setup = () => {
  const ground = Object.assign(new UserShippingServiceEntity(), { id: 'g', uid: 'ups_ground', name: 'UPS Ground', category: 'UPS', userId: 'u-1', maxWeight: 70, enabled: true, prices: TIERS });
  const repository = {
    updateUserShippingService: jest.fn(async (userId: string, id: string, change: (s: UserShippingServiceEntity) => void) => {
      if (userId !== 'u-1' || id !== 'g') throw new DomainError(ErrorCode.NOT_FOUND, 'Service not found');
      change(ground);
      return ground;
    }),
  };
  return { useCase: new SetUserPricingUseCase(repository as unknown as ShippingServiceRepository), ground };
};

describe('SetUserPricingUseCase', () => {
  it("sets the user's mode and markup, kept as basis points and shown again as the percent given, and keeps the tiers", async () => {
    const { useCase, ground } = setup();
    expect(toUserShippingService(ground, true)).toMatchObject({ pricingMode: 'tiers', markupPercent: 0, markupCents: 0 });
    await useCase.execute('u-1', 'g', { pricingMode: 'cost_markup', markupPercent: 12.34, markupCents: 50 });
    expect([ground.pricingMode, ground.markupBasisPoints, ground.markupCents, ground.prices]).toEqual(['cost_markup', 1_234, 50, TIERS]);
    expect(toUserShippingService(ground, true)).toMatchObject({ pricingMode: 'cost_markup', markupPercent: 12.34, markupCents: 50, prices: TIERS });
  });

  it("refuses another user's service as not found, changing nothing", async () => {
    const { useCase, ground } = setup();
    await expect(useCase.execute('u-2', 'g', { pricingMode: 'cost_markup', markupPercent: 10, markupCents: 0 })).rejects.toMatchObject({ code: ErrorCode.NOT_FOUND });
    expect(ground.pricingMode).toBe('tiers');
  });
});
