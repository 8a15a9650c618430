import { topUpResponseSchema } from '@labeldesk/contracts';
import type { TopUpResponse } from '@labeldesk/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../libs/http-client';

export interface TopUpRequest {
  userId: string;
  amountCents: number;
}

/** Creates a deposit and its invoice at the payment provider (400 outside $5-$10,000, 429 when asked too often). */
export const createTopUp = ({ userId, amountCents }: TopUpRequest): Promise<TopUpResponse> =>
  apiRequest(`/api/payment/top-up/${encodeURIComponent(userId)}?amount=${encodeURIComponent(String(amountCents))}`, {
    schema: topUpResponseSchema,
  });

export const useCreateTopUp = () => useMutation({ mutationFn: createTopUp });
