import { orderSearchPageSchema, type ApiMode, type OrderSearchPage, type OrderSearchQuery } from '@labeldesk/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { filterParams } from '../../hooks/use-url-filters';
import { downloadFile } from '../../libs/download-file';
import { apiRequest } from '../../libs/http-client';
import { orderKeys } from './keys';

/** What the Orders page filters by (the seller's own orders: the user id and the mode are added, never taken from the address). */
export type OrderFilters = Partial<Omit<OrderSearchQuery, 'page' | 'limit' | 'userId' | 'mode'>>;

/** Spec section 9: tables show 7 rows a page. */
export const ORDERS_PAGE_SIZE = 7;

const PENDING_REFRESH_MS = 5_000;

const searchParams = (userId: string, filters: OrderFilters, mode: ApiMode): URLSearchParams => {
  const params = filterParams(filters);
  params.set('userId', userId);
  // Live is the server's default: a live list asks exactly what it asked before test mode.
  if (mode === 'test') params.set('mode', 'test');
  return params;
};

export const searchOrders = (userId: string, filters: OrderFilters, page: number, mode: ApiMode, signal?: AbortSignal): Promise<OrderSearchPage> => {
  const params = searchParams(userId, filters, mode);
  params.set('page', String(page));
  params.set('limit', String(ORDERS_PAGE_SIZE));
  return apiRequest(`/api/order-search?${params.toString()}`, { schema: orderSearchPageSchema, ...(signal ? { signal } : {}) });
};

/**
 * One server page of the seller's orders matching the filters, newest first. The page on screen stays while the next
 * loads; a pending order or a requested void is followed until it settles, as on the whole list.
 */
export const useOrderSearch = (userId: string, filters: OrderFilters, page: number, mode: ApiMode) =>
  useQuery({
    queryKey: [...orderKeys.list(userId), 'search', mode, filters, page] as const,
    queryFn: ({ signal }) => searchOrders(userId, filters, page, mode, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      (query.state.data?.orders ?? []).some((order) => order.status === 'pending' || order.label_state === 'void_requested') ? PENDING_REFRESH_MS : false,
  });

/** Saves every order matching the filters (the server's ceiling at most) as CSV; resolves with the file's name. */
export const exportOrdersCsv = (userId: string, filters: OrderFilters, mode: ApiMode): Promise<string> =>
  downloadFile(`/api/order-search/csv?${searchParams(userId, filters, mode).toString()}`, `Orders_${new Date().toISOString().slice(0, 10)}.csv`);
