import { adminBatchLabelsQuerySchema, adminOrderRowSchema, adminOrdersQuerySchema, adminSingleOrderSchema } from './admin-orders.contract';
import { labelCostsSchema, labelMarginCents } from './label-costs.schema';

describe('labelMarginCents', () => {
  it('is the price less the carrier cost, negative when the label sold at a loss', () => {
    expect(labelMarginCents(850, 795)).toBe(55);
    expect(labelMarginCents(700, 812)).toBe(-112);
  });

  it('is unknown, never the whole price, when the cost or the price is unknown', () => {
    expect(labelMarginCents(850, null)).toBeNull();
    expect(labelMarginCents(null, 795)).toBeNull();
  });
});

describe('adminOrdersQuerySchema carrier filter', () => {
  it.each(['sandbox', 'easypost', 'usps'])('takes %s from the query', (carrier) => {
    expect(adminOrdersQuerySchema.parse({ carrier })).toEqual({ carrier, page: 1, limit: 20 });
  });

  it('refuses any other carrier with a message naming the known ones, on the carrier field', () => {
    const refused = adminOrdersQuerySchema.safeParse({ carrier: 'fedex' });
    expect(refused.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['carrier', 'Carrier must be one of: sandbox, easypost, usps']]);
  });
});

describe('admin label rows', () => {
  const costs = { carriers: ['usps'], costCents: 795, marginCents: 55, labelsWithoutCost: 0 };

  it('carry no carrier name the service does not know, and never a negative count of labels without a cost', () => {
    expect(labelCostsSchema.safeParse(costs).success).toBe(true);
    expect(labelCostsSchema.safeParse({ ...costs, carriers: ['fedex'] }).success).toBe(false);
    expect(labelCostsSchema.safeParse({ ...costs, labelsWithoutCost: -1 }).success).toBe(false);
  });

  it('keep an unknown cost and margin as null, which the list row and the single order both accept', () => {
    expect(labelCostsSchema.parse({ carriers: [], costCents: null, marginCents: null, labelsWithoutCost: 1 }).costCents).toBeNull();
    expect(adminOrderRowSchema.shape.costCents.parse(null)).toBeNull();
    expect(adminSingleOrderSchema.shape.carrier.parse(null)).toBeNull();
    expect(adminSingleOrderSchema.shape.marginCents.safeParse(12.5).success).toBe(false);
  });
});

describe('adminBatchLabelsQuerySchema', () => {
  it('gives the first 25 labels when the query names no page, reads query text, and refuses more than 100 a page', () => {
    expect(adminBatchLabelsQuerySchema.parse({})).toEqual({ page: 1, limit: 25 });
    expect(adminBatchLabelsQuerySchema.parse({ page: '3', limit: '50' })).toEqual({ page: 3, limit: 50 });
    expect(adminBatchLabelsQuerySchema.safeParse({ limit: '101' }).success).toBe(false);
  });
});
