import { API_KEY_USAGE_MAX_KEYS, ApiKeyEvents, type ApiKeyUsageEvent } from '@labeldesk/contracts';
import type { RpcClient } from '@labeldesk/nest-transport';
import { randomUUID } from 'node:crypto';
import { ApiKeyRateLimiter } from './api-key-rate-limiter';
import { ApiKeyUsageExchange } from './api-key-usage.exchange';

const replicaWith = (perMinute: number) => {
  const sent: ApiKeyUsageEvent[] = [];
  const rpc = {
    emit: jest.fn(async (contract: unknown, payload: ApiKeyUsageEvent) => {
      expect(contract).toBe(ApiKeyEvents.usage);
      sent.push(payload);
    }),
  };
  const limiter = new ApiKeyRateLimiter(perMinute, () => 0);
  return { limiter, sent, exchange: new ApiKeyUsageExchange(limiter, rpc as unknown as RpcClient) };
};

describe('ApiKeyUsageExchange', () => {
  it('keeps two replicas to one limit per key: each counts what the other let through', async () => {
    const a = replicaWith(10);
    const b = replicaWith(10);
    const key = randomUUID();
    for (let i = 0; i < 6; i += 1) expect(a.limiter.take(key).allowed).toBe(true);
    await a.exchange.send();
    for (const event of a.sent) b.exchange.heard(event);
    const allowedAtB = Array.from({ length: 10 }, () => b.limiter.take(key).allowed).filter(Boolean).length;
    expect(allowedAtB).toBe(4);
  });

  it("skips its own event, whose requests it counted when it let them through", async () => {
    const a = replicaWith(10);
    const key = randomUUID();
    for (let i = 0; i < 5; i += 1) a.limiter.take(key);
    await a.exchange.send();
    for (const event of a.sent) a.exchange.heard(event);
    expect(Array.from({ length: 10 }, () => a.limiter.take(key).allowed).filter(Boolean).length).toBe(5);
  });

  it('sends nothing while no key is used, and splits many keys over several events', async () => {
    const a = replicaWith(10);
    await a.exchange.send();
    expect(a.sent).toEqual([]);
    const keys = Array.from({ length: API_KEY_USAGE_MAX_KEYS + 1 }, () => randomUUID());
    for (const key of keys) a.limiter.take(key);
    await a.exchange.send();
    expect(a.sent.map((event) => event.spent.length)).toEqual([API_KEY_USAGE_MAX_KEYS, 1]);
    expect(a.sent.every((event) => event.replica === a.exchange.replica)).toBe(true);
    expect(ApiKeyEvents.usage.payload.safeParse(a.sent[0]).success).toBe(true);
  });

  it('keeps serving when an event cannot be sent', async () => {
    const limiter = new ApiKeyRateLimiter(10, () => 0);
    const exchange = new ApiKeyUsageExchange(limiter, { emit: jest.fn().mockRejectedValue(new Error('NATS down')) } as unknown as RpcClient);
    limiter.take(randomUUID());
    await expect(exchange.send()).resolves.toBeUndefined();
  });
});
