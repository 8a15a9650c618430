import { voidLabelResponseSchema, type VoidLabelResponse } from '@labeldesk/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../libs/http-client';

/** POST /api/orders/{orderId}/void, empty body: voids a single order's label; refusals come back as the server's 4xx message. */
export const voidLabel = (orderId: string): Promise<VoidLabelResponse> =>
  apiRequest(`/api/orders/${encodeURIComponent(orderId)}/void`, { method: 'POST', schema: voidLabelResponseSchema });

export const useVoidLabel = () => useMutation({ mutationFn: voidLabel });
