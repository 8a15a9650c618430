import { bulkProcessResponseSchema } from '@labeldesk/contracts';
import type { BulkOrderItem, LabelFormat } from '@labeldesk/contracts';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../libs/http-client';

/** Spec 8: the fallback when the server gives no message of its own. */
export const PROCESS_BULK_FAILED = 'Failed to process bulk order';

export type BulkProcessResult = z.infer<typeof bulkProcessResponseSchema>;

export interface ProcessBulkOrderVariables {
  userId: string;
  orderId: string;
  orderData: BulkOrderItem[];
  options: { labelFormat: LabelFormat; sortBySku: boolean };
}

/**
 * POST /api/orders/bulk/process/{userId}: prices every row, holds the total on the balance and starts buying.
 * Refused whole with 400 (issues name `orderData.N.field`), 402 (the balance cannot cover it) or 413.
 * The same orderId sent again answers the batch already started, so a retry never buys twice.
 */
export const processBulkOrder = ({ userId, orderId, orderData, options }: ProcessBulkOrderVariables): Promise<BulkProcessResult> =>
  apiRequest(`/api/orders/bulk/process/${encodeURIComponent(userId)}`, {
    method: 'POST',
    body: { orderId, orderData, options },
    schema: bulkProcessResponseSchema,
  });

export const useProcessBulkOrder = () => useMutation({ mutationFn: processBulkOrder });
