import {
  bulkReturnsSchema,
  createdReturnSchema,
  issuedReturnLinkSchema,
  publicReturnSchema,
  returnLabelSchema,
  returnQuoteSchema,
  type BulkReturns,
  type CreatedReturn,
  type IssuedReturnLink,
  type LabelCarrier,
  type PublicReturn,
  type ReturnLabel,
  type ReturnQuote,
} from '@labeldesk/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { downloadFile } from '../../libs/download-file';
import { apiRequest, isApiError } from '../../libs/http-client';
import { refreshSession } from '../auth/refresh-session';

/** Return labels are per user: the id is in the key so a login-as never shows the previous user's. */
export const returnKeys = {
  all: ['returns'] as const,
  list: (userId: string) => [...returnKeys.all, 'list', userId] as const,
  quote: (orderId: string, carrier: LabelCarrier | null = null) => [...returnKeys.all, 'quote', orderId, carrier ?? 'outbound'] as const,
};

const returnsListSchema = z.object({ returns: z.array(returnLabelSchema) });

export const listReturns = (signal?: AbortSignal): Promise<ReturnLabel[]> =>
  apiRequest('/api/returns', { schema: returnsListSchema, ...(signal ? { signal } : {}) }).then((answer) => answer.returns);

/** The caller's return labels, newest first; the Orders list shows each beside its order. */
export const useReturns = (userId: string) => useQuery({ queryKey: returnKeys.list(userId), queryFn: ({ signal }) => listReturns(signal) });

/** The order's return labels, newest first, from the list. */
export const returnsOf = (returns: readonly ReturnLabel[] | undefined, orderId: string): ReturnLabel[] => (returns ?? []).filter((label) => label.orderId === orderId);

/** What the order's return costs, sold by the outbound label's carrier or (decision 123) the carrier picked. */
export const getReturnQuote = (orderId: string, carrier: LabelCarrier | null = null, signal?: AbortSignal): Promise<ReturnQuote> =>
  apiRequest(`/api/orders/${encodeURIComponent(orderId)}/return/quote${carrier ? `?carrier=${encodeURIComponent(carrier)}` : ''}`, {
    schema: returnQuoteSchema,
    ...(signal ? { signal } : {}),
  });

export const useReturnQuote = (orderId: string | null, carrier: LabelCarrier | null = null) =>
  useQuery({ queryKey: returnKeys.quote(orderId ?? '', carrier), queryFn: ({ signal }) => getReturnQuote(orderId ?? '', carrier, signal), enabled: orderId !== null, staleTime: 0 });

export const createReturn = ({ orderId, again, carrier = null }: { orderId: string; again: boolean; carrier?: LabelCarrier | null }): Promise<CreatedReturn> =>
  apiRequest(`/api/orders/${encodeURIComponent(orderId)}/return`, { method: 'POST', body: { again, ...(carrier ? { carrier } : {}) }, schema: createdReturnSchema });

export const createReturns = ({ orderIds, again }: { orderIds: string[]; again: boolean }): Promise<BulkReturns> =>
  apiRequest('/api/returns/bulk', { method: 'POST', body: { orderIds, again }, schema: bulkReturnsSchema });

/** Makes return labels and refreshes the list the Orders page reads them from. */
export const useCreateReturn = (userId: string) => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createReturn, onSettled: () => queryClient.invalidateQueries({ queryKey: returnKeys.list(userId) }) });
};

export const useCreateReturns = (userId: string) => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createReturns, onSettled: () => queryClient.invalidateQueries({ queryKey: returnKeys.list(userId) }) });
};

/** The buyer's page for a link's token, on this site. */
export const returnPageUrl = (token: string, origin: string = window.location.origin): string => `${origin}/r/${token}`;

export const issueReturnLink = (returnId: string): Promise<IssuedReturnLink> =>
  apiRequest(`/api/returns/${encodeURIComponent(returnId)}/link`, { method: 'POST', schema: issuedReturnLinkSchema });

export const revokeReturnLink = (returnId: string): Promise<{ revoked: boolean }> =>
  apiRequest(`/api/returns/${encodeURIComponent(returnId)}/link`, { method: 'DELETE', schema: z.object({ revoked: z.boolean() }) });

export const useIssueReturnLink = (userId: string) => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: issueReturnLink, onSettled: () => queryClient.invalidateQueries({ queryKey: returnKeys.list(userId) }) });
};

export const useRevokeReturnLink = (userId: string) => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: revokeReturnLink, onSettled: () => queryClient.invalidateQueries({ queryKey: returnKeys.list(userId) }) });
};

export const voidReturn = (returnId: string): Promise<ReturnLabel> =>
  apiRequest(`/api/returns/${encodeURIComponent(returnId)}/void`, { method: 'POST', schema: returnLabelSchema });

/** Voids an unused return label (decision 123), then reads the returns and the balance again, refused or not. */
export const useVoidReturn = (userId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: voidReturn,
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: returnKeys.list(userId) }), refreshSession(queryClient)]),
  });
};

export const downloadReturnLabel = (label: Pick<ReturnLabel, 'id' | 'labelName'>): Promise<string> => downloadFile(`/api/returns/${encodeURIComponent(label.id)}/label`, label.labelName);
export const useDownloadReturnLabel = () => useMutation({ mutationFn: downloadReturnLabel });

/** The return label's PDF for a link's holder (no sign-in: the token is the credential). */
export const publicReturnLabelUrl = (token: string): string => `/api/public/returns/${encodeURIComponent(token)}/label`;

export const getPublicReturn = (token: string, signal?: AbortSignal): Promise<PublicReturn> =>
  apiRequest(`/api/public/returns/${encodeURIComponent(token)}`, { schema: publicReturnSchema, ...(signal ? { signal } : {}) });

/** The buyer's page; a link that is not (or no longer) one is answered once, not asked again. */
export const usePublicReturn = (token: string) =>
  useQuery({
    queryKey: ['public-return', token],
    queryFn: ({ signal }) => getPublicReturn(token, signal),
    retry: (failures, error) => !(isApiError(error) && error.status === 404) && failures < 2,
  });
