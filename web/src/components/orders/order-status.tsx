import type { OrderStatus } from '@labeldesk/contracts';
import type { ReactElement } from 'react';
import { StatusBadge } from '../ui/status-badge';

const orderStatusLabel: Record<OrderStatus, string> = { pending: 'Pending', completed: 'Completed', cancelled: 'Cancelled' };

/** Spec section 4: pending yellow, completed green, cancelled red; the theme's status tokens carry the colours. */
export const OrderStatusBadge = ({ status }: { status: OrderStatus }): ReactElement => (
  <StatusBadge tone={status}>{orderStatusLabel[status]}</StatusBadge>
);
