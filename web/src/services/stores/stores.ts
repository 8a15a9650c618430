import { connectStoreAnswerSchema, storeInboxPageSchema, storeListSchema, storeSyncResultSchema, type ConnectStoreBody } from '@labeldesk/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../libs/http-client';

export const storeKeys = {
  all: ['stores'] as const,
  list: () => ['stores', 'list'] as const,
  inbox: (page: number) => ['stores', 'inbox', page] as const,
};

/** Imported orders a page of the inbox shows. */
export const INBOX_PAGE_SIZE = 25;

/** The caller's connections and the stores that can be connected, with the fields each asks for. */
export const useStores = () => useQuery({ queryKey: storeKeys.list(), queryFn: ({ signal }) => apiRequest('/api/stores', { schema: storeListSchema, signal }) });

/** Orders awaiting shipment, oldest first, a page at a time. */
export const useStoreInbox = (page: number) =>
  useQuery({
    queryKey: storeKeys.inbox(page),
    queryFn: ({ signal }) => apiRequest(`/api/stores/orders?status=awaiting&page=${page}&limit=${INBOX_PAGE_SIZE}`, { schema: storeInboxPageSchema, signal }),
    placeholderData: keepPreviousData,
  });

/** Connecting and syncing change both the connections and the inbox. */
const useStoresMutation = <Input, Output>(mutationFn: (input: Input) => Promise<Output>) => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: storeKeys.all }) });
};

/** Connects a store of keys at once ({store, sync}); an OAuth store answers {authorizeUrl}, where the seller approves (decision 107). */
export const useConnectStore = () => useStoresMutation((body: ConnectStoreBody) => apiRequest('/api/stores', { method: 'POST', body, schema: connectStoreAnswerSchema }));

export const useSyncStore = () => useStoresMutation((id: string) => apiRequest(`/api/stores/${id}/sync`, { method: 'POST', schema: storeSyncResultSchema }));

export const useDisconnectStore = () => useStoresMutation((id: string) => apiRequest(`/api/stores/${id}`, { method: 'DELETE', schema: z.object({ deleted: z.boolean() }) }));
