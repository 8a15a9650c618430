import type { OrderStatus } from '@labeldesk/contracts';
import type { ReactElement } from 'react';
import type { StatusTone } from '../../theme/system';
import { StatusBadge } from '../ui/status-badge';

/** Spec section 2, Orders list: the service label is fixed, whatever the order's service_name says. */
export const ORDER_SERVICE_LABEL = 'USPS Priority Mail';

const orderStatusLabel: Record<OrderStatus, string> = { pending: 'Pending', completed: 'Completed', cancelled: 'Cancelled' };

/** Spec section 4: pending yellow, completed green, cancelled red; the theme's status tokens carry the colours. */
export const OrderStatusBadge = ({ status }: { status: OrderStatus }): ReactElement => (
  <StatusBadge tone={status}>{orderStatusLabel[status]}</StatusBadge>
);

/** Spec section 4, deposit colours: Settled blue, Expired yellow, any other green. */
const depositTone = (status: string): StatusTone => {
  if (status === 'Settled') return 'processing';
  if (status === 'Expired') return 'pending';
  return 'completed';
};

export const DepositStatusBadge = ({ status }: { status: string }): ReactElement => <StatusBadge tone={depositTone(status)}>{status}</StatusBadge>;
