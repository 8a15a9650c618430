import { storeBatchResponseSchema, storeInboxPageSchema, type BuyStoreBatchBody } from '@labeldesk/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../libs/http-client';
import { INBOX_PAGE_SIZE, storeKeys } from './stores';

/** The inbox's filters: one store (its connection id) or all, and words in the order number or the receiver. */
export interface InboxFilters {
  store: string;
  q: string;
}

const inboxPath = (page: number, filters: InboxFilters): string => {
  const params = new URLSearchParams({ status: 'awaiting', page: String(page), limit: String(INBOX_PAGE_SIZE) });
  if (filters.store) params.set('store', filters.store);
  if (filters.q.trim()) params.set('q', filters.q.trim());
  return `/api/stores/orders?${params.toString()}`;
};

/** Orders awaiting shipment, oldest first, a page at a time, filtered (under the stores' key: connecting and syncing refresh it). */
export const useFilteredInbox = (page: number, filters: InboxFilters) =>
  useQuery({
    queryKey: [...storeKeys.all, 'inbox', page, filters.store, filters.q.trim()],
    queryFn: ({ signal }) => apiRequest(inboxPath(page, filters), { schema: storeInboxPageSchema, signal }),
    placeholderData: keepPreviousData,
  });

/** Buys the selected orders as one batch (decision 113); the inbox is read again, as the bought orders leave it. */
export const useBuyStoreBatch = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BuyStoreBatchBody) => apiRequest('/api/stores/orders/batch', { method: 'POST', body, schema: storeBatchResponseSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: storeKeys.all }),
  });
};
