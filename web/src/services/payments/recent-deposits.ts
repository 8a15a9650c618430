import { depositListItemSchema } from '@labeldesk/contracts';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../libs/http-client';
import { paymentKeys } from './keys';

/** Spec section 3, Deposit: amount in cents, createdTime in unix seconds, status Settled / Expired / other. */
export type DepositListItem = z.infer<typeof depositListItemSchema>;

export const getRecentDeposits = (userId: string, signal?: AbortSignal): Promise<DepositListItem[]> =>
  apiRequest(`/api/payment/recent-deposits/${encodeURIComponent(userId)}`, {
    schema: z.array(depositListItemSchema),
    ...(signal ? { signal } : {}),
  });

export const useRecentDeposits = (userId: string) =>
  useQuery({ queryKey: paymentKeys.recentDeposits(userId), queryFn: ({ signal }) => getRecentDeposits(userId, signal) });
