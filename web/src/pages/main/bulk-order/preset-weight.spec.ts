import type { SkuRecord } from '@labeldesk/contracts';
import { emptyValues } from './bulk-rows';
import { presetNamed, presetPackageWeight, unitsOf, weightAfterQuantityChange } from './preset-weight';

const mug: SkuRecord = { _id: 's1', sku: 'MUG-1', maxQty: 4, weight: 1.2, packagingWeight: 0.3, length: 10, width: 8, height: 4, description: null, hsTariffNumber: null, originCountry: null, valueCents: null };
const row = (quantity: string, PackageWeight: string) => ({ ...emptyValues(), skuNumber: 'MUG-1', quantity, PackageWeight });

describe('bulk rows weighed from a SKU preset', () => {
  it('finds the preset a row names, whatever its case and spaces', () => {
    expect(presetNamed([mug], ' mug-1 ')).toBe(mug);
    expect(presetNamed([mug], '')).toBeUndefined();
    expect(presetNamed([mug], 'CUP-2')).toBeUndefined();
  });

  it('reads an empty or unreadable quantity as one unit', () => {
    expect([unitsOf('3'), unitsOf(''), unitsOf('0'), unitsOf('2.5'), unitsOf('many')]).toEqual([3, 1, 1, 1, 1]);
  });

  it('weighs a row of n units as n × weight per unit + packaging weight', () => {
    expect(presetPackageWeight(mug, '4')).toBe('5.1');
    expect(presetPackageWeight(mug, '')).toBe('1.5');
  });

  it("lets the weight follow a changed quantity while it is still the preset's", () => {
    expect(weightAfterQuantityChange(row('1', '1.5'), '3', mug)).toBe('3.9');
    expect(weightAfterQuantityChange(row('4', '5.10'), '1', mug)).toBe('1.5');
  });

  it('keeps a weight the user typed, and a row with no preset or no weight, as they are', () => {
    expect(weightAfterQuantityChange(row('1', '7'), '3', mug)).toBe('7');
    expect(weightAfterQuantityChange(row('1', '1.5'), '3', undefined)).toBe('1.5');
    expect(weightAfterQuantityChange(row('1', ''), '3', mug)).toBe('');
  });
});
