import { basisPointsOf, percentOf, priceFromCost } from './cost-markup.policy';

/** The same seeded generator the rate offerings' property test uses: every run draws the same cases. */
const seeded = (start: number) => {
  let seed = start;
  return () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
};

describe('priceFromCost', () => {
  it('adds the percent of the cost, rounded up to the next cent, and the fixed markup', () => {
    // $10.20 + 10 % ($1.02) + $0.50
    expect(priceFromCost(1_020, 10, 50)).toBe(1_172);
    // $9.99 × 12.5 % = 124.875 cents → 125
    expect(priceFromCost(999, 12.5, 0)).toBe(1_124);
  });

  it('is the cost itself with no markup, and the cost plus the fixed part with no percent', () => {
    expect(priceFromCost(1_234, 0, 0)).toBe(1_234);
    expect(priceFromCost(1_234, 0, 75)).toBe(1_309);
    expect(priceFromCost(0, 35, 50)).toBe(50);
  });

  it('rounds a percent exact in decimal exactly, where float arithmetic would round a whole cent up', () => {
    // 250 × 64.4 / 100 is 161.00000000000003 in floating point, whose ceiling is 162: the markup is 161 cents.
    expect(priceFromCost(250, 64.4, 0)).toBe(411);
    expect(priceFromCost(10_000, 0.1 + 0.2, 0)).toBe(10_030);
  });

  it('is never under the cost and is exact integer cents, over random costs and markups', () => {
    const next = seeded(85);
    let percentRoundedUp = 0;
    const wrong: Array<{ costCents: number; markupPercent: number; markupCents: number; price: number }> = [];
    for (let round = 0; round < 20_000; round++) {
      const costCents = Math.floor(next() * 500_000);
      const markupPercent = Math.floor(next() * 50_001) / 100;
      const markupCents = Math.floor(next() * 100_001);
      const price = priceFromCost(costCents, markupPercent, markupCents);
      // The percent part is the least whole number of cents at or over cost × percent / 100 (checked in big integers).
      const percentPart = BigInt(price - costCents - markupCents);
      const exact = BigInt(costCents) * BigInt(Math.round(markupPercent * 100));
      const roundedUpExactly = percentPart * 10_000n >= exact && (percentPart - 1n) * 10_000n < exact;
      if (!Number.isSafeInteger(price) || price < costCents || !roundedUpExactly) wrong.push({ costCents, markupPercent, markupCents, price });
      if (exact % 10_000n !== 0n) percentRoundedUp++;
    }
    expect(wrong).toEqual([]);
    // Most cases had a fraction of a cent to round: the rounding was exercised, not passed around.
    expect(percentRoundedUp).toBeGreaterThan(10_000);
  });
});

describe('basis points', () => {
  it('turns every two-decimal percent from 0 to 500 into basis points and back unchanged', () => {
    const changed: number[] = [];
    for (let basisPoints = 0; basisPoints <= 50_000; basisPoints++) {
      const percent = Number((basisPoints / 100).toFixed(2));
      if (basisPointsOf(percent) !== basisPoints || percentOf(basisPoints) !== percent) changed.push(basisPoints);
    }
    expect(changed).toEqual([]);
  });
});
