import type { OrderListItem } from '@labeldesk/contracts';
import type { OrderEntity } from './order.entity';

export const toOrderListItem = (o: OrderEntity): OrderListItem => ({
  _id: o.id,
  service_name: o.serviceName,
  courier: o.courier,
  sender: { sender_name: o.sender.sender_name },
  receiver: { receiver_name: o.receiver.receiver_name },
  tracking_number: o.trackingNumber,
  createdAt: o.createdAt.toISOString(),
  pdfName: o.pdfName,
  status: o.status,
  price: o.priceCents ?? 0,
  ordered: 1,
  processed: o.status === 'completed' ? 1 : 0,
  failureReason: o.failureReason,
});
