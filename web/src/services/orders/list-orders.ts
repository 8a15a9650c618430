import { ordersListResponseSchema } from '@labeldesk/contracts';
import type { OrderListItem } from '@labeldesk/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../libs/http-client';
import { orderKeys } from './keys';

export const listOrders = (userId: string, signal?: AbortSignal): Promise<OrderListItem[]> =>
  apiRequest(`/api/orders/${encodeURIComponent(userId)}`, { schema: ordersListResponseSchema, ...(signal ? { signal } : {}) }).then(
    (body) => body.orders,
  );

const PENDING_REFRESH_MS = 5_000;

/** The server answers oldest first; the Orders page shows the newest first (spec 7: "reversed for display"). */
export const useOrders = (userId: string) =>
  useQuery({
    queryKey: orderKeys.list(userId),
    queryFn: ({ signal }) => listOrders(userId, signal),
    select: (orders) => [...orders].reverse(),
    // A pending order is being finished or refunded by the server, a requested void is at the carrier: follow them until they settle.
    refetchInterval: (query) =>
      (query.state.data ?? []).some((order) => order.status === 'pending' || order.label_state === 'void_requested') ? PENDING_REFRESH_MS : false,
  });
