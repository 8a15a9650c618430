import { bulkOrdersPageSchema, FINAL_BULK_STATUSES, type ApiMode, type BatchSearchQuery, type BulkOrdersPage } from '@labeldesk/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { filterParams } from '../../hooks/use-url-filters';
import { downloadFile } from '../../libs/download-file';
import { apiRequest } from '../../libs/http-client';
import { bulkOrderKeys } from './keys';
import { BULK_ORDERS_PAGE_SIZE, OPEN_BULK_ORDER_POLL_MS } from './list-bulk-orders';

/**
 * What the Batch Orders page filters by (the seller's own batches: the user id is added, never taken from the address;
 * the mode is the Test mode switch's, decision 127).
 */
export type BatchFilters = Partial<Omit<BatchSearchQuery, 'page' | 'limit' | 'userId' | 'mode'>>;

const searchParams = (userId: string, filters: BatchFilters, mode: ApiMode): URLSearchParams => {
  const params = filterParams(filters);
  params.set('userId', userId);
  if (mode === 'test') params.set('mode', mode);
  return params;
};

export const searchBatches = (userId: string, filters: BatchFilters, page: number, mode: ApiMode = 'live', signal?: AbortSignal): Promise<BulkOrdersPage> => {
  const params = searchParams(userId, filters, mode);
  params.set('page', String(page));
  params.set('limit', String(BULK_ORDERS_PAGE_SIZE));
  return apiRequest(`/api/batch-search?${params.toString()}`, { schema: bulkOrdersPageSchema, ...(signal ? { signal } : {}) });
};

/**
 * One server page of the seller's batches matching the filters, newest first, under the page's key (a row's Retry or
 * Recover patches every filter's copy of it); the page on screen stays while the next loads, unfinished batches are polled.
 */
export const useBatchSearch = (userId: string, filters: BatchFilters, page: number, mode: ApiMode = 'live') =>
  useQuery({
    queryKey: [...bulkOrderKeys.page(userId, page), filters, mode] as const,
    queryFn: ({ signal }) => searchBatches(userId, filters, page, mode, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.bulkOrders.some((order) => !FINAL_BULK_STATUSES.includes(order.status)) ? OPEN_BULK_ORDER_POLL_MS : false,
  });

/** Saves every batch matching the filters (the server's ceiling at most) as CSV; resolves with the file's name. */
export const exportBatchesCsv = (userId: string, filters: BatchFilters, mode: ApiMode = 'live'): Promise<string> =>
  downloadFile(`/api/batch-search/csv?${searchParams(userId, filters, mode).toString()}`, `Batch_Orders_${new Date().toISOString().slice(0, 10)}.csv`);
