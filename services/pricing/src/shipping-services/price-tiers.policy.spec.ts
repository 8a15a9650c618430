import { addPriceRange, ErrorCode, tiersAreContinuous } from '@labeldesk/contracts';
import { priceFor, requireContinuousTiers } from './price-tiers.policy';

const tiers = [
  { fromWeight: 1, toWeight: 5, price: 850 },
  { fromWeight: 6, toWeight: 20, price: 1400 },
  { fromWeight: 21, toWeight: 70, price: 2800 },
];

describe('price tiers', () => {
  it('accepts tiers continuous from 1 to maxWeight in any order', () => {
    expect(tiersAreContinuous([...tiers].reverse(), 70)).toBe(true);
  });

  it.each([
    ['a gap', [{ fromWeight: 1, toWeight: 5, price: 1 }, { fromWeight: 7, toWeight: 70, price: 1 }]],
    ['an overlap', [{ fromWeight: 1, toWeight: 5, price: 1 }, { fromWeight: 5, toWeight: 70, price: 1 }]],
    ['a start above 1', [{ fromWeight: 2, toWeight: 70, price: 1 }]],
    ['an end short of maxWeight', [{ fromWeight: 1, toWeight: 69, price: 1 }]],
    ['an end beyond maxWeight', [{ fromWeight: 1, toWeight: 71, price: 1 }]],
    ['no tiers', []],
  ])('refuses %s with the spec message', (_name, candidate) => {
    expect(() => requireContinuousTiers(candidate, 70)).toThrow(
      expect.objectContaining({ code: ErrorCode.PRICING_INVALID_RANGES, message: expect.stringMatching(/^Invalid price ranges\./) }),
    );
  });

  it('prices by the next whole pound', () => {
    expect(priceFor(tiers, 0.2)).toEqual({ billableWeightLb: 1, priceCents: 850 });
    expect(priceFor(tiers, 5)).toEqual({ billableWeightLb: 5, priceCents: 850 });
    expect(priceFor(tiers, 5.01)).toEqual({ billableWeightLb: 6, priceCents: 1400 });
    expect(priceFor(tiers, 70)).toEqual({ billableWeightLb: 70, priceCents: 2800 });
    expect(priceFor(tiers, 70.5)).toBeNull();
  });

  it('adds a range from the highest end plus one to maxWeight at 0, unless it already reaches maxWeight', () => {
    expect(addPriceRange([{ fromWeight: 1, toWeight: 10, price: 500 }], 70)).toEqual([
      { fromWeight: 1, toWeight: 10, price: 500 },
      { fromWeight: 11, toWeight: 70, price: 0 },
    ]);
    expect(addPriceRange(tiers, 70)).toBe(tiers);
  });
});
