import { DomainError, ErrorCode, OrdersRpc, pendingLabelResponseSchema, type ParsedRequestOf, type PlaceOrderResponse } from '@labeldesk/contracts';
import type { RpcClient } from '@labeldesk/nest-transport';
import type { CallContext } from '../auth/request-context';

/** Errors that mean "no answer yet", not "refused": the order may still complete. */
const NO_ANSWER: ReadonlySet<string> = new Set([ErrorCode.TIMEOUT, ErrorCode.SERVICE_UNAVAILABLE]);

/** Orders has no order under the key, and will not write one (writeWithinMs): nothing was or will be charged. */
export const NOT_CHARGED = 'The label service did not answer. Try again; you were not charged.';
/** Nobody could say whether the order was written: a retry with the same key is safe, a promise would not be. */
export const NOT_KNOWN =
  'The label service did not answer. Try again in a moment: a retry of the same purchase is never charged twice, and a label already started appears in Orders.';

/**
 * How long orders may take to write a new order: less than the gateway waits, so by the time it asks findByKey a
 * late order can no longer appear. The margin covers the trip to orders and the insert itself.
 */
export const writeWindowMs = (replyWaitMs: number): number => replyWaitMs - Math.min(1_000, Math.floor(replyWaitMs / 2));

/** The documented 202 of the web app's purchase routes (a single label, an imported order's label). */
export const PENDING_LABEL_ANSWER = {
  status: 202,
  description: 'A service on the way did not answer in time: the order is pending, and completes or is refunded by itself',
  response: pendingLabelResponseSchema,
} as const;

/** A purchase's outcome: bought, or still pending after a service on the way did not answer in time. */
export type SinglePurchase = { bought: { orderId: string; pdfName: string; trackingNumber: string; priceCents: number } } | { pendingOrderId: string };

/**
 * Buys one label for the web app's route and the public API's alike. When a service on the way does not answer, the
 * customer is not kept waiting: pending when orders says the order exists (it is finished or refunded by recovery);
 * 503 saying nothing was charged when it says there is none (orders died before writing it, and writes none later);
 * 503 without a promise when nobody can say.
 */
export const purchaseSingle = async (
  rpc: RpcClient,
  request: Omit<ParsedRequestOf<typeof OrdersRpc.placeSingle>, 'writeWithinMs'>,
  replyWaitMs: number,
  ctx: CallContext,
): Promise<SinglePurchase> => {
  try {
    return { bought: await rpc.call(OrdersRpc.placeSingle, { ...request, writeWithinMs: writeWindowMs(replyWaitMs) }, { ...ctx, timeoutMs: replyWaitMs }) };
  } catch (error) {
    if (!(error instanceof DomainError) || !NO_ANSWER.has(error.code)) throw error;
    const { userId, idempotencyKey } = request;
    const found = await rpc.call(OrdersRpc.findByKey, { userId, idempotencyKey }, { ...ctx, timeoutMs: 3_000 }).catch(() => undefined);
    if (found === undefined) throw new DomainError(ErrorCode.ORDERS_NOT_ANSWERED, NOT_KNOWN);
    // No order (orders died before writing it, or nobody took the request), or one refunded: nothing was charged.
    if (!found.order || found.order.status === 'cancelled') throw new DomainError(ErrorCode.ORDERS_NOT_ANSWERED, NOT_CHARGED);
    return { pendingOrderId: found.order._id };
  }
};

/** The web app's answer to a purchase (POST /api/orders/v2 and routes that buy as it does): 200 with the label, or 202 while pending. */
export const placeOrderAnswer = (purchase: SinglePurchase, res: { status(code: number): unknown }): PlaceOrderResponse => {
  if ('bought' in purchase) {
    const placed = purchase.bought;
    return { data: { pdfName: placed.pdfName, orderId: placed.orderId, trackingNumber: placed.trackingNumber, price: placed.priceCents } };
  }
  res.status(202);
  return {
    message: 'Your label is still being processed. It will appear in Orders when it is ready; if it cannot be made, you are not charged.',
    data: { orderId: purchase.pendingOrderId, status: 'pending' },
  };
};
