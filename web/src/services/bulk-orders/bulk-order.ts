import { bulkOrderSchema } from '@labeldesk/contracts';
import type { BulkOrder } from '@labeldesk/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../libs/http-client';
import { bulkOrderKeys } from './keys';

/** GET /api/orders/bulk/order/{orderId}: one batch, as the list shows it. */
export const getBulkOrder = (orderId: string, signal?: AbortSignal): Promise<BulkOrder> =>
  apiRequest(`/api/orders/bulk/order/${encodeURIComponent(orderId)}`, { schema: bulkOrderSchema, ...(signal ? { signal } : {}) });

export const useBulkOrder = (orderId: string | null) =>
  useQuery({
    queryKey: bulkOrderKeys.order(orderId ?? ''),
    queryFn: ({ signal }) => getBulkOrder(orderId ?? '', signal),
    enabled: orderId !== null,
  });
