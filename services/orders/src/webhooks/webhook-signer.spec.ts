import { createHmac } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { newWebhookSecret, signWebhook } from './webhook-signer';

/** The signature computed by hand, as the Standard Webhooks spec describes it: HMAC-SHA256 of `id.timestamp.body` with the secret's bytes. */
const byHand = (secret: string, id: string, timestamp: string, body: string): string =>
  `v1,${createHmac('sha256', Buffer.from(secret.slice('whsec_'.length), 'base64')).update(`${id}.${timestamp}.${body}`).digest('base64')}`;

describe('webhook signing', () => {
  const body = JSON.stringify({ type: 'label.purchased', timestamp: '2026-11-26T10:00:00.000Z', data: { orderId: 'a', amountCents: 850 } });

  it('makes secrets of whsec_ and the base64 of 32 random bytes, different each time', () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(32);
    expect(newWebhookSecret()).not.toBe(secret);
  });

  it('signs what an independent HMAC-SHA256 computed by hand gives, and what standardwebhooks verifies', () => {
    const secret = newWebhookSecret();
    const at = new Date();
    const headers = signWebhook([secret], 'label.purchased:single:1', at, body);
    expect(headers['webhook-id']).toBe('label.purchased:single:1');
    expect(headers['webhook-timestamp']).toBe(String(Math.floor(at.getTime() / 1000)));
    expect(headers['webhook-signature']).toBe(byHand(secret, 'label.purchased:single:1', headers['webhook-timestamp'], body));
    expect(new Webhook(secret).verify(body, { ...headers })).toEqual(JSON.parse(body));
  });

  it('refuses a changed body, another secret and an old timestamp', () => {
    const secret = newWebhookSecret();
    const headers = signWebhook([secret], 'm1', new Date(), body);
    expect(() => new Webhook(secret).verify(body.replace('850', '1'), { ...headers })).toThrow();
    expect(() => new Webhook(newWebhookSecret()).verify(body, { ...headers })).toThrow();
    const old = signWebhook([secret], 'm1', new Date(Date.now() - 10 * 60_000), body);
    expect(() => new Webhook(secret).verify(body, { ...old })).toThrow(/timestamp/i);
  });

  it('sends both signatures during a rotation, so a receiver holding either secret accepts the message', () => {
    const [current, previous] = [newWebhookSecret(), newWebhookSecret()];
    const headers = signWebhook([current, previous], 'm2', new Date(), body);
    const signatures = headers['webhook-signature'].split(' ');
    expect(signatures).toEqual([byHand(current, 'm2', headers['webhook-timestamp'], body), byHand(previous, 'm2', headers['webhook-timestamp'], body)]);
    expect(new Webhook(current).verify(body, { ...headers })).toBeTruthy();
    expect(new Webhook(previous).verify(body, { ...headers })).toBeTruthy();
  });
});
