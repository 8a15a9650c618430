import { bulkOrdersPageSchema, FINAL_BULK_STATUSES, type BulkOrdersPage } from '@labeldesk/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../libs/http-client';
import { bulkOrderKeys } from './keys';

/** Spec section 9: batch orders are listed 7 per page. */
export const BULK_ORDERS_PAGE_SIZE = 7;

/** While a batch on screen is still being worked on, the page asks again this often. */
export const OPEN_BULK_ORDER_POLL_MS = 5_000;

export const listBulkOrders = (userId: string, page: number, signal?: AbortSignal): Promise<BulkOrdersPage> => {
  const query = new URLSearchParams({ page: String(page), limit: String(BULK_ORDERS_PAGE_SIZE) });
  return apiRequest(`/api/orders/bulk/${encodeURIComponent(userId)}?${query.toString()}`, {
    schema: bulkOrdersPageSchema,
    ...(signal ? { signal } : {}),
  });
};

/** One server page, newest first; the previous page stays on screen while the next loads, and unfinished batches are polled. */
export const useBulkOrders = (userId: string, page: number) =>
  useQuery({
    queryKey: bulkOrderKeys.page(userId, page),
    queryFn: ({ signal }) => listBulkOrders(userId, page, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.bulkOrders.some((order) => !FINAL_BULK_STATUSES.includes(order.status)) ? OPEN_BULK_ORDER_POLL_MS : false,
  });
