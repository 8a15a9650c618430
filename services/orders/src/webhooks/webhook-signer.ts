import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

/** Standard Webhooks' secret: `whsec_` and the base64 of random bytes (24–64; 32 here). */
export const newWebhookSecret = (): string => `whsec_${randomBytes(32).toString('base64')}`;

export interface SignedHeaders {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

/**
 * The three Standard Webhooks headers for one message. During a rotation every secret still valid signs, space
 * separated, so a receiver holding either the old or the new secret accepts the message.
 */
export const signWebhook = (secrets: readonly string[], messageId: string, at: Date, body: string): SignedHeaders => {
  const signature = secrets.map((secret) => new Webhook(secret).sign(messageId, at, body)).join(' ');
  return { 'webhook-id': messageId, 'webhook-timestamp': String(Math.floor(at.getTime() / 1000)), 'webhook-signature': signature };
};
