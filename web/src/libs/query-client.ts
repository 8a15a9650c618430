import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './http-client';

/** Retry only what may succeed on a second try: no answer at all, or a server-side failure. */
const shouldRetry = (failureCount: number, error: unknown): boolean => {
  if (failureCount >= 2) return false;
  if (!isApiError(error)) return false;
  return error.status === 0 ? error.code === 'NETWORK' : error.status >= 500;
};

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});
