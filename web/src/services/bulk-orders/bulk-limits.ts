import { BULK_MAX_FILE_BYTES, BULK_MAX_ROWS, bulkLimitsSchema, type BulkLimits } from '@labeldesk/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../libs/http-client';
import { bulkOrderKeys } from './keys';

/** Until the server has said its own, and if it cannot: the default limits (the server enforces its own anyway). */
export const DEFAULT_BULK_LIMITS: BulkLimits = { maxRows: BULK_MAX_ROWS, maxFileBytes: BULK_MAX_FILE_BYTES };

/** GET /api/orders/bulk/limits: the rows a batch may hold on this deployment and the largest file the page reads. */
export const getBulkLimits = (signal?: AbortSignal): Promise<BulkLimits> => apiRequest('/api/orders/bulk/limits', { schema: bulkLimitsSchema, ...(signal ? { signal } : {}) });

export const useBulkLimits = (): BulkLimits => {
  const limits = useQuery({ queryKey: bulkOrderKeys.limits(), queryFn: ({ signal }) => getBulkLimits(signal), staleTime: 10 * 60_000 });
  return limits.data ?? DEFAULT_BULK_LIMITS;
};
