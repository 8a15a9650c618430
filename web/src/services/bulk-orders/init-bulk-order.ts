import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../libs/http-client';

const initResponseSchema = z.object({ orderId: z.string().min(1) });

/** Spec 8: the toast when no draft batch could be made. */
export const INIT_BULK_FAILED = 'Failed to initialize bulk order';

/** POST /api/orders/bulk/init: a draft batch id to submit the rows under (never listed until processed). */
export const initBulkOrder = (userId: string): Promise<string> =>
  apiRequest('/api/orders/bulk/init', { method: 'POST', body: { userId }, schema: initResponseSchema }).then((body) => body.orderId);

export const useInitBulkOrder = () => useMutation({ mutationFn: initBulkOrder });
