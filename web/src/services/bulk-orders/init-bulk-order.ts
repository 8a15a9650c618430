import { bulkInitResponseSchema, type BulkInitBody } from '@labeldesk/contracts';
import { apiRequest } from '../../libs/http-client';

/** Spec 8: the toast when no draft batch could be made. */
export const INIT_BULK_FAILED = 'Failed to initialize bulk order';

/** POST /api/orders/bulk/init: a draft batch id to submit the rows under (never listed until processed). */
export const initBulkOrder = (userId: string): Promise<string> =>
  apiRequest('/api/orders/bulk/init', { method: 'POST', body: { userId } satisfies BulkInitBody, schema: bulkInitResponseSchema }).then((body) => body.orderId);
