import { addSkusBodySchema, skuFormSchema, skuUpdateSchema } from './sku.schema';

describe('addSkusBodySchema', () => {
  it('passes upload rows through unchecked, for the address service to name each bad one', () => {
    expect(addSkusBodySchema.parse({ parsedData: [{ sku: '' }, 'not even a row'] })).toEqual({ parsedData: [{ sku: '' }, 'not even a row'] });
  });

  it('refuses an upload that is not a list of rows, in words', () => {
    expect(addSkusBodySchema.safeParse({ parsedData: { sku: 'MUG-1' } }).error?.issues[0]?.message).toBe('parsedData must be a list of SKU rows');
  });
});

describe('skuFormSchema weights', () => {
  const row = { sku: 'MUG-1', maxQty: '4', weight: '1.2', length: '10', width: '8', height: '4', description: '' };

  it('reads the weight as per unit and an empty or missing packaging weight as 0', () => {
    expect(skuFormSchema.parse(row)).toMatchObject({ weight: 1.2, packagingWeight: 0 });
    expect(skuFormSchema.parse({ ...row, packagingWeight: ' ' })).toMatchObject({ packagingWeight: 0 });
    expect(skuFormSchema.parse({ ...row, packagingWeight: '0.35' })).toMatchObject({ packagingWeight: 0.35 });
  });

  it('refuses a negative or non-numeric packaging weight, in words', () => {
    expect(skuFormSchema.safeParse({ ...row, packagingWeight: '-0.1' }).error?.issues[0]?.message).toBe('Packaging weight must be 0 or more');
    expect(skuFormSchema.safeParse({ ...row, packagingWeight: 'heavy' }).error?.issues[0]?.message).toBe('Packaging weight must be a number');
  });
});

describe('skuUpdateSchema', () => {
  const row = { sku: 'MUG-1', maxQty: '4', weight: '1.2', length: '10', width: '8', height: '4', description: '' };

  it('leaves a packaging weight that is not sent undefined, so the stored one is kept, and reads an empty one as 0', () => {
    expect(skuUpdateSchema.parse(row).packagingWeight).toBeUndefined();
    expect(skuUpdateSchema.parse({ ...row, packagingWeight: '' }).packagingWeight).toBe(0);
    expect(skuUpdateSchema.parse({ ...row, packagingWeight: 0.4 }).packagingWeight).toBe(0.4);
    expect(skuUpdateSchema.safeParse({ ...row, packagingWeight: '-1' }).error?.issues[0]?.message).toBe('Packaging weight must be 0 or more');
  });
});
