import { createHmac, randomBytes } from 'node:crypto';
import { verifyWebhook, WebhookVerificationError, webhookOrdering } from './webhooks';

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

describe("a webhook event's place among its resource's events", () => {
  const verified = (event: object) => {
    const secret = newSecret();
    const body = JSON.stringify(event);
    return verifyWebhook(secret, body, sign([secret], 'label.voided:v1', new Date(), body));
  };
  const label = { labelKind: 'single', labelId: 'o1', orderId: 'o1', trackingNumber: '9400', carrier: 'sandbox', amountCents: 850, state: 'voided', requestedBy: 'customer', settledAt: null };

  it("gives a label event's sequence under its label, a redelivery's the same as the first delivery's", () => {
    const first = verified({ type: 'label.voided', timestamp: '2026-11-30T02:00:00.000Z', sequence: 3, data: label });
    const again = verified({ type: 'label.voided', timestamp: '2026-11-30T02:00:00.000Z', sequence: 3, redelivery: true, data: label });
    expect(webhookOrdering(first)).toEqual({ resource: 'label:single:o1', sequence: 3 });
    expect(webhookOrdering(again)).toEqual(webhookOrdering(first));
    expect(again).toMatchObject({ redelivery: true });
  });

  it('counts a batch by its id, top-ups per account, and orders no test message', () => {
    expect(webhookOrdering(verified({ type: 'batch.completed', timestamp: 't', sequence: 1, data: { orderId: 'b1' } }))).toEqual({ resource: 'batch:b1', sequence: 1 });
    expect(webhookOrdering(verified({ type: 'balance.credited', timestamp: 't', sequence: 7, data: { depositId: 'd' } }))).toEqual({ resource: 'balance', sequence: 7 });
    expect(webhookOrdering(verified({ type: 'webhook.test', timestamp: 't', data: { webhookId: 'w', message: 'hi' } }))).toBeNull();
  });
});
