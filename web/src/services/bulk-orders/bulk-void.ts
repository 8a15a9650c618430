import { bulkVoidResponseSchema, type BulkVoidBody, type BulkVoidResponse } from '@labeldesk/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../libs/http-client';

export interface BulkVoidVariables {
  orderId: string;
  /** The labels to void; absent voids every label of the batch. */
  trackingNumbers?: string[];
}

/** POST /api/orders/bulk/{orderId}/void: each label's outcome, and the totals coming back. */
export const voidBatchLabels = ({ orderId, trackingNumbers }: BulkVoidVariables): Promise<BulkVoidResponse> => {
  const body: BulkVoidBody = trackingNumbers ? { trackingNumbers } : {};
  return apiRequest(`/api/orders/bulk/${encodeURIComponent(orderId)}/void`, { method: 'POST', body, schema: bulkVoidResponseSchema });
};

export const useVoidBatchLabels = () => useMutation({ mutationFn: voidBatchLabels });
