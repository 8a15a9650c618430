import { Webhook } from 'standardwebhooks';
import type { webhooks } from './generated/openapi';

type BodyOf<T> = T extends { post: { requestBody: { content: { 'application/json': infer Body } } } } ? Body : never;

/** Every event LabelDesk sends to a webhook endpoint, as the document's `webhooks` section describes its payload. */
export type WebhookEvent = { [Type in keyof webhooks]: BodyOf<webhooks[Type]> }[keyof webhooks];
export type WebhookEventType = keyof webhooks;

/** The request's headers as Node (`req.headers`), fetch (`Headers`) or a plain object give them. */
export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>;

const header = (headers: WebhookHeaders, name: string): string => {
  const value = headers instanceof Headers ? headers.get(name) : (headers[name] ?? headers[name.toLowerCase()]);
  const text = Array.isArray(value) ? value[0] : value;
  if (typeof text !== 'string' || text === '') throw new WebhookVerificationError(`the ${name} header is missing`);
  return text;
};

export class WebhookVerificationError extends Error {
  override readonly name = 'WebhookVerificationError';
}

/**
 * Verifies a LabelDesk webhook by the Standard Webhooks scheme the product signs with (HMAC-SHA256 of
 * `<webhook-id>.<webhook-timestamp>.<raw body>` keyed by the base64 after `whsec_`, `v1,<base64>` signatures space
 * separated during a secret's rotation; the standardwebhooks reference library checks them in constant time) and
 * refuses a timestamp more than five minutes from now, so a captured message cannot be replayed later. `rawBody` must be
 * the bytes as received: a body parsed and serialised again no longer matches its signature. Returns the typed event;
 * `webhook-id` is the same on every retry of one message, to drop repeats by.
 */
export const verifyWebhook = (secret: string, rawBody: string | Uint8Array, headers: WebhookHeaders): WebhookEvent => {
  const body = typeof rawBody === 'string' ? rawBody : new TextDecoder().decode(rawBody);
  const signed = {
    'webhook-id': header(headers, 'webhook-id'),
    'webhook-timestamp': header(headers, 'webhook-timestamp'),
    'webhook-signature': header(headers, 'webhook-signature'),
  };
  try {
    return new Webhook(secret).verify(body, signed) as WebhookEvent;
  } catch (error) {
    throw new WebhookVerificationError(error instanceof Error ? error.message : 'the signature does not match');
  }
};

/** Where an event stands among its resource's events: apply it only when `sequence` is above the last one applied for `resource`. */
export interface WebhookOrdering {
  /** The resource the sequence counts: `label:<labelKind>:<labelId>`, `batch:<orderId>` or `balance`. */
  resource: string;
  sequence: number;
}

/**
 * The resource and sequence of a verified event (null for `webhook.test`, which orders nothing): a label's events
 * (bought, voided, refunded, tracking) share one sequence, a batch's `batch.completed` its own, top-ups the account's.
 */
export const webhookOrdering = (event: WebhookEvent): WebhookOrdering | null => {
  switch (event.type) {
    case 'label.purchased':
    case 'label.voided':
    case 'label.refunded':
    case 'tracking.updated':
      return { resource: `label:${event.data.labelKind}:${event.data.labelId}`, sequence: event.sequence };
    case 'batch.completed':
      return { resource: `batch:${event.data.orderId}`, sequence: event.sequence };
    case 'balance.credited':
      return { resource: 'balance', sequence: event.sequence };
    default:
      return null;
  }
};
