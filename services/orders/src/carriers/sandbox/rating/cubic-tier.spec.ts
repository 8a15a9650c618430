import { cubicTier, roundDownToQuarterInch, type CubicTier } from './cubic-tier';
import { between, seededRandom } from './testing/random-parcels';

const tierOf = (lengthIn: number, widthIn: number, heightIn: number, weightLb = 5): CubicTier => {
  const result = cubicTier({ lengthIn, widthIn, heightIn }, weightLb);
  if ('notEligible' in result) throw new Error(result.notEligible);
  return result;
};

describe('roundDownToQuarterInch', () => {
  it.each([
    [12.3, 12.25], [5.6, 5.5], [5.75, 5.75], [5.99, 5.75], [3, 3], [0.2, 0],
  ])('measures %p in as %p in', (inches, measured) => {
    expect(roundDownToQuarterInch(inches)).toBe(measured);
  });

  it('keeps a quarter stored a hair under itself (0.1 + 0.2 + 5.45 = 5.749999…) at 5.75 in', () => {
    expect(roundDownToQuarterInch(0.1 + 0.2 + 5.45)).toBe(5.75);
  });
});

describe('cubicTier', () => {
  it("reproduces Pirate Ship's worked example: 12.3 × 9.5 × 3 in → 12.25 × 9.5 × 3 = 349.125 in³ = 0.202 ft³ → tier 0.3", () => {
    expect(tierOf(12.3, 9.5, 3)).toEqual({ tierTenths: 3, measuredSidesIn: [12.25, 9.5, 3], cubicFeet: 349.125 / 1_728 });
  });

  it('puts the slightly smaller 12 × 9.5 × 3 in box (0.198 ft³) in tier 0.2', () => {
    expect(tierOf(12, 9.5, 3).tierTenths).toBe(2);
  });

  it('keeps a volume of exactly 0.5 ft³ (12 × 12 × 6 in) in tier 0.5, and exactly 0.2 ft³ in tier 0.2', () => {
    expect(tierOf(12, 12, 6).tierTenths).toBe(5);
    expect(tierOf(12, 12, 2.4).tierTenths).toBe(2);
  });

  it('refuses a parcel over 0.5 ft³, naming its measured size', () => {
    expect(cubicTier({ lengthIn: 12, widthIn: 12, heightIn: 6.3 }, 5)).toEqual({
      notEligible: 'Cubic pricing takes parcels up to 0.5 ft³; this one is 0.521 ft³ (12 × 12 × 6.25 in, each rounded down to the ¼ inch)',
    });
  });

  it('refuses a parcel over 20 lb or longer than 18 in on a side, and takes exactly 20 lb and 18 in (18 × 3 × 3 = 162 in³, tier 0.1)', () => {
    expect(cubicTier({ lengthIn: 4, widthIn: 4, heightIn: 4 }, 20.5)).toEqual({ notEligible: 'Cubic pricing takes parcels up to 20 lb; this one weighs 20.5 lb' });
    expect(cubicTier({ lengthIn: 3, widthIn: 18.1, heightIn: 3 }, 2)).toEqual({
      notEligible: 'Cubic pricing takes parcels up to 18 in on every side; the longest side is 18.1 in',
    });
    expect(tierOf(18, 3, 3, 20).tierTenths).toBe(1);
  });

  it('puts a parcel whose sides round down to nothing in the first tier', () => {
    expect(tierOf(10, 10, 0.2).tierTenths).toBe(1);
  });

  it('measures every side down to a quarter inch, less than a quarter below the real side, and tiers by the rounded-up tenth of ft³ (5,000 random parcels)', () => {
    const random = seededRandom(1_728);
    for (let i = 0; i < 5_000; i++) {
      const sides = [between(random, 0.5, 18), between(random, 0.5, 12), between(random, 0.5, 8)] as const;
      const result = cubicTier({ lengthIn: sides[0], widthIn: sides[1], heightIn: sides[2] }, 1);
      if ('notEligible' in result) continue;
      const sorted = [...sides].sort((a, b) => b - a);
      result.measuredSidesIn.forEach((measured, index) => {
        expect([sides, measured * 4]).toEqual([sides, Math.round(measured * 4)]);
        expect(measured).toBeLessThanOrEqual(sorted[index]!);
        expect(sorted[index]! - measured).toBeLessThan(0.25);
      });
      const [a, b, c] = result.measuredSidesIn;
      // Independent arithmetic: whole sixteenths of a cubic inch are exact in binary, so this volume is exact too.
      const tenths = Math.max(1, Math.ceil(((a * b * c) / 1_728) * 10 - 1e-9));
      expect([sides, result.tierTenths]).toEqual([sides, tenths]);
    }
  });

  it('never puts a larger parcel in a smaller tier (2,000 random pairs, one side grown)', () => {
    const random = seededRandom(20);
    for (let i = 0; i < 2_000; i++) {
      const small = { lengthIn: between(random, 1, 14), widthIn: between(random, 1, 10), heightIn: between(random, 1, 6) };
      const large = { ...small, heightIn: small.heightIn + between(random, 0, 3) };
      const [smallTier, largeTier] = [cubicTier(small, 1), cubicTier(large, 1)];
      if ('notEligible' in largeTier) continue;
      if ('notEligible' in smallTier) throw new Error(`${JSON.stringify(small)} refused while the larger one was not`);
      expect([small, large, smallTier.tierTenths <= largeTier.tierTenths]).toEqual([small, large, true]);
    }
  });
});
