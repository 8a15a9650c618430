import { bulkRecoverResponseSchema, type BulkRecoverResponse } from '@labeldesk/contracts';
import { apiRequest } from '../../libs/http-client';

/** POST /api/orders/bulk/recover/{orderId}, empty body: rebuilds the batch's three files from its items. */
export const recoverBulkFiles = (orderId: string): Promise<BulkRecoverResponse> =>
  apiRequest(`/api/orders/bulk/recover/${encodeURIComponent(orderId)}`, { method: 'POST', schema: bulkRecoverResponseSchema });
