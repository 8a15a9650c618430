import { recentDepositsResponseSchema } from '@labeldesk/contracts';
import type { Deposit } from '@labeldesk/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../libs/http-client';
import { paymentKeys } from './keys';

/** Spec section 3, Deposit: amount in cents, createdTime in unix seconds, status Settled / Expired / other; newest first. */
export const getRecentDeposits = (userId: string, signal?: AbortSignal): Promise<Deposit[]> =>
  apiRequest(`/api/payment/recent-deposits/${encodeURIComponent(userId)}`, {
    schema: recentDepositsResponseSchema,
    ...(signal ? { signal } : {}),
  });

export const useRecentDeposits = (userId: string) =>
  useQuery({ queryKey: paymentKeys.recentDeposits(userId), queryFn: ({ signal }) => getRecentDeposits(userId, signal) });
