import { sameReceiverResponseSchema } from '@labeldesk/contracts';
import type { SameReceiverBody, SameReceiverResponse } from '@labeldesk/contracts';
import { apiRequest } from '../../libs/http-client';
import type { OrderFormData } from './create-order';

/** What the check compares of an order: the receiver's name, street and ZIP, and its SKU (or, without one, its description). */
export const sameReceiverQuery = (order: OrderFormData): SameReceiverBody => ({
  receiverName: order.receiver_name,
  receiverAddress1: order.receiver_address1,
  receiverZip: order.receiver_zip_postal,
  items: order.package_reference2?.trim() || order.package_description?.trim() || '',
});

/**
 * POST /api/orders/same-receiver/{userId} (issue 47): the user's newest label of the last 24 hours to this receiver
 * with these items, or null. Asked before a single label is bought, to warn of a second purchase by mistake.
 */
export const findSameReceiverLabel = async (userId: string, order: OrderFormData): Promise<SameReceiverResponse['label']> => {
  const answer = await apiRequest(`/api/orders/same-receiver/${encodeURIComponent(userId)}`, {
    method: 'POST',
    body: sameReceiverQuery(order),
    schema: sameReceiverResponseSchema,
  });
  return answer.label;
};
