import { orderListItemSchema } from '@labeldesk/contracts';
import { rowToOrderListItem, type OrderListRow } from './order.mapper';

const row = (change: Partial<OrderListRow> = {}): OrderListRow => ({
  id: '7b0c3f56-0d5c-4a49-9f3e-2a7f5d1c9e01',
  service_name: 'USPS Ground Advantage',
  courier: 'usps',
  sender_name: 'Ann Sender',
  receiver_name: 'Bob Receiver',
  tracking_number: null,
  created_at: new Date('2026-11-23T21:44:09.123Z'),
  pdf_name: null,
  status: 'pending',
  price_cents: null,
  failure_reason: null,
  void_state: null,
  tracking_status: null,
  mode: 'live',
  ...change,
});

describe('order list mapping', () => {
  it('answers a completed order in the spec list shape, keys in the order the orders list has always sent them', () => {
    const item = rowToOrderListItem(row({ status: 'completed', tracking_number: '9400100000000000000001', pdf_name: 'label-1.pdf', price_cents: 1234 }));
    expect(JSON.stringify(item)).toBe(
      JSON.stringify({
        _id: '7b0c3f56-0d5c-4a49-9f3e-2a7f5d1c9e01',
        service_name: 'USPS Ground Advantage',
        courier: 'usps',
        sender: { sender_name: 'Ann Sender' },
        receiver: { receiver_name: 'Bob Receiver' },
        tracking_number: '9400100000000000000001',
        createdAt: '2026-11-23T21:44:09.123Z',
        pdfName: 'label-1.pdf',
        status: 'completed',
        price: 1234,
        ordered: 1,
        processed: 1,
        failureReason: null,
        label_state: 'purchased',
        tracking_status: null,
        mode: 'live',
      }),
    );
    expect(orderListItemSchema.parse(item)).toEqual(item);
  });

  it("shows the seller the receiver's e-mail when the order has one, and the spec's receiver otherwise", () => {
    expect(rowToOrderListItem(row({ receiver_email: 'rita@example.com' })).receiver).toEqual({ receiver_name: 'Bob Receiver', receiver_email: 'rita@example.com' });
    expect(rowToOrderListItem(row({ receiver_email: null })).receiver).toEqual({ receiver_name: 'Bob Receiver' });
  });

  it('counts an order not yet priced as 0 and not processed, and keeps a cancelled order\'s reason', () => {
    expect(rowToOrderListItem(row())).toMatchObject({ price: 0, processed: 0, tracking_number: null, pdfName: null });
    expect(rowToOrderListItem(row({ status: 'cancelled', price_cents: 800, failure_reason: 'Carrier refused the address' }))).toMatchObject({
      status: 'cancelled',
      price: 800,
      processed: 0,
      failureReason: 'Carrier refused the address',
    });
  });

  it("shows a bought label's life after purchase: its void state and its carrier's last tracking status, none before it has a label", () => {
    const bought = { status: 'completed' as const, tracking_number: '9400100000000000000001' };
    expect(rowToOrderListItem(row({ ...bought, void_state: 'refund_pending', tracking_status: 'pre_transit' }))).toMatchObject({ label_state: 'refund_pending', tracking_status: 'pre_transit' });
    expect(rowToOrderListItem(row({ ...bought, tracking_status: 'delivered' }))).toMatchObject({ label_state: 'purchased', tracking_status: 'delivered' });
    expect(rowToOrderListItem(row({ status: 'cancelled' }))).toMatchObject({ label_state: null, tracking_status: null });
  });
});
