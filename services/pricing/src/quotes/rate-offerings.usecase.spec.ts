import type { PriceTier } from '@labeldesk/contracts';
import type { BuyableShippingService } from './quote-prices.cache';
import { offeringOf, RateOfferingsUseCase } from './rate-offerings.usecase';

const service = (prices: PriceTier[], maxWeight = 70): BuyableShippingService => ({ uid: 'ups_ground', name: 'UPS Ground', maxWeight, prices, pricingMode: 'tiers', markupPercent: 0, markupCents: 0, groupPrices: {} });
const costMarkup = (markupPercent: number, markupCents: number): BuyableShippingService => ({ ...service([]), pricingMode: 'cost_markup', markupPercent, markupCents });
const tiers: PriceTier[] = [
  { fromWeight: 1, toWeight: 5, price: 1_200 },
  { fromWeight: 6, toWeight: 70, price: 3_000 },
];

describe('offeringOf', () => {
  it("offers a service at the user's tier price for the billable weight, beside its cost", () => {
    expect(offeringOf(service(tiers), 'ups_ground', 1_020, 4.2)).toEqual({ offered: true, serviceUid: 'ups_ground', serviceName: 'UPS Ground', priceCents: 1_200, costCents: 1_020 });
  });

  it("does not offer a service whose price would be under the carrier's cost, and says so with both amounts", () => {
    expect(offeringOf(service(tiers), 'ups_ground', 1_201, 3)).toEqual({ offered: false, serviceUid: 'ups_ground', serviceName: 'UPS Ground', reason: 'below_cost', priceCents: 1_200, costCents: 1_201 });
  });

  it('does not offer a service the user cannot buy, one over its weight limit, or one with no tier for the weight', () => {
    expect(offeringOf(undefined, 'fedex_ground', 900, 2)).toMatchObject({ offered: false, reason: 'not_offered', serviceName: null });
    expect(offeringOf(service(tiers, 10), 'ups_ground', 900, 12)).toMatchObject({ offered: false, reason: 'over_weight' });
    expect(offeringOf(service([{ fromWeight: 1, toWeight: 5, price: 1_200 }]), 'ups_ground', 900, 9)).toMatchObject({ offered: false, reason: 'no_price' });
  });

  it("offers a cost + markup service at the carrier's cost plus the markup, the percent rounded up to the cent, whatever its tiers", () => {
    // $10.25 × 10 % = 102.5 cents → 103, + $0.50
    expect(offeringOf(costMarkup(10, 50), 'ups_ground', 1_025, 4.2)).toEqual({ offered: true, serviceUid: 'ups_ground', serviceName: 'UPS Ground', priceCents: 1_025 + 103 + 50, costCents: 1_025 });
    expect(offeringOf({ ...costMarkup(0, 0), prices: tiers }, 'ups_ground', 5_000, 2)).toMatchObject({ offered: true, priceCents: 5_000 });
  });

  it('offers a cost + markup service at every random cost and markup, never under the cost', () => {
    let seed = 85;
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const refused: unknown[] = [];
    for (let round = 0; round < 5_000; round++) {
      const costCents = Math.floor(next() * 50_000);
      const answer = offeringOf(costMarkup(Math.floor(next() * 50_001) / 100, Math.floor(next() * 100_001)), 'ups_ground', costCents, 0.1 + next() * 69);
      if (!answer.offered || answer.priceCents < costCents) refused.push(answer);
    }
    expect(refused).toEqual([]);
  });

  it('never offers a price under the cost, over random costs, weights and price lists', () => {
    let seed = 45;
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    let offered = 0;
    for (let round = 0; round < 5_000; round++) {
      const split = 1 + Math.floor(next() * 69);
      const prices = [
        { fromWeight: 1, toWeight: split, price: Math.floor(next() * 5_000) },
        { fromWeight: split + 1, toWeight: 70, price: Math.floor(next() * 20_000) },
      ];
      const costCents = Math.floor(next() * 15_000);
      const weightLb = 0.1 + next() * 75;
      const answer = offeringOf(service(prices), 'ups_ground', costCents, weightLb);
      if (answer.offered) {
        offered++;
        expect(answer.priceCents).toBeGreaterThanOrEqual(costCents);
      } else if (answer.reason === 'below_cost') {
        expect(answer.priceCents).toBeLessThan(costCents);
      }
    }
    // The property was exercised both ways, not vacuously.
    expect(offered).toBeGreaterThan(500);
  });
});

describe('RateOfferingsUseCase', () => {
  it("prices each carrier cost with the user's services looked up by uid, in the order asked", async () => {
    const cache = { buyableByName: jest.fn(async () => new Map([['ups ground', service(tiers)]])) };
    const useCase = new RateOfferingsUseCase(cache as never);
    const { offerings } = await useCase.execute({ userId: '6f1d2a0e-57a1-4c4e-9d6a-2f1f3f9d7b10', weightLb: 2, costs: [{ serviceUid: 'fedex_ground', costCents: 800 }, { serviceUid: 'ups_ground', costCents: 900 }] });
    expect(offerings.map((o) => [o.serviceUid, o.offered])).toEqual([['fedex_ground', false], ['ups_ground', true]]);
  });
});
