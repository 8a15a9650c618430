import { suggestedPricesFor } from './suggested-prices';

const priceAt = (uid: string, maxWeight: number, lb: number): number | undefined =>
  suggestedPricesFor(uid, maxWeight)?.find((tier) => lb >= tier.fromWeight && lb <= tier.toWeight)?.price;

describe('the default prices suggested for sample labels', () => {
  it.each(['usps_priority', 'usps_priority_express', 'usps_ground_advantage'])(
    'charge %s one price from 20 lb up to its 70 lb maximum, as the landing page promises',
    (uid) => {
      const at20 = priceAt(uid, 70, 20);
      expect(at20).toBeGreaterThan(0);
      for (let lb = 20; lb <= 70; lb++) expect(priceAt(uid, 70, lb)).toBe(at20);
    },
  );

  it('still charge less below 20 lb, where the tiers step up with the weight', () => {
    expect(priceAt('usps_priority', 70, 5)).toBeLessThan(priceAt('usps_priority', 70, 6) ?? 0);
    expect(priceAt('usps_priority', 70, 19)).toBeLessThan(priceAt('usps_priority', 70, 20) ?? 0);
  });

  it('end the one price at a smaller maximum weight when the service has one', () => {
    const tiers = suggestedPricesFor('usps_ground_advantage', 30) ?? [];
    expect(tiers[tiers.length - 1]).toEqual({ fromWeight: 20, toWeight: 30, price: 2_400 });
  });

  it('suggest nothing for a service they do not price', () => {
    expect(suggestedPricesFor('usps_media_mail', 70)).toBeUndefined();
  });
});
