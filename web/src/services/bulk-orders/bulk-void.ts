import { bulkVoidResponseSchema, type BulkVoidBody, type BulkVoidResponse } from '@labeldesk/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../libs/http-client';

export interface BulkVoidVariables {
  orderId: string;
  /** The labels to void; absent voids every label of the batch. */
  trackingNumbers?: string[];
}

const voidPage = (orderId: string, body: BulkVoidBody): Promise<BulkVoidResponse> =>
  apiRequest(`/api/orders/bulk/${encodeURIComponent(orderId)}/void`, { method: 'POST', body, schema: bulkVoidResponseSchema });

/** Several pages' answers as one: every label's result, and the totals added up. */
export const combineVoidPages = (pages: readonly BulkVoidResponse[]): BulkVoidResponse => ({
  results: pages.flatMap((p) => p.results),
  voided: pages.reduce((n, p) => n + p.voided, 0),
  refundPending: pages.reduce((n, p) => n + p.refundPending, 0),
  refused: pages.reduce((n, p) => n + p.refused, 0),
  amountBack: pages.reduce((n, p) => n + p.amountBack, 0),
  amountPending: pages.reduce((n, p) => n + p.amountPending, 0),
  nextRow: null,
});

/**
 * POST /api/orders/bulk/{orderId}/void: each label's outcome, and the totals coming back. The whole batch is voided
 * a page at a time (the server answers where the next page starts) and answered as one.
 */
export const voidBatchLabels = async ({ orderId, trackingNumbers }: BulkVoidVariables): Promise<BulkVoidResponse> => {
  if (trackingNumbers) return voidPage(orderId, { trackingNumbers });
  const pages: BulkVoidResponse[] = [];
  let fromRow: number | null = 1;
  while (fromRow !== null) {
    const page: BulkVoidResponse = await voidPage(orderId, fromRow === 1 ? {} : { fromRow });
    pages.push(page);
    // A server that answered no further row, or one not after this page's start, has nothing more to give.
    fromRow = page.nextRow !== null && page.nextRow > fromRow ? page.nextRow : null;
  }
  return combineVoidPages(pages);
};

export const useVoidBatchLabels = () => useMutation({ mutationFn: voidBatchLabels });
