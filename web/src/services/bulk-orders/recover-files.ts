import { bulkRecoverResponseSchema } from '@labeldesk/contracts';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../libs/http-client';

export type BulkRecoverResponse = z.infer<typeof bulkRecoverResponseSchema>;

/** POST /api/orders/bulk/recover/{orderId}, empty body: rebuilds the batch's three files from its items. */
export const recoverBulkFiles = (orderId: string): Promise<BulkRecoverResponse> =>
  apiRequest(`/api/orders/bulk/recover/${encodeURIComponent(orderId)}`, { method: 'POST', schema: bulkRecoverResponseSchema });

export const useRecoverBulkFiles = () => useMutation({ mutationFn: recoverBulkFiles });
