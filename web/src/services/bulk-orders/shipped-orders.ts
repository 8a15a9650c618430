import { SHIPPED_LOOKUP_IDS, shippedLookupResponseSchema } from '@labeldesk/contracts';
import type { ShippedLookupBody, ShippedOrder } from '@labeldesk/contracts';
import { apiRequest } from '../../libs/http-client';

/**
 * POST /api/orders/bulk/shipped/{userId} (issue 47): which of a loaded file's order IDs already have a label, by
 * order ID. The IDs go SHIPPED_LOOKUP_IDS a request; the server checks again at submit, so this only marks rows.
 */
export const lookUpShippedOrders = async (userId: string, orderIds: readonly string[], signal?: AbortSignal): Promise<Map<string, ShippedOrder>> => {
  const ids = [...new Set(orderIds.map((id) => id.trim()).filter((id) => id !== ''))];
  const shipped = new Map<string, ShippedOrder>();
  for (let i = 0; i < ids.length; i += SHIPPED_LOOKUP_IDS) {
    const answer = await apiRequest(`/api/orders/bulk/shipped/${encodeURIComponent(userId)}`, {
      method: 'POST',
      body: { orderIds: ids.slice(i, i + SHIPPED_LOOKUP_IDS) } satisfies ShippedLookupBody,
      schema: shippedLookupResponseSchema,
      ...(signal ? { signal } : {}),
    });
    for (const order of answer.shipped) shipped.set(order.orderId, order);
  }
  return shipped;
};
