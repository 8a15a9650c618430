import type { ShippedOrder } from '@labeldesk/contracts';
import { leaveOutShipped, markShippedRows, SHIPPED_LOOKUP_PAGE } from './already-shipped';
import type { StagedRowSummary } from './bulk.rows';

const summary = (rowNo: number, orderId: string | null, buyAnother = false): StagedRowSummary => ({ rowNo, serviceName: 'USPS Priority Mail', weightLb: 1, courier: 'usps', sku: null, orderId, buyAnother });
const label = (orderId: string): ShippedOrder => ({ orderId, shippedAt: '2026-11-20T15:00:00.000Z', trackingNumber: `9400${orderId}` });

/** A look-up that knows `shipped` and records what it was asked. */
const lookupOf = (...shipped: string[]) => {
  const asked: string[][] = [];
  const lookup = async (ids: readonly string[]) => {
    asked.push([...ids]);
    return ids.filter((id) => shipped.includes(id)).map(label);
  };
  return { lookup, asked };
};

describe('leaveOutShipped', () => {
  it('leaves out every row of an order that has a label, keeps the rest in their order, and counts what it left out', async () => {
    const { lookup } = lookupOf('A');
    const rows = [summary(0, 'A'), summary(1, 'B'), summary(2, 'A'), summary(3, null)];
    const { kept, leftOut } = await leaveOutShipped(rows, lookup);
    expect(kept.map((row) => row.rowNo)).toEqual([1, 3]);
    expect(leftOut).toBe(2);
  });

  it('buys a row that says buy_another, without looking its order up', async () => {
    const { lookup, asked } = lookupOf('A');
    const { kept, leftOut } = await leaveOutShipped([summary(0, 'A', true), summary(1, 'B')], lookup);
    expect(kept.map((row) => row.rowNo)).toEqual([0, 1]);
    expect(leftOut).toBe(0);
    expect(asked).toEqual([['B']]);
  });

  it('asks for each order ID once, a page of IDs per look-up: 10,000 rows are two look-ups', async () => {
    const { lookup, asked } = lookupOf();
    const rows = Array.from({ length: 10_000 }, (_, n) => summary(n, `order-${n % 9_000}`));
    await leaveOutShipped(rows, lookup);
    expect(asked.map((ids) => ids.length)).toEqual([SHIPPED_LOOKUP_PAGE, 9_000 - SHIPPED_LOOKUP_PAGE]);
  });
});

describe('markShippedRows', () => {
  it('marks the rows of a slice by their place in the batch, each with its order\'s label', async () => {
    const { lookup, asked } = lookupOf('A');
    const row = (orderId: string | null) => ({ package: { order_id: orderId } });
    const marked = await markShippedRows(250, [row('A'), row(null), row('B'), row('A')], lookup);
    expect(marked).toEqual([{ ...label('A'), rowIndex: 250 }, { ...label('A'), rowIndex: 253 }]);
    expect(asked).toEqual([['A', 'B']]);
  });
});
