import { totalOrdersResponseSchema, type TotalOrdersResponse } from '@labeldesk/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../libs/http-client';
import { orderKeys } from './keys';

export const getTotalOrders = (userId: string, signal?: AbortSignal): Promise<TotalOrdersResponse> =>
  apiRequest(`/api/orders/total/${encodeURIComponent(userId)}`, { schema: totalOrdersResponseSchema, ...(signal ? { signal } : {}) });

export const useTotalOrders = (userId: string) =>
  useQuery({ queryKey: orderKeys.total(userId), queryFn: ({ signal }) => getTotalOrders(userId, signal) });
