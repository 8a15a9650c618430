import { depositsQuerySchema, settleTestInvoiceBodySchema, topUpQuerySchema } from './deposit.schema';

describe('depositsQuerySchema', () => {
  it('reads the page, size and filter from query text', () => {
    expect(depositsQuerySchema.parse({ page: '3', limit: '7', filter: 'pending' })).toEqual({ page: 3, limit: 7, filter: 'pending' });
  });

  it('gives the first page of 7 deposits of every status when the query names none', () => {
    expect(depositsQuerySchema.parse({})).toEqual({ page: 1, limit: 7, filter: 'all' });
  });

  it('refuses a page before the first, more than 100 a page, and an unknown filter', () => {
    expect(depositsQuerySchema.safeParse({ page: '0' }).success).toBe(false);
    expect(depositsQuerySchema.safeParse({ limit: '101' }).success).toBe(false);
    expect(depositsQuerySchema.safeParse({ filter: 'Paid' }).success).toBe(false);
  });
});

describe('topUpQuerySchema', () => {
  it('reads the amount in cents from query text and says the limit an amount is outside of', () => {
    expect(topUpQuerySchema.parse({ amount: '2500' })).toEqual({ amount: 2500 });
    expect(topUpQuerySchema.safeParse({ amount: '499' }).error?.issues[0]?.message).toBe('The minimum top-up is $5');
    expect(topUpQuerySchema.safeParse({ amount: '1000001' }).error?.issues[0]?.message).toBe('The maximum top-up is $10000');
  });
});

describe('settleTestInvoiceBodySchema', () => {
  it('pays the invoice when no outcome is given, and lets it expire when asked', () => {
    expect(settleTestInvoiceBodySchema.parse({})).toEqual({ outcome: 'paid' });
    expect(settleTestInvoiceBodySchema.parse({ outcome: 'expired' })).toEqual({ outcome: 'expired' });
    expect(settleTestInvoiceBodySchema.safeParse({ outcome: 'refunded' }).success).toBe(false);
  });
});
