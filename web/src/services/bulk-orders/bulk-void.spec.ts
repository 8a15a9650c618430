import type { BulkVoidResponse, BulkVoidResult } from '@labeldesk/contracts';
import { installMemoryLocalStorage } from '../../testing/memory-local-storage';

installMemoryLocalStorage();

const ORDER_ID = '0b7d6f2e-3c1a-4f4e-9a51-5b1f2c3d4e5f';
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

const voided = (trackingNumber: string): BulkVoidResult => ({ trackingNumber, result: 'voided', state: 'voided', amount: 850, reason: null });
const refused = (trackingNumber: string): BulkVoidResult => ({ trackingNumber, result: 'refused', state: 'purchased', amount: 0, reason: 'This label has been scanned.' });

const page = (results: BulkVoidResult[], nextRow: number | null): BulkVoidResponse => ({
  results,
  voided: results.filter((r) => r.result === 'voided').length,
  refundPending: 0,
  refused: results.filter((r) => r.result === 'refused').length,
  amountBack: results.reduce((n, r) => n + r.amount, 0),
  amountPending: 0,
  nextRow,
});

describe('voidBatchLabels', () => {
  const bodies: unknown[] = [];
  let answers: unknown[] = [];
  beforeAll(() => {
    globalThis.fetch = (async (_path: string, init: RequestInit) => {
      bodies.push(JSON.parse(String(init.body)));
      return json(answers.shift());
    }) as unknown as typeof fetch;
  });
  beforeEach(() => {
    bodies.length = 0;
  });

  it('voids a whole batch page after page from the row each answer names, and answers the pages added up', async () => {
    const { voidBatchLabels } = await import('./bulk-void');
    answers = [page([voided('A'), refused('B')], 3), page([voided('C')], 4), page([voided('D')], null)];
    const answer = await voidBatchLabels({ orderId: ORDER_ID });
    expect(bodies).toEqual([{}, { fromRow: 3 }, { fromRow: 4 }]);
    expect(answer).toEqual({ ...page([voided('A'), refused('B'), voided('C'), voided('D')], null) });
    expect(answer).toMatchObject({ voided: 3, refused: 1, amountBack: 3 * 850 });
  });

  it('sends listed labels in one request, without a row', async () => {
    const { voidBatchLabels } = await import('./bulk-void');
    answers = [page([voided('A')], null)];
    await voidBatchLabels({ orderId: ORDER_ID, trackingNumbers: ['A'] });
    expect(bodies).toEqual([{ trackingNumbers: ['A'] }]);
  });

  it('stops at an answer without a next row (an older server) and at one that would not move forward', async () => {
    const { voidBatchLabels } = await import('./bulk-void');
    const { nextRow: _dropped, ...older } = page([voided('A')], null);
    answers = [older];
    await expect(voidBatchLabels({ orderId: ORDER_ID })).resolves.toMatchObject({ voided: 1, nextRow: null });
    answers = [page([voided('A')], 5), page([voided('B')], 5)];
    await voidBatchLabels({ orderId: ORDER_ID });
    expect(bodies.slice(1)).toEqual([{}, { fromRow: 5 }]);
  });
});
