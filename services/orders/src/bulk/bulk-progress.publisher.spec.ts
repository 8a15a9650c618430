import { OrdersEvents, type AnyEventContract, type BulkProgressEvent } from '@labeldesk/contracts';
import type { RpcClient } from '@labeldesk/nest-transport';
import { BulkProgressPublisher } from './bulk-progress.publisher';
import type { BulkOrderRow } from './bulk.rows';

const row = (change: Partial<BulkOrderRow> = {}): BulkOrderRow => ({
  id: 'b1', user_id: 'u1', status: 'processing', total_count: 100, processed_count: 0, failed_count: 0, quoted_cents: 0, charged_cents: 0, quoted_saved_cents: null, saved_cents: 0,
  label_format: '4x6', sort_by_sku: false, round: 1, hold_id: null, hold_cents: 0, mode: 'live', pdf_file_id: null, result_file_id: null, confirm_file_id: null,
  pdf_name: null, result_csv_name: null, auto_confirm_csv_name: null, error: null, stuck_at: null, lease_until: null, created_at: new Date(), updated_at: new Date(),
  ...change,
});

const setup = () => {
  const sent: BulkProgressEvent[] = [];
  const rpc = { emit: jest.fn(async (contract: AnyEventContract, payload: BulkProgressEvent) => void (contract === OrdersEvents.bulkProgressed && sent.push(payload))) };
  return { publisher: new BulkProgressPublisher(rpc as unknown as RpcClient), sent };
};

describe('BulkProgressPublisher', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('sends at most one count update per 250 ms per batch, and never drops the last of a burst', async () => {
    const { publisher, sent } = setup();
    for (let n = 1; n <= 50; n++) publisher.publish(row({ processed_count: n }));
    expect(sent.map((e) => e.processedCount)).toEqual([1]);
    await jest.advanceTimersByTimeAsync(250);
    expect(sent.map((e) => e.processedCount)).toEqual([1, 50]);
    await jest.advanceTimersByTimeAsync(1000);
    expect(sent).toHaveLength(2);
  });

  it('sends a change of status at once, with the owner and the files that exist', async () => {
    const { publisher, sent } = setup();
    publisher.publish(row({ processed_count: 10 }));
    publisher.publish(row({ processed_count: 20 }));
    publisher.publish(row({ status: 'completed', processed_count: 100, pdf_name: 'Labels_1-2_abc.pdf', result_csv_name: 'Order_Results_1-2_abc.csv' }));
    expect(sent.map((e) => e.status)).toEqual(['processing', 'completed']);
    expect(sent[1]).toEqual({
      orderId: 'b1', userId: 'u1', status: 'completed', processedCount: 100, failedCount: 0, totalCount: 100,
      fileData: { pdfName: 'Labels_1-2_abc.pdf', resultCSVName: 'Order_Results_1-2_abc.csv' },
    });
    await jest.advanceTimersByTimeAsync(1000);
    expect(sent).toHaveLength(2);
  });

  it('keeps each batch to its own pace', () => {
    const { publisher, sent } = setup();
    publisher.publish(row({ id: 'a', processed_count: 1 }));
    publisher.publish(row({ id: 'b', processed_count: 1 }));
    expect(sent.map((e) => e.orderId)).toEqual(['a', 'b']);
  });
});
