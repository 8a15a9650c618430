import { bulkRetryResponseSchema } from '@labeldesk/contracts';
import type { BulkRetryResponse } from '@labeldesk/contracts';
import { apiRequest, isApiError } from '../../libs/http-client';

/** POST /api/orders/bulk/retry-failed/{orderId}, empty body: buys the batch's failed labels again. */
export const retryFailedLabels = (orderId: string): Promise<BulkRetryResponse> =>
  apiRequest(`/api/orders/bulk/retry-failed/${encodeURIComponent(orderId)}`, { method: 'POST', schema: bulkRetryResponseSchema });

/** Spec 4 "Retry": the server's 400 'No failed labels found' means the batch is complete with nothing failed. */
export const isNoFailedLabelsError = (error: unknown): boolean =>
  isApiError(error) && error.status === 400 && /no failed labels/i.test(error.message);

/** Spec 4 "Retry": 'N labels recovered. M still failed.' when failures remain, else the server's message. */
export const retryResultMessage = (result: BulkRetryResponse): string =>
  result.finalFailedCount > 0
    ? `${result.newlySuccessfulCount} labels recovered. ${result.finalFailedCount} still failed.`
    : result.message;
