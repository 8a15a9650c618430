import { rateTags, type PricedRate } from './rate-tags';

const rate = (offeringUid: string, priceCents: number, deliveryDays: number | null): PricedRate => ({ offeringUid, priceCents, deliveryDays });
const tagged = (rates: PricedRate[]) => Object.fromEntries([...rateTags(rates)].filter(([, tags]) => tags.length > 0));

describe('rateTags', () => {
  it('tags the lowest price cheapest, the fewest days fastest, and the cheapest rate sooner than the cheapest best value', () => {
    expect(
      tagged([rate('usps_ground_advantage', 610, 5), rate('usps_priority', 905, 2), rate('ups_next_day_air', 4_210, 1), rate('ups_ground', 1_020, 3)]),
    ).toEqual({ usps_ground_advantage: ['cheapest'], usps_priority: ['best value'], ups_next_day_air: ['fastest'] });
  });

  it('gives one rate both tags when the cheapest is also the fastest, and no best value then', () => {
    expect(tagged([rate('a', 500, 1), rate('b', 700, 3)])).toEqual({ a: ['cheapest', 'fastest'] });
  });

  it('breaks ties: the faster of equal prices is cheapest, the cheaper of equal days fastest', () => {
    expect(tagged([rate('slow', 500, 5), rate('quick', 500, 2), rate('dear', 900, 2)])).toEqual({ quick: ['cheapest', 'fastest'] });
  });

  it('tags no rate fastest when no carrier states days, and tags nothing in an empty comparison', () => {
    expect(tagged([rate('a', 500, null), rate('b', 300, null)])).toEqual({ b: ['cheapest'] });
    expect(rateTags([]).size).toBe(0);
  });

  it('gives each tag to one rate at most, whatever the rates', () => {
    let seed = 7;
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    for (let round = 0; round < 500; round++) {
      const rates = Array.from({ length: 1 + Math.floor(next() * 8) }, (_, i) => rate(`s${i}`, 100 + Math.floor(next() * 5_000), next() < 0.2 ? null : 1 + Math.floor(next() * 6)));
      const all = [...rateTags(rates).values()].flat();
      expect(all.filter((tag) => tag === 'cheapest')).toHaveLength(1);
      expect(all.filter((tag) => tag === 'fastest').length).toBeLessThanOrEqual(1);
      expect(all.filter((tag) => tag === 'best value').length).toBeLessThanOrEqual(1);
      const cheapest = [...rateTags(rates)].find(([, tags]) => tags.includes('cheapest'))![0];
      expect(rates.find((r) => r.offeringUid === cheapest)!.priceCents).toBe(Math.min(...rates.map((r) => r.priceCents)));
    }
  });
});
