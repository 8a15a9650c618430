import { BULK_UPLOAD_SLICE_ROWS, bulkProcessResponseSchema, bulkRowsResponseSchema } from '@labeldesk/contracts';
import type { BulkProcessBody, BulkProcessResponse, BulkRowsBody, BulkSubmitBody } from '@labeldesk/contracts';
import { apiRequest } from '../../libs/http-client';

/** Spec 8: the fallback when the server gives no message of its own. */
export const PROCESS_BULK_FAILED = 'Failed to process bulk order';

/** The body's rows and options as the page has already checked them, and the user they are bought for. */
export type ProcessBulkOrderVariables = BulkProcessBody & { userId: string };

/**
 * Submits a batch: prices every row, holds the total on the balance and starts buying. Up to
 * BULK_UPLOAD_SLICE_ROWS rows go in one POST /api/orders/bulk/process/{userId}; a larger batch is uploaded in slices
 * (POST /api/orders/bulk/rows/{userId}, in order from row 0) and then submitted (POST /api/orders/bulk/submit/{userId}),
 * so no request carries the whole file. Refused whole with 400 (issues name `orderData.N.field`, N counted in the
 * whole batch), 402 (the balance cannot cover it) or 413. The same orderId sent again answers the batch already
 * started, so a retry never buys twice.
 */
export const processBulkOrder = async ({ userId, orderId, orderData, options }: ProcessBulkOrderVariables): Promise<BulkProcessResponse> => {
  const user = encodeURIComponent(userId);
  if (orderData.length <= BULK_UPLOAD_SLICE_ROWS) {
    return apiRequest(`/api/orders/bulk/process/${user}`, {
      method: 'POST',
      body: { orderId, orderData, options } satisfies BulkProcessBody,
      schema: bulkProcessResponseSchema,
    });
  }
  for (let firstRow = 0; firstRow < orderData.length; firstRow += BULK_UPLOAD_SLICE_ROWS) {
    await apiRequest(`/api/orders/bulk/rows/${user}`, {
      method: 'POST',
      body: { orderId, firstRow, orderData: orderData.slice(firstRow, firstRow + BULK_UPLOAD_SLICE_ROWS) } satisfies BulkRowsBody,
      schema: bulkRowsResponseSchema,
    });
  }
  return apiRequest(`/api/orders/bulk/submit/${user}`, {
    method: 'POST',
    body: { orderId, rowCount: orderData.length, options } satisfies BulkSubmitBody,
    schema: bulkProcessResponseSchema,
  });
};
