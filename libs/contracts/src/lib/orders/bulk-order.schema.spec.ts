import { bulkInitResponseSchema, bulkOrdersQuerySchema } from './bulk-order.schema';

describe('bulkOrdersQuerySchema', () => {
  it('gives the first page of 7 batches when the query names none (spec 9)', () => {
    expect(bulkOrdersQuerySchema.parse({})).toEqual({ page: 1, limit: 7 });
  });

  it('reads the page and size from query text and refuses more than 100 a page', () => {
    expect(bulkOrdersQuerySchema.parse({ page: '2', limit: '20' })).toEqual({ page: 2, limit: 20 });
    expect(bulkOrdersQuerySchema.safeParse({ limit: '101' }).success).toBe(false);
  });
});

describe('bulkInitResponseSchema', () => {
  it('refuses a draft batch without an id, which no rows could be submitted under', () => {
    expect(bulkInitResponseSchema.safeParse({ orderId: '' }).success).toBe(false);
    expect(bulkInitResponseSchema.parse({ orderId: '0b4f9d8e-1c2a-4f5e-9d3b-2a1c4e5f6a7b' }).orderId).toBe('0b4f9d8e-1c2a-4f5e-9d3b-2a1c4e5f6a7b');
  });
});
