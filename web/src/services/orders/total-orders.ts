import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../libs/http-client';
import { orderKeys } from './keys';

const totalOrdersResponseSchema = z.object({ totalOrders: z.number().int() });

export const getTotalOrders = (userId: string, signal?: AbortSignal): Promise<number> =>
  apiRequest(`/api/orders/total/${encodeURIComponent(userId)}`, { schema: totalOrdersResponseSchema, ...(signal ? { signal } : {}) }).then(
    (body) => body.totalOrders,
  );

export const useTotalOrders = (userId: string) =>
  useQuery({ queryKey: orderKeys.total(userId), queryFn: ({ signal }) => getTotalOrders(userId, signal) });
