import type { QueryClient } from '@tanstack/react-query';
import { refreshSession } from '../auth/refresh-session';
import { bulkOrderKeys } from '../bulk-orders/keys';
import { orderKeys } from './keys';

/**
 * After a void: the orders and batches (their label states), the pending refunds and the user (a voided label's price is
 * back on the balance at once) are read again from the server, as after a purchase.
 */
export const refreshAfterVoid = async (queryClient: QueryClient): Promise<void> => {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: orderKeys.all }),
    queryClient.invalidateQueries({ queryKey: bulkOrderKeys.all }),
    refreshSession(queryClient),
  ]);
};
