import { batchLabelsPageSchema, type BatchLabelsPage } from '@labeldesk/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../libs/http-client';
import { bulkOrderKeys } from './keys';

/** A batch's labels are listed 100 a page in the batch detail view. */
export const BATCH_LABELS_PAGE_SIZE = 100;

/** GET /api/orders/bulk/{orderId}/labels?page&limit: the labels a batch bought, in file order. */
export const listBatchLabels = (orderId: string, page: number, signal?: AbortSignal): Promise<BatchLabelsPage> => {
  const query = new URLSearchParams({ page: String(page), limit: String(BATCH_LABELS_PAGE_SIZE) });
  return apiRequest(`/api/orders/bulk/${encodeURIComponent(orderId)}/labels?${query.toString()}`, {
    schema: batchLabelsPageSchema,
    ...(signal ? { signal } : {}),
  });
};

/** While a void is at the carrier the page asks again this often. */
export const VOID_REQUESTED_POLL_MS = 5_000;

/** One page of the batch's labels; the page on screen stays while the next loads, and is followed while a void is at the carrier. */
export const useBatchLabels = (orderId: string, page: number) =>
  useQuery({
    queryKey: bulkOrderKeys.labelsPage(orderId, page),
    queryFn: ({ signal }) => listBatchLabels(orderId, page, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.labels.some((label) => label.state === 'void_requested') ? VOID_REQUESTED_POLL_MS : false),
  });
