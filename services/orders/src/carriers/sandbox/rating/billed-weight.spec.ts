import { catalogServiceOf, SHIPPING_SERVICE_CATALOG, type CatalogService } from '../../catalog/shipping-service-catalog';
import { billedWeight, roundedCubicInches } from './billed-weight';
import { between, seededRandom } from './testing/random-parcels';

const service = (uid: string): CatalogService => {
  const found = catalogServiceOf(uid);
  if (!found) throw new Error(`${uid} is not in the catalog`);
  return found;
};
const cube = (side: number) => ({ lengthIn: side, widthIn: side, heightIn: side });

describe('billedWeight', () => {
  it('bills a light 12 in cube by UPS at its dimensional weight: 1,728 ÷ 139 = 12.43, up to 13 lb', () => {
    expect(billedWeight(service('ups_ground'), cube(12), 3)).toEqual({ billedWeightLb: 13, basis: 'dimensional', dimensionalWeightLb: 13 });
  });

  it('bills a dense parcel at its actual weight, any fraction of a pound up (2.1 lb → 3 lb)', () => {
    expect(billedWeight(service('fedex_ground'), cube(4), 2.1)).toEqual({ billedWeightLb: 3, basis: 'actual', dimensionalWeightLb: 1 });
  });

  it('rounds each side to the nearest inch before multiplying, as UPS publishes (11.5 × 11.4 × 12 → 12 × 11 × 12 = 1,584 in³)', () => {
    expect(roundedCubicInches({ lengthIn: 11.5, widthIn: 11.4, heightIn: 12 })).toBe(1_584);
    expect(billedWeight(service('ups_ground'), { lengthIn: 11.5, widthIn: 11.4, heightIn: 12 }, 1).billedWeightLb).toBe(12);
  });

  it('leaves USPS at actual weight up to one cubic foot, even when the size would weigh more', () => {
    expect(billedWeight(service('usps_priority'), cube(12), 3)).toEqual({ billedWeightLb: 3, basis: 'actual', dimensionalWeightLb: null });
  });

  it('bills USPS above one cubic foot at L × W × H ÷ 166 (12 × 12 × 13 = 1,872 ÷ 166 = 11.28, up to 12 lb)', () => {
    expect(billedWeight(service('usps_ground_advantage'), { lengthIn: 12, widthIn: 12, heightIn: 13 }, 3)).toEqual({
      billedWeightLb: 12,
      basis: 'dimensional',
      dimensionalWeightLb: 12,
    });
  });

  it('never bills less than the actual weight rounded up nor, where size counts, the dimensional weight, always in whole pounds (3,000 random parcels)', () => {
    const random = seededRandom(139);
    for (let i = 0; i < 3_000; i++) {
      const svc = SHIPPING_SERVICE_CATALOG[i % SHIPPING_SERVICE_CATALOG.length]!;
      const dims = { lengthIn: between(random, 1, 40), widthIn: between(random, 1, 30), heightIn: between(random, 1, 30) };
      const weightLb = between(random, 0.1, 70);
      const billed = billedWeight(svc, dims, weightLb);
      const context = { uid: svc.uid, dims, weightLb, billed };
      expect(context).toEqual({ ...context, billed: expect.objectContaining({ billedWeightLb: Math.max(Math.ceil(weightLb), billed.dimensionalWeightLb ?? 0) }) });
      expect(Number.isInteger(billed.billedWeightLb)).toBe(true);
    }
  });
});
