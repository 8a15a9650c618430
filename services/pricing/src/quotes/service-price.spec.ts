import type { PriceTier } from '@labeldesk/contracts';
import type { BuyableShippingService } from './quote-prices.cache';
import { offeringOf } from './rate-offerings.usecase';
import { servicePrice } from './service-price';

const tiers = (price: number, to = 70): PriceTier[] => [{ fromWeight: 1, toWeight: to, price }];
const abroad = (overrides: Partial<BuyableShippingService> = {}): BuyableShippingService => ({
  uid: 'sandbox_usps_priority_intl',
  name: 'USPS Priority Mail International',
  maxWeight: 70,
  prices: tiers(900),
  pricingMode: 'cost_markup',
  markupPercent: 10,
  markupCents: 50,
  groupPrices: { canada: [{ fromWeight: 1, toWeight: 4, price: 2_400 }, { fromWeight: 5, toWeight: 70, price: 6_000 }], europe: tiers(4_500) },
  ...overrides,
});

describe('servicePrice abroad (decision 116)', () => {
  it("prices a label abroad by its receiver's group's tiers for the billable weight, without the carrier's cost", () => {
    expect(servicePrice(abroad(), 3.2, undefined, 'CA')).toEqual({ kind: 'priced', billableWeightLb: 4, priceCents: 2_400 });
    expect(servicePrice(abroad(), 4.1, undefined, 'ca')).toEqual({ kind: 'priced', billableWeightLb: 5, priceCents: 6_000 });
    expect(servicePrice(abroad(), 2, 9_999, 'DE')).toEqual({ kind: 'priced', billableWeightLb: 2, priceCents: 4_500 });
    expect(servicePrice(abroad(), 2, undefined, 'GB')).toMatchObject({ priceCents: 4_500 });
  });

  it("prices a group without tiers by the service's own mode: cost + markup, or the cost asked for", () => {
    expect(servicePrice(abroad(), 2, 2_000, 'JP')).toEqual({ kind: 'priced', billableWeightLb: 2, priceCents: 2_000 + 200 + 50 });
    expect(servicePrice(abroad(), 2, undefined, 'MX')).toEqual({ kind: 'cost_needed' });
    expect(servicePrice(abroad({ groupPrices: { canada: [] } }), 2, undefined, 'CA')).toEqual({ kind: 'cost_needed' });
  });

  it('prices a label at home by the service alone, whatever its groups', () => {
    expect(servicePrice(abroad({ pricingMode: 'tiers' }), 2, undefined, 'US')).toMatchObject({ priceCents: 900 });
    expect(servicePrice(abroad({ pricingMode: 'tiers' }), 2, undefined, undefined)).toMatchObject({ priceCents: 900 });
  });

  it("does not offer a group's tier under the carrier's cost for the parcel", () => {
    expect(offeringOf(abroad(), 'sandbox_usps_priority_intl', 4_600, 2, 'FR')).toEqual({
      offered: false,
      serviceUid: 'sandbox_usps_priority_intl',
      serviceName: 'USPS Priority Mail International',
      reason: 'below_cost',
      priceCents: 4_500,
      costCents: 4_600,
    });
    expect(offeringOf(abroad(), 'sandbox_usps_priority_intl', 4_400, 2, 'FR')).toMatchObject({ offered: true, priceCents: 4_500 });
  });
});
