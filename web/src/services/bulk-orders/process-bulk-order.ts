import { bulkProcessResponseSchema } from '@labeldesk/contracts';
import type { BulkProcessBody, BulkProcessResponse } from '@labeldesk/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../libs/http-client';

/** Spec 8: the fallback when the server gives no message of its own. */
export const PROCESS_BULK_FAILED = 'Failed to process bulk order';

/** The body's rows and options as the page has already checked them, and the user they are bought for. */
export type ProcessBulkOrderVariables = BulkProcessBody & { userId: string };

/**
 * POST /api/orders/bulk/process/{userId}: prices every row, holds the total on the balance and starts buying.
 * Refused whole with 400 (issues name `orderData.N.field`), 402 (the balance cannot cover it) or 413.
 * The same orderId sent again answers the batch already started, so a retry never buys twice.
 */
export const processBulkOrder = ({ userId, orderId, orderData, options }: ProcessBulkOrderVariables): Promise<BulkProcessResponse> =>
  apiRequest(`/api/orders/bulk/process/${encodeURIComponent(userId)}`, {
    method: 'POST',
    body: { orderId, orderData, options } satisfies BulkProcessBody,
    schema: bulkProcessResponseSchema,
  });

export const useProcessBulkOrder = () => useMutation({ mutationFn: processBulkOrder });
