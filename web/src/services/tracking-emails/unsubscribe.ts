import { unsubscribeInfoSchema, type UnsubscribeInfo } from '@labeldesk/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, isApiError } from '../../libs/http-client';

const unsubscribeKey = (token: string) => ['unsubscribe', token] as const;
const path = (token: string) => `/api/public/tracking-emails/unsubscribe/${encodeURIComponent(token)}`;

export const getUnsubscribeInfo = (token: string, signal?: AbortSignal): Promise<UnsubscribeInfo> =>
  apiRequest(path(token), { schema: unsubscribeInfoSchema, ...(signal ? { signal } : {}) });

export const unsubscribe = (token: string): Promise<UnsubscribeInfo> => apiRequest(path(token), { method: 'POST', body: {}, schema: unsubscribeInfoSchema });

/** Whose mails the link stops; a link that is not one is answered once, not asked again. */
export const useUnsubscribeInfo = (token: string) =>
  useQuery({
    queryKey: unsubscribeKey(token),
    queryFn: ({ signal }) => getUnsubscribeInfo(token, signal),
    retry: (failures, error) => !(isApiError(error) && error.status === 404) && failures < 2,
  });

export const useUnsubscribe = (token: string) => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: () => unsubscribe(token), onSuccess: (info) => queryClient.setQueryData(unsubscribeKey(token), info) });
};
