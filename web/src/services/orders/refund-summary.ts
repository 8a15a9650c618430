import { refundSummarySchema, type RefundSummary } from '@labeldesk/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../libs/http-client';
import { orderKeys } from './keys';

/** GET /api/orders/refunds/{userId}: the money the carriers are still deciding about. */
export const getRefundSummary = (userId: string, signal?: AbortSignal): Promise<RefundSummary> =>
  apiRequest(`/api/orders/refunds/${encodeURIComponent(userId)}`, { schema: refundSummarySchema, ...(signal ? { signal } : {}) });

export const useRefundSummary = (userId: string) =>
  useQuery({ queryKey: orderKeys.refunds(userId), queryFn: ({ signal }) => getRefundSummary(userId, signal) });
