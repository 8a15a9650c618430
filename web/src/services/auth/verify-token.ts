import { verifyResponseSchema } from '@labeldesk/contracts';
import type { VerifyResponse } from '@labeldesk/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../libs/http-client';
import { authKeys } from './keys';

export const verifyToken = (signal?: AbortSignal): Promise<VerifyResponse> =>
  apiRequest('/api/auth/verify', { schema: verifyResponseSchema, ...(signal ? { signal } : {}) });

/** Checked every time a protected area is entered; never retried, since a refusal means the session is over. */
export const useVerifyToken = (token: string | null) =>
  useQuery({
    queryKey: authKeys.session(token),
    queryFn: ({ signal }) => verifyToken(signal),
    enabled: token !== null,
    retry: false,
    staleTime: 0,
    refetchOnMount: 'always',
  });
