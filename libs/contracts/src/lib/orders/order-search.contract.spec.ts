import { batchSearchQuerySchema, orderSearchFiltersSchema, orderSearchQuerySchema, SEARCH_PAGE_SIZE_MAX } from './order-search.contract';

const messages = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) => result.error?.issues.map((issue) => issue.message) ?? [];

describe('the order search query', () => {
  it('reads an address with nothing as page 1 of 25, and an empty search box as no search', () => {
    expect(orderSearchQuerySchema.parse({})).toEqual({ page: 1, limit: 25 });
    expect(orderSearchQuerySchema.parse({ q: '   ' }).q).toBeUndefined();
    expect(orderSearchQuerySchema.parse({ q: ' Ann ', page: '3', limit: '50' })).toEqual({ q: 'Ann', page: 3, limit: 50 });
  });

  it('refuses a page size over the most, a page under 1 and an unknown state, saying why', () => {
    expect(messages(orderSearchQuerySchema.safeParse({ limit: String(SEARCH_PAGE_SIZE_MAX + 1) }))).toEqual([`limit must be at most ${SEARCH_PAGE_SIZE_MAX}`]);
    expect(messages(orderSearchQuerySchema.safeParse({ page: '0' }))).toEqual(['page starts at 1']);
    expect(messages(orderSearchQuerySchema.safeParse({ state: 'lost' }))[0]).toMatch(/^State must be one of: completed, pending/);
    expect(messages(orderSearchQuerySchema.safeParse({ carrier: 'royal_mail' }))[0]).toMatch(/^Courier must be one of/);
  });

  it('refuses days in the wrong order or shape, on the export as on the page', () => {
    expect(messages(orderSearchFiltersSchema.safeParse({ from: '2025-06-02', to: '2025-06-01' }))).toEqual(['The start date must not be after the end date']);
    expect(messages(orderSearchFiltersSchema.safeParse({ from: '06/01/2025' }))).toEqual(['Dates are YYYY-MM-DD']);
  });
});

describe('the batch search query', () => {
  it('pages 7 batches by default and refuses a draft as a status', () => {
    expect(batchSearchQuerySchema.parse({})).toEqual({ page: 1, limit: 7 });
    expect(messages(batchSearchQuerySchema.safeParse({ status: 'draft' }))).toEqual(['Unknown batch status']);
  });
});
