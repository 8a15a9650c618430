import { apiKeyListSchema, createdApiKeySchema, okSchema, type ApiKeySummary, type CreateApiKeyBody, type CreatedApiKey } from '@labeldesk/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../libs/http-client';

export const apiKeyKeys = {
  all: ['api-keys'] as const,
  list: () => [...apiKeyKeys.all, 'list'] as const,
};

export const listApiKeys = (signal?: AbortSignal): Promise<ApiKeySummary[]> =>
  apiRequest('/api/keys', { schema: apiKeyListSchema, ...(signal ? { signal } : {}) }).then((body) => body.keys);

export const useApiKeys = () => useQuery({ queryKey: apiKeyKeys.list(), queryFn: ({ signal }) => listApiKeys(signal) });

/** The answer holds the key itself, the only time the server ever sends it. */
export const createApiKey = (body: CreateApiKeyBody): Promise<CreatedApiKey> => apiRequest('/api/keys', { method: 'POST', body, schema: createdApiKeySchema });

export const useCreateApiKey = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createApiKey, onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.list() }) });
};

export const revokeApiKey = (id: string): Promise<{ ok: true }> => apiRequest(`/api/keys/${encodeURIComponent(id)}`, { method: 'DELETE', schema: okSchema });

export const useRevokeApiKey = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiKey,
    onSuccess: (_result, id) => {
      queryClient.setQueryData<ApiKeySummary[]>(apiKeyKeys.list(), (list) => list?.filter((key) => key.id !== id));
      return queryClient.invalidateQueries({ queryKey: apiKeyKeys.list() });
    },
  });
};
