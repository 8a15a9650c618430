import { recentOrdersResponseSchema } from '@labeldesk/contracts';
import type { OrderListItem } from '@labeldesk/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../libs/http-client';
import { orderKeys } from './keys';

/** Newest first, as the server sends them. */
export const getRecentOrders = (userId: string, signal?: AbortSignal): Promise<OrderListItem[]> =>
  apiRequest(`/api/orders/recent/${encodeURIComponent(userId)}`, { schema: recentOrdersResponseSchema, ...(signal ? { signal } : {}) }).then(
    (body) => body.recentOrders,
  );

export const useRecentOrders = (userId: string) =>
  useQuery({ queryKey: orderKeys.recent(userId), queryFn: ({ signal }) => getRecentOrders(userId, signal) });
