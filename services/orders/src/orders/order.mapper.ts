import type { ApiMode, LabelState, OrderListItem, OrderStatus, TrackingStatusValue } from '@labeldesk/contracts';
import type { OrderEntity } from './order.entity';

/** The columns the order lists read (OrderRepository.listRowsForUser), named as in the table. */
export interface OrderListRow {
  id: string;
  service_name: string;
  courier: string;
  sender_name: string;
  receiver_name: string;
  /** The receiver's e-mail for tracking e-mails (decision 095); null or absent when the order has none. */
  receiver_email?: string | null;
  tracking_number: string | null;
  created_at: Date;
  pdf_name: string | null;
  status: OrderStatus;
  price_cents: number | null;
  failure_reason: string | null;
  /** The label's void state; null when nobody voided it. */
  void_state: Exclude<LabelState, 'purchased'> | null;
  /** The carrier's last tracking status; null before the first answer. */
  tracking_status: TrackingStatusValue | null;
  /** Live, or test for a label bought with a test key (decision 119). */
  mode: ApiMode;
}

/** The same list item as `toOrderListItem`, from a list row. */
export const rowToOrderListItem = (r: OrderListRow): OrderListItem => ({
  _id: r.id,
  service_name: r.service_name,
  courier: r.courier,
  sender: { sender_name: r.sender_name },
  // The spec's shape, with the receiver's e-mail only when there is one (decision 095).
  receiver: r.receiver_email ? { receiver_name: r.receiver_name, receiver_email: r.receiver_email } : { receiver_name: r.receiver_name },
  tracking_number: r.tracking_number,
  createdAt: r.created_at.toISOString(),
  pdfName: r.pdf_name,
  status: r.status,
  price: r.price_cents ?? 0,
  ordered: 1,
  processed: r.status === 'completed' ? 1 : 0,
  failureReason: r.failure_reason,
  label_state: r.status === 'completed' && r.tracking_number !== null ? (r.void_state ?? 'purchased') : null,
  tracking_status: r.tracking_status,
  mode: r.mode,
});

/** An order entity as a list item (one place decides the list item: `rowToOrderListItem`). */
export const toOrderListItem = (o: OrderEntity): OrderListItem =>
  rowToOrderListItem({
    id: o.id,
    service_name: o.serviceName,
    courier: o.courier,
    sender_name: o.sender.sender_name,
    receiver_name: o.receiver.receiver_name,
    receiver_email: o.receiver.receiver_email ?? null,
    tracking_number: o.trackingNumber,
    created_at: o.createdAt,
    pdf_name: o.labelName,
    status: o.status,
    price_cents: o.priceCents,
    failure_reason: o.failureReason,
    // An entity is read while it is being bought: its label was not voided or tracked yet.
    void_state: null,
    tracking_status: null,
    mode: o.mode,
  });
