import { storeOrderPackage } from './store-package';

const MUG = { sku: 'MUG-1', weight: 0.9, packagingWeight: 0.3, length: 6, width: 6, height: 6 };
const TEE = { sku: 'TEE-1', weight: 0.4, packagingWeight: 0.1, length: 10, width: 8, height: 2 };

describe('storeOrderPackage', () => {
  it('weighs a multi-item order as one box: units × unit weight of every item plus the heaviest packaging once', () => {
    const items = [
      { sku: 'MUG-1', name: 'Mug', quantity: 2 },
      { sku: 'tee-1', name: 'T-shirt', quantity: 3 },
    ];
    // 2 × 0.9 + 3 × 0.4 + 0.3 = 3.3 lb, in the larger box (10 × 8 × 2 = 160 in³ < 216 in³ of the mug's).
    expect(storeOrderPackage(items, [MUG, TEE])).toEqual({ weightLb: 3.3, length: 6, width: 6, height: 6 });
  });

  it('answers no package when an item has no SKU preset, so the weight is asked for instead of under-declared', () => {
    expect(storeOrderPackage([{ sku: 'MUG-1', name: 'Mug', quantity: 1 }, { sku: 'NONE', name: 'Unknown', quantity: 1 }], [MUG])).toBeNull();
    expect(storeOrderPackage([], [MUG])).toBeNull();
  });
});
