import { billableWeightLb, tiersAreContinuous } from '@labeldesk/contracts';
import { between, randomZip, seededRandom } from './rating/testing/random-parcels';
import { dearestCostByWeightCents, isUnavailable, sandboxRate, type SandboxParcel } from './rating';
import { uspsFlatPostageCents } from './sandbox-rates';
import { SANDBOX_SHIPPING_SERVICES } from './sandbox-services';
import { INTERNATIONAL_MARKUP, suggestedMarkupFor, suggestedPricesFor } from './suggested-prices';
import { findSandboxInternationalService, SANDBOX_INTERNATIONAL_SERVICES } from './abroad/international-services';

const priceAt = (uid: string, maxWeight: number, lb: number): number | undefined =>
  suggestedPricesFor(uid, maxWeight)?.find((tier) => lb >= tier.fromWeight && lb <= tier.toWeight)?.price;

const SERVICES = SANDBOX_SHIPPING_SERVICES.filter((service) => !findSandboxInternationalService(service.uid)).map((service) => [service.uid, service.maxWeightLb] as const);

describe('the default prices suggested for sample labels', () => {
  it.each(SANDBOX_INTERNATIONAL_SERVICES.map((service) => service.uid))('suggest %s abroad as its cost plus a markup, with no tiers', (uid) => {
    expect(suggestedPricesFor(uid, 70)).toBeUndefined();
    expect(suggestedMarkupFor(uid)).toEqual(INTERNATIONAL_MARKUP);
    expect(suggestedMarkupFor('usps_priority')).toBeUndefined();
  });

  it.each(SERVICES)('cover %s from 1 lb to its %s lb maximum without a gap', (uid, maxWeight) => {
    expect(tiersAreContinuous(suggestedPricesFor(uid, maxWeight) ?? [], maxWeight)).toBe(true);
  });

  it.each(SERVICES)('charge %s one price from 20 lb up to its %s lb maximum, as the landing page promises', (uid, maxWeight) => {
    const at20 = priceAt(uid, maxWeight, 20);
    expect(at20).toBeGreaterThan(0);
    for (let lb = 20; lb <= maxWeight; lb++) expect(priceAt(uid, maxWeight, lb)).toBe(at20);
  });

  it('still charge less below 20 lb, where the tiers step up with the weight', () => {
    expect(priceAt('ups_ground', 150, 1)).toBeLessThan(priceAt('ups_ground', 150, 2) ?? 0);
    expect(priceAt('ups_ground', 150, 5)).toBeLessThan(priceAt('ups_ground', 150, 6) ?? 0);
    expect(priceAt('usps_priority', 70, 5)).toBeLessThan(priceAt('usps_priority', 70, 6) ?? 0);
    expect(priceAt('usps_priority', 70, 19)).toBeLessThan(priceAt('usps_priority', 70, 20) ?? 0);
  });

  it('keep the USPS tiers every install was priced from: Priority Mail $8.50 up to 5 lb, $14.50 to 19 lb, $29.50 above', () => {
    expect(suggestedPricesFor('usps_priority', 70)).toEqual([
      { fromWeight: 1, toWeight: 5, price: 850 },
      { fromWeight: 6, toWeight: 19, price: 1_450 },
      { fromWeight: 20, toWeight: 70, price: 2_950 },
    ]);
  });

  it('end the one price at a smaller maximum weight when the service has one, priced for that weight', () => {
    const tiers = suggestedPricesFor('ups_ground', 30) ?? [];
    expect(tiers.at(-1)).toMatchObject({ fromWeight: 20, toWeight: 30 });
    expect(tiers.at(-1)?.price).toBeLessThan(priceAt('ups_ground', 150, 150) ?? 0);
    expect(suggestedPricesFor('usps_ground_advantage', 30)?.at(-1)).toMatchObject({ fromWeight: 20, toWeight: 30 });
  });

  it('suggest nothing for a service the sandbox does not sell', () => {
    expect(suggestedPricesFor('usps_media_mail', 70)).toBeUndefined();
    expect(suggestedPricesFor('dhl_express_worldwide', 154)).toBeUndefined();
  });

  it('keep a small margin in the farthest zone: UPS Ground at 5 lb sells above its dearest cost, by at most a tenth', () => {
    const price = priceAt('ups_ground', 150, 5) ?? 0;
    const dearest = dearestCostByWeightCents('ups_ground', 5) ?? Infinity;
    expect(price).toBeGreaterThan(dearest);
    expect(price).toBeLessThanOrEqual(Math.ceil(dearest * 1.1));
  });

  /** A box small for its weight, so it is billed by weight (a bulky one is billed by dimensional weight, which tiers cannot see). */
  const boxBilledByWeight = (random: () => number, weightLb: number): SandboxParcel => ({
    fromZip: randomZip(random),
    toZip: randomZip(random),
    lengthIn: between(random, 1, 8),
    widthIn: between(random, 1, 6),
    heightIn: between(random, 1, 4),
    weightLb,
  });

  it.each(SERVICES)('price %s above its simulated cost for random parcels at every weight up to %s lb, in every zone they land in', (uid, maxWeight) => {
    const random = seededRandom(uid.length * 7_919 + maxWeight);
    const zones = new Set<number>();
    let checked = 0;
    for (let lb = 1; lb <= maxWeight; lb++) {
      for (let draw = 0; draw < 6; draw++) {
        // A weight in (lb − 1, lb], so the tier of `lb` prices it.
        const parcel = boxBilledByWeight(random, Math.max(0.01, Math.round((lb - random() * 0.99) * 100) / 100));
        const rate = sandboxRate(uid, parcel);
        if (isUnavailable(rate) || rate.basis !== 'actual') continue;
        // What the sandbox charges itself: the model's cost, USPS's flat simulated postage.
        const cost = uspsFlatPostageCents(uid, parcel.weightLb) ?? rate.costCents;
        const price = priceAt(uid, maxWeight, billableWeightLb(parcel.weightLb));
        if (price === undefined) throw new Error(`no suggested price for ${uid} at ${parcel.weightLb} lb`);
        if (!(price > cost)) throw new Error(`${uid}: ${parcel.weightLb} lb ${parcel.fromZip} → ${parcel.toZip} (zone ${rate.zone}) costs ${cost}, priced ${price}`);
        zones.add(rate.zone);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(maxWeight * 3);
    expect(zones.size).toBeGreaterThanOrEqual(5);
  });
});
