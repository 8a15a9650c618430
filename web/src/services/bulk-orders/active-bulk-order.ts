import { activeBulkOrderResponseSchema } from '@labeldesk/contracts';
import type { BulkOrder } from '@labeldesk/contracts';
import { apiRequest } from '../../libs/http-client';

/** GET /api/orders/bulk/active/{userId}: the user's newest batch not in a final status, or null. */
export const getActiveBulkOrder = (userId: string, signal?: AbortSignal): Promise<BulkOrder | null> =>
  apiRequest(`/api/orders/bulk/active/${encodeURIComponent(userId)}`, { schema: activeBulkOrderResponseSchema, ...(signal ? { signal } : {}) }).then(
    (body) => body.bulkOrder,
  );
