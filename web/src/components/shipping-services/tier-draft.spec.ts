import { INVALID_PRICE_RANGES } from '@labeldesk/contracts';
import { addTierDraft, checkTierDrafts, removeTierDraft, tierBounds, tierDraftsChanged, tierDraftsFrom, tierDraftsReach, updateTierDraft } from './tier-draft';
import type { TierDraft } from './tier-draft';

const draft = (fromWeight: string, toWeight: string, price: string): TierDraft => ({ key: `${fromWeight}-${toWeight}`, fromWeight, toWeight, price });

describe('price tier drafts', () => {
  it('shows saved tiers sorted by weight with prices in dollars and 2 decimals', () => {
    const drafts = tierDraftsFrom([
      { fromWeight: 6, toWeight: 70, price: 1450 },
      { fromWeight: 1, toWeight: 5, price: 850 },
    ]);
    expect(drafts.map(({ fromWeight, toWeight, price }) => [fromWeight, toWeight, price])).toEqual([
      ['1', '5', '8.50'],
      ['6', '70', '14.50'],
    ]);
  });

  it('sends continuous ranges as whole pounds and exact integer cents, sorted', () => {
    const result = checkTierDrafts([draft('11', '70', '19.99'), draft('1', '10', '8.5')], 70);
    expect(result).toEqual({
      ok: true,
      tiers: [
        { fromWeight: 1, toWeight: 10, price: 850 },
        { fromWeight: 11, toWeight: 70, price: 1999 },
      ],
    });
  });

  it.each([
    ['a gap', [draft('1', '10', '5'), draft('12', '70', '9')]],
    ['an overlap', [draft('1', '10', '5'), draft('10', '70', '9')]],
    ['a start above 1', [draft('2', '70', '5')]],
    ['an end short of the max weight', [draft('1', '69', '5')]],
    ['a range ending before it starts', [draft('1', '10', '5'), draft('11', '9', '5'), draft('10', '70', '5')]],
    ['no ranges at all', []],
  ])('refuses %s with the spec alert and sends nothing', (_case, drafts) => {
    expect(checkTierDrafts(drafts, 70)).toMatchObject({ ok: false, rangeError: INVALID_PRICE_RANGES });
  });

  it("marks each field outside the spec's bounds instead of raising the range alert", () => {
    const result = checkTierDrafts([draft('0', '71', '-1'), draft('70', '70', '1.234'), draft('1.5', 'x', '10001')], 70);
    expect(result).toEqual({
      ok: false,
      rangeError: null,
      fieldErrors: [
        { fromWeight: 'From must be a whole number from 1 to 69', toWeight: 'To must be a whole number from 1 to 70', price: 'Price must be 0 or more' },
        { fromWeight: 'From must be a whole number from 1 to 69', price: 'Price must be an amount like 8.50' },
        { fromWeight: 'From must be a whole number from 1 to 69', toWeight: 'To must be a whole number from 1 to 70', price: 'Price must be at most 10000.00' },
      ],
    });
  });

  it('accepts a price of 0', () => {
    expect(checkTierDrafts([draft('1', '70', '0')], 70)).toEqual({ ok: true, tiers: [{ fromWeight: 1, toWeight: 70, price: 0 }] });
  });

  it('gives the input bounds of the spec for a shipping service', () => {
    expect(tierBounds(70)).toEqual({ fromWeight: { min: 1, max: 69 }, toWeight: { min: 1, max: 70 }, price: { min: 0, step: 0.01 } });
  });

  it('adds a range from the highest end plus 1 to the max weight at price 0', () => {
    const added = addTierDraft([draft('1', '10', '5'), draft('11', '20', '7')], 70);
    expect(added.map(({ fromWeight, toWeight, price }) => [fromWeight, toWeight, price]).at(-1)).toEqual(['21', '70', '0.00']);
    expect(new Set(added.map((d) => d.key)).size).toBe(3);
  });

  it('ignores Add Range when the highest end already equals the max weight', () => {
    const drafts = [draft('1', '70', '5'), draft('1', '10', '5')];
    expect(addTierDraft(drafts, 70)).toEqual(drafts);
  });

  it('starts at 1 when adding the first range', () => {
    expect(addTierDraft([], 70).map(({ fromWeight, toWeight }) => [fromWeight, toWeight])).toEqual([['1', '70']]);
  });

  it('edits and removes one row by its key', () => {
    const drafts = [draft('1', '10', '5'), draft('11', '70', '7')];
    expect(updateTierDraft(drafts, '1-10', 'price', '6.25')[0]?.price).toBe('6.25');
    expect(removeTierDraft(drafts, '1-10')).toEqual([drafts[1]]);
  });

  it('tells whether the drafts differ from the saved tiers, ignoring how a price is written', () => {
    const saved = [{ fromWeight: 1, toWeight: 70, price: 850 }];
    expect(tierDraftsChanged([draft('1', '70', '8.5')], saved)).toBe(false);
    expect(tierDraftsChanged([draft('1', '70', '8.51')], saved)).toBe(true);
    expect(tierDraftsChanged([draft('1', '10', '8.5'), draft('11', '70', '0')], saved)).toBe(true);
  });

  it('tells when some range already reaches the max weight, counting an unreadable To as 0', () => {
    expect(tierDraftsReach([draft('1', '10', '5'), draft('11', '70', '7')], 70)).toBe(true);
    expect(tierDraftsReach([draft('1', '10', '5'), draft('11', '', '7')], 70)).toBe(false);
    expect(tierDraftsReach([], 70)).toBe(false);
  });
});
