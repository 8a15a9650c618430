import { groupStartingTiers, pricedGroups } from './group-prices-text';

describe('group prices in words', () => {
  it('lists only the groups with tiers, in the contract order, with their cheapest price', () => {
    const groups = { europe: [{ fromWeight: 1, toWeight: 70, price: 4_500 }], canada: [{ fromWeight: 1, toWeight: 5, price: 5_500 }, { fromWeight: 6, toWeight: 70, price: 8_000 }], mexico: [] };
    expect(pricedGroups(groups)).toEqual([
      { group: 'canada', name: 'Canada', summary: 'from $55.00, 2 ranges' },
      { group: 'europe', name: 'Europe', summary: 'from $45.00' },
    ]);
    expect(pricedGroups(undefined)).toEqual([]);
  });

  it("starts a group's editor from its saved tiers, or one $0 range to the service's maximum", () => {
    expect(groupStartingTiers({ canada: [{ fromWeight: 1, toWeight: 66, price: 5_500 }] }, 'canada', 66)).toEqual([{ fromWeight: 1, toWeight: 66, price: 5_500 }]);
    expect(groupStartingTiers({}, 'asia_pacific', 66)).toEqual([{ fromWeight: 1, toWeight: 66, price: 0 }]);
  });
});
