import { BULK_UPLOAD_SLICE_ROWS, type BulkOrderItem } from '@labeldesk/contracts';
import { installMemoryLocalStorage } from '../../testing/memory-local-storage';

installMemoryLocalStorage();

const ORDER_ID = '0b7d6f2e-3c1a-4f4e-9a51-5b1f2c3d4e5f';
const accepted = { message: 'Bulk order accepted', orderId: ORDER_ID, status: 'processing', totalCount: 0, costCents: 0 };
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Rows told apart by their recipient only: the client sends them as they are. */
const rows = (count: number): BulkOrderItem[] => Array.from({ length: count }, (_, i) => ({ receiver: { receiver_name: `Row ${i}` } }) as unknown as BulkOrderItem);

describe('processBulkOrder', () => {
  const calls: Array<{ path: string; body: { firstRow?: number; orderData?: BulkOrderItem[]; rowCount?: number } }> = [];
  let answer: (path: string) => Response = () => json(accepted);
  beforeAll(() => {
    globalThis.fetch = (async (path: string, init: RequestInit) => {
      calls.push({ path, body: JSON.parse(String(init.body)) });
      return answer(path);
    }) as unknown as typeof fetch;
  });
  beforeEach(() => {
    calls.length = 0;
    answer = (path) => json(path.includes('/bulk/rows/') ? { staged: 1 } : accepted);
  });

  it('sends a batch of up to one slice in the one spec request, rows and options together', async () => {
    const { processBulkOrder } = await import('./process-bulk-order');
    await processBulkOrder({ userId: 'u 1', orderId: ORDER_ID, orderData: rows(BULK_UPLOAD_SLICE_ROWS), options: { labelFormat: '4x6', sortBySku: false } });
    expect(calls.map((call) => call.path)).toEqual(['/api/orders/bulk/process/u%201']);
    expect(calls[0]?.body.orderData).toHaveLength(BULK_UPLOAD_SLICE_ROWS);
  });

  it('uploads a larger batch in slices, in order from row 0, each row once, then submits it by its row count', async () => {
    const { processBulkOrder } = await import('./process-bulk-order');
    const total = 2 * BULK_UPLOAD_SLICE_ROWS + 5;
    await processBulkOrder({ userId: 'u1', orderId: ORDER_ID, orderData: rows(total), options: { labelFormat: 'zpl', sortBySku: true } });
    expect(calls.map((call) => [call.path, call.body.firstRow, call.body.orderData?.length])).toEqual([
      ['/api/orders/bulk/rows/u1', 0, BULK_UPLOAD_SLICE_ROWS],
      ['/api/orders/bulk/rows/u1', BULK_UPLOAD_SLICE_ROWS, BULK_UPLOAD_SLICE_ROWS],
      ['/api/orders/bulk/rows/u1', 2 * BULK_UPLOAD_SLICE_ROWS, 5],
      ['/api/orders/bulk/submit/u1', undefined, undefined],
    ]);
    const sent = calls.flatMap((call) => call.body.orderData ?? []).map((row) => row.receiver.receiver_name);
    expect(sent).toEqual(rows(total).map((row) => row.receiver.receiver_name));
    expect(calls[3]?.body).toEqual({ orderId: ORDER_ID, rowCount: total, options: { labelFormat: 'zpl', sortBySku: true } });
  });

  it('stops at a refused slice with its error (rows named in the whole batch) and never submits', async () => {
    const { processBulkOrder } = await import('./process-bulk-order');
    const issue = { path: `orderData.${BULK_UPLOAD_SLICE_ROWS + 3}.receiver.receiver_city`, message: 'Recipient city is required' };
    answer = (path) => (calls.length === 2 ? json({ message: '1 row(s) have validation errors', code: 'VALIDATION_FAILED', issues: [issue] }, 400) : json(path.includes('/bulk/rows/') ? { staged: 1 } : accepted));
    await expect(processBulkOrder({ userId: 'u1', orderId: ORDER_ID, orderData: rows(3 * BULK_UPLOAD_SLICE_ROWS), options: { labelFormat: '4x6', sortBySku: false } })).rejects.toMatchObject({
      status: 400,
      issues: [issue],
    });
    expect(calls.map((call) => call.path)).toEqual(['/api/orders/bulk/rows/u1', '/api/orders/bulk/rows/u1']);
  });
});
