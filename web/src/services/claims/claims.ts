import {
  claimSchema,
  claimsListSchema,
  extraServicesQuoteSchema,
  insuredLabelsSchema,
  type ApiMode,
  type Claim,
  type ExtraServicesQuote,
  type ExtraServicesQuoteBody,
  type FileClaimBody,
} from '@labeldesk/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../libs/http-client';

/** How often the claims are read again while one is open. */
const OPEN_CLAIMS_REFRESH_MS = 3_000;

export const claimKeys = {
  all: ['claims'] as const,
  list: (mode: ApiMode) => ['claims', 'list', mode] as const,
  insured: (mode: ApiMode) => ['claims', 'insured-labels', mode] as const,
  extras: (body: ExtraServicesQuoteBody) => ['claims', 'extras-quote', body] as const,
};

/** A claims list's address: live claims, or with the Test mode switch on those on test labels (decision 127). */
const listPath = (path: string, mode: ApiMode): string => (mode === 'test' ? `${path}?mode=test` : path);

/** The caller's claims of one mode with their states, newest first. */
export const useClaims = (mode: ApiMode = 'live') =>
  useQuery({
    queryKey: claimKeys.list(mode),
    queryFn: ({ signal }) => apiRequest(listPath('/api/claims', mode), { schema: claimsListSchema, signal }).then((answer) => answer.claims),
    // Read again while a claim is still with its insurer or waiting to be paid, so the page shows it move on.
    refetchInterval: (query) => (query.state.data?.some((claim) => claim.state === 'submitted' || claim.state === 'approved') ? OPEN_CLAIMS_REFRESH_MS : false),
  });

/** The caller's insured labels of one mode a claim may be filed on. */
export const useInsuredLabels = (mode: ApiMode = 'live') =>
  useQuery({
    queryKey: claimKeys.insured(mode),
    queryFn: ({ signal }) => apiRequest(listPath('/api/claims/insured-labels', mode), { schema: insuredLabelsSchema, signal }).then((answer) => answer.labels),
  });

/** Files a claim; the lists are read again after. */
export const useFileClaim = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, body }: { orderId: string; body: FileClaimBody }): Promise<Claim> =>
      apiRequest(`/api/orders/${encodeURIComponent(orderId)}/claims`, { method: 'POST', body, schema: claimSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: claimKeys.all }),
  });
};

/**
 * What insurance and a signature add to a label of the service, asked only when one of them is chosen; a refusal
 * (a service that cannot have it) is the query's error, with the server's words.
 */
export const useExtrasQuote = (body: ExtraServicesQuoteBody | null) =>
  useQuery({
    queryKey: claimKeys.extras(body ?? { service_name: '' }),
    queryFn: ({ signal }): Promise<ExtraServicesQuote> => apiRequest('/api/orders/extra-services/quote', { method: 'POST', body, schema: extraServicesQuoteSchema, signal }),
    enabled: body !== null,
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 60_000,
  });
