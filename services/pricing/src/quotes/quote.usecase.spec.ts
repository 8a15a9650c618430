import { DomainError, ErrorCode, type PriceTier } from '@labeldesk/contracts';
import type { BuyableShippingService, QuotePricesCache } from './quote-prices.cache';
import { QuoteUseCase } from './quote.usecase';

const USER = '6565c5d5-6f6c-4baf-a307-daaaaed3489f';
const tiers: PriceTier[] = [{ fromWeight: 1, toWeight: 70, price: 1_500 }];
const priority: BuyableShippingService = { uid: 'usps_priority', name: 'USPS Priority Mail', maxWeight: 70, prices: tiers, pricingMode: 'tiers', markupPercent: 0, markupCents: 0, groupPrices: {} };
const ground: BuyableShippingService = { uid: 'ups_ground', name: 'UPS Ground', maxWeight: 70, prices: tiers, pricingMode: 'cost_markup', markupPercent: 10, markupCents: 50, groupPrices: {} };
const express: BuyableShippingService = { uid: 'fedex_express', name: 'FedEx Express', maxWeight: 70, prices: tiers, pricingMode: 'cost_markup', markupPercent: 0, markupCents: 0, groupPrices: {} };

const quoteUseCase = () => {
  const prices = { buyableByName: jest.fn(async () => new Map([priority, ground, express].map((s) => [s.name.toLowerCase(), s]))) };
  return new QuoteUseCase(prices as unknown as QuotePricesCache);
};

const refusalOf = async (promise: Promise<unknown>): Promise<DomainError> => {
  const error = await promise.then(() => null, (e: unknown) => e);
  if (!(error instanceof DomainError)) throw new Error(`expected a DomainError, got ${String(error)}`);
  return error;
};

describe('QuoteUseCase', () => {
  it("prices a cost + markup service from the item's carrier cost, and a tier service by its tier whatever the cost", async () => {
    const answer = await quoteUseCase().execute({
      userId: USER,
      items: [
        { serviceName: 'UPS Ground', weightLb: 3.2, costCents: 1_020 },
        { serviceName: 'usps priority mail', weightLb: 3.2, costCents: 2_000 },
      ],
    });
    expect(answer.items).toEqual([
      { serviceUid: 'ups_ground', serviceName: 'UPS Ground', billableWeightLb: 4, priceCents: 1_020 + 102 + 50, pricingMode: 'cost_markup' },
      { serviceUid: 'usps_priority', serviceName: 'USPS Priority Mail', billableWeightLb: 4, priceCents: 1_500, pricingMode: 'tiers' },
    ]);
    expect(answer.totalCents).toBe(1_172 + 1_500);
  });

  it('refuses cost + markup items quoted without a cost with PRICING_COST_NEEDED, naming each service once and each item', async () => {
    const error = await refusalOf(
      quoteUseCase().execute({
        userId: USER,
        items: [
          { serviceName: 'UPS Ground', weightLb: 1 },
          { serviceName: 'USPS Priority Mail', weightLb: 1 },
          { serviceName: 'FedEx Express', weightLb: 1 },
          { serviceName: 'UPS Ground', weightLb: 2 },
        ],
      }),
    );
    expect(error.code).toBe(ErrorCode.PRICING_COST_NEEDED);
    expect(error.message).toBe("UPS Ground, FedEx Express are priced from the carrier's rate for each parcel: compare rates to see their prices");
    expect(error.issues?.map((issue) => issue.path)).toEqual(['items.0.costCents', 'items.2.costCents', 'items.3.costCents']);
  });

  it('says so in words a customer can act on when the one service asked is priced from the cost', async () => {
    const error = await refusalOf(quoteUseCase().execute({ userId: USER, items: [{ serviceName: 'UPS Ground', weightLb: 1 }] }));
    expect([error.code, error.message]).toEqual([ErrorCode.PRICING_COST_NEEDED, "UPS Ground is priced from the carrier's rate for each parcel: compare rates to see its price"]);
  });

  it('answers a refusal that no cost can lift before asking for costs', async () => {
    const error = await refusalOf(
      quoteUseCase().execute({ userId: USER, items: [{ serviceName: 'UPS Ground', weightLb: 1 }, { serviceName: 'DHL Anything', weightLb: 1 }] }),
    );
    expect(error.code).toBe(ErrorCode.PRICING_SERVICE_UNAVAILABLE);
  });

  it('still refuses a cost + markup parcel over the service weight limit, cost or not', async () => {
    const error = await refusalOf(quoteUseCase().execute({ userId: USER, items: [{ serviceName: 'UPS Ground', weightLb: 71, costCents: 900 }] }));
    expect(error.code).toBe(ErrorCode.PRICING_WEIGHT_OVER_MAX);
  });
});
