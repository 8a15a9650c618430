import { packageWeightLb } from './package-weight';

describe('packageWeightLb', () => {
  it('weighs a package as n × unit weight + packaging weight', () => {
    expect(packageWeightLb({ weight: 2.5, packagingWeight: 0.4 }, 4)).toBe(10.4);
    expect(packageWeightLb({ weight: 2.5, packagingWeight: 0.4 }, 1)).toBe(2.9);
  });

  it('counts the packaging once per package when 9 units ship as 4 + 4 + 1', () => {
    const mug = { weight: 1.2, packagingWeight: 0.3 };
    expect([4, 4, 1].map((units) => packageWeightLb(mug, units))).toEqual([5.1, 5.1, 1.5]);
  });

  it('keeps an existing SKU meaning one unit with no packaging', () => {
    expect(packageWeightLb({ weight: 2.5, packagingWeight: 0 }, 1)).toBe(2.5);
    expect(packageWeightLb({ weight: 2.5, packagingWeight: 0 }, 3)).toBe(7.5);
  });

  it('drops binary noise instead of rounding it up: 3 × 0.1 is 0.3', () => {
    expect(packageWeightLb({ weight: 0.1, packagingWeight: 0 }, 3)).toBe(0.3);
    expect(packageWeightLb({ weight: 0.1, packagingWeight: 0.2 }, 7)).toBe(0.9);
  });

  it('rounds up to the hundredth of a pound, so a package is never declared lighter than it is', () => {
    expect(packageWeightLb({ weight: 0.333, packagingWeight: 0 }, 3)).toBe(1);
    expect(packageWeightLb({ weight: 0.3333, packagingWeight: 0.001 }, 2)).toBe(0.67);
    expect(packageWeightLb({ weight: 1.001, packagingWeight: 0 }, 1)).toBe(1.01);
  });

  it('reads a missing or nonsensical unit count as one unit and a missing packaging weight as none', () => {
    expect(packageWeightLb({ weight: 2, packagingWeight: Number.NaN }, 0)).toBe(2);
    expect(packageWeightLb({ weight: 2, packagingWeight: -1 }, Number.NaN)).toBe(2);
    expect(packageWeightLb({ weight: 2, packagingWeight: 0.5 }, 2.7)).toBe(4.5);
  });
});
