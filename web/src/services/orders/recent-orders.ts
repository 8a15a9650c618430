import { recentOrdersResponseSchema, type ApiMode } from '@labeldesk/contracts';
import type { OrderListItem } from '@labeldesk/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../libs/http-client';
import { orderKeys } from './keys';

/** Newest first, as the server sends them: the live ones, or those bought with test keys (`test`). */
export const getRecentOrders = (userId: string, mode: ApiMode, signal?: AbortSignal): Promise<OrderListItem[]> =>
  apiRequest(`/api/orders/recent/${encodeURIComponent(userId)}${mode === 'test' ? '?mode=test' : ''}`, { schema: recentOrdersResponseSchema, ...(signal ? { signal } : {}) }).then(
    (body) => body.recentOrders,
  );

export const useRecentOrders = (userId: string, mode: ApiMode) =>
  useQuery({ queryKey: [...orderKeys.recent(userId), mode], queryFn: ({ signal }) => getRecentOrders(userId, mode, signal) });
