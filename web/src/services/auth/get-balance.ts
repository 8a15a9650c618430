import { balanceResponseSchema, type BalanceResponse } from '@labeldesk/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../libs/http-client';
import { useAuthStore } from '../../stores/auth.store';
import { authKeys } from './keys';

/** The current balance in cents, fresher than the copy inside the stored user. */
export const getBalance = (signal?: AbortSignal): Promise<BalanceResponse> =>
  apiRequest('/api/auth/api/balance', { schema: balanceResponseSchema, ...(signal ? { signal } : {}) });

export const useBalance = () => {
  const token = useAuthStore((state) => state.token);
  return useQuery({
    queryKey: authKeys.balance(token),
    queryFn: ({ signal }) => getBalance(signal),
    enabled: token !== null,
    select: (data) => data.balance,
  });
};
