import { labelIdOf } from './statement-labels.repository';

const ID = '3f2a9c1e-5b7d-4e8f-9a0b-1c2d3e4f5a6b';

describe('the label a charge key names', () => {
  it("finds a single label's order by its charge key of any attempt", () => {
    expect(labelIdOf(`label:${ID}:1`)).toBe(ID);
    expect(labelIdOf(`label:${ID}:12`)).toBe(ID);
  });

  it("finds a batch label's item by its capture key", () => {
    expect(labelIdOf(`bulk-item:${ID}`)).toBe(ID);
  });

  it('finds nothing in a key of another shape', () => {
    expect(labelIdOf(`refund:${ID}:1`)).toBeNull();
    expect(labelIdOf(`label:${ID}`)).toBeNull();
    expect(labelIdOf(`bulk-item:${ID}:x`)).toBeNull();
  });
});
