import { createHmac, randomBytes } from 'node:crypto';
import { verifyWebhook, WebhookVerificationError } from './webhooks';

const newSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

/** Signed as services/orders/src/webhooks/webhook-signer.ts signs, computed here by hand from the Standard Webhooks spec. */
const sign = (secrets: string[], id: string, at: Date, body: string) => {
  const timestamp = String(Math.floor(at.getTime() / 1000));
  const signature = secrets
    .map((secret) => `v1,${createHmac('sha256', Buffer.from(secret.slice('whsec_'.length), 'base64')).update(`${id}.${timestamp}.${body}`).digest('base64')}`)
    .join(' ');
  return { 'webhook-id': id, 'webhook-timestamp': timestamp, 'webhook-signature': signature };
};

describe('verifying a LabelDesk webhook', () => {
  const body = JSON.stringify({ type: 'label.voided', timestamp: '2026-11-30T02:00:00.000Z', data: { orderId: 'o1', amountCents: 850 } });

  it('gives the event of a message signed with the secret, from a plain object, Node headers or fetch Headers, body as text or bytes', () => {
    const secret = newSecret();
    const headers = sign([secret], 'msg_1', new Date(), body);
    expect(verifyWebhook(secret, body, headers)).toEqual(JSON.parse(body));
    expect(verifyWebhook(secret, new TextEncoder().encode(body), new Headers(headers))).toEqual(JSON.parse(body));
    expect(verifyWebhook(secret, body, { ...headers, 'webhook-id': [headers['webhook-id']] })).toEqual(JSON.parse(body));
  });

  it('accepts a message signed during a rotation with the old and the new secret, holding either', () => {
    const [current, previous] = [newSecret(), newSecret()];
    const headers = sign([current, previous], 'msg_2', new Date(), body);
    expect(verifyWebhook(previous, body, headers)).toEqual(JSON.parse(body));
    expect(verifyWebhook(current, body, headers)).toEqual(JSON.parse(body));
  });

  it('refuses a changed body, another secret, an old timestamp and a missing header', () => {
    const secret = newSecret();
    const headers = sign([secret], 'msg_3', new Date(), body);
    expect(() => verifyWebhook(secret, body.replace('850', '85000'), headers)).toThrow(WebhookVerificationError);
    expect(() => verifyWebhook(newSecret(), body, headers)).toThrow(WebhookVerificationError);
    expect(() => verifyWebhook(secret, body, sign([secret], 'msg_3', new Date(Date.now() - 10 * 60_000), body))).toThrow(/timestamp/i);
    const { 'webhook-signature': _signature, ...unsigned } = headers;
    expect(() => verifyWebhook(secret, body, unsigned)).toThrow('the webhook-signature header is missing');
  });
});
