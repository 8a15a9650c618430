import { DomainError, ErrorCode } from '@labeldesk/contracts';
import { applyGroupPrices } from './group-prices.policy';
import { DefaultShippingServiceEntity } from './shipping-service.entities';

const service = () => Object.assign(new DefaultShippingServiceEntity(), { maxWeight: 20, groupPrices: { europe: [{ fromWeight: 1, toWeight: 20, price: 4_000 }] } });

describe('applyGroupPrices', () => {
  it("sets one group's tiers sorted by weight and keeps the other groups'", () => {
    const shippingService = service();
    applyGroupPrices(shippingService, { group: 'canada', prices: [{ fromWeight: 6, toWeight: 20, price: 3_000 }, { fromWeight: 1, toWeight: 5, price: 2_000 }] });
    expect(shippingService.groupPrices).toEqual({
      europe: [{ fromWeight: 1, toWeight: 20, price: 4_000 }],
      canada: [{ fromWeight: 1, toWeight: 5, price: 2_000 }, { fromWeight: 6, toWeight: 20, price: 3_000 }],
    });
  });

  it('clears a group given no tiers, so it is priced by the service mode again', () => {
    const shippingService = service();
    applyGroupPrices(shippingService, { group: 'europe', prices: [] });
    expect(shippingService.groupPrices).toEqual({});
  });

  it("refuses tiers that do not run from 1 lb to the service's maximum, naming the group, and changes nothing", () => {
    const shippingService = service();
    const attempt = () => applyGroupPrices(shippingService, { group: 'asia_pacific', prices: [{ fromWeight: 1, toWeight: 10, price: 2_000 }] });
    expect(attempt).toThrow(DomainError);
    expect(attempt).toThrow(/Asia-Pacific.*1 to 20 lb/);
    try {
      attempt();
    } catch (error) {
      expect((error as DomainError).code).toBe(ErrorCode.PRICING_INVALID_RANGES);
    }
    expect(shippingService.groupPrices).toEqual({ europe: [{ fromWeight: 1, toWeight: 20, price: 4_000 }] });
  });
});
