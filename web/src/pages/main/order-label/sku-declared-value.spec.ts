import type { SkuRecord } from '@labeldesk/contracts';
import { skuDeclaredValueCents } from './sku-declared-value';

const mug: SkuRecord = {
  _id: 's1', sku: 'MUG-1', maxQty: 10, weight: 1, packagingWeight: 0, length: 6, width: 6, height: 6, description: 'Mug', hsTariffNumber: '691200', originCountry: 'US', valueCents: 1_250,
};

describe('skuDeclaredValueCents', () => {
  it("is the SKU's unit value times the quantity, one unit when the quantity is empty", () => {
    expect(skuDeclaredValueCents([mug], 'MUG-1', '3')).toBe(3_750);
    expect(skuDeclaredValueCents([mug], ' MUG-1 ', '')).toBe(1_250);
  });

  it('is null for a package not filled from a SKU, a SKU without a value, or a quantity that is not a whole number', () => {
    expect(skuDeclaredValueCents([mug], '', '2')).toBeNull();
    expect(skuDeclaredValueCents([mug], 'CUP-9', '2')).toBeNull();
    expect(skuDeclaredValueCents([{ ...mug, valueCents: null }], 'MUG-1', '2')).toBeNull();
    expect(skuDeclaredValueCents([mug], 'MUG-1', '1.5')).toBeNull();
  });
});
