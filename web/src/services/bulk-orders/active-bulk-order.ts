import { activeBulkOrderResponseSchema } from '@labeldesk/contracts';
import type { BulkOrder } from '@labeldesk/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../libs/http-client';
import { bulkOrderKeys } from './keys';

/** GET /api/orders/bulk/active/{userId}: the user's newest batch not in a final status, or null. */
export const getActiveBulkOrder = (userId: string, signal?: AbortSignal): Promise<BulkOrder | null> =>
  apiRequest(`/api/orders/bulk/active/${encodeURIComponent(userId)}`, { schema: activeBulkOrderResponseSchema, ...(signal ? { signal } : {}) }).then(
    (body) => body.bulkOrder,
  );

/** Asked once per session (the progress widget finds an in-flight batch again after a reload). */
export const useActiveBulkOrder = (userId: string | null) =>
  useQuery({
    queryKey: bulkOrderKeys.active(userId ?? ''),
    queryFn: ({ signal }) => getActiveBulkOrder(userId ?? '', signal),
    enabled: userId !== null,
    staleTime: Infinity,
    retry: 1,
  });
