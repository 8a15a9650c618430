import { addSkusBodySchema } from './sku.schema';

describe('addSkusBodySchema', () => {
  it('passes upload rows through unchecked, for the address service to name each bad one', () => {
    expect(addSkusBodySchema.parse({ parsedData: [{ sku: '' }, 'not even a row'] })).toEqual({ parsedData: [{ sku: '' }, 'not even a row'] });
  });

  it('refuses an upload that is not a list of rows, in words', () => {
    expect(addSkusBodySchema.safeParse({ parsedData: { sku: 'MUG-1' } }).error?.issues[0]?.message).toBe('parsedData must be a list of SKU rows');
  });
});
