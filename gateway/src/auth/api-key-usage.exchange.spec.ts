import { API_KEY_USAGE_MAX_KEYS, ApiKeyBudgetRpc, ApiKeyEvents, type ApiKeyUsageEvent } from '@labeldesk/contracts';
import type { RpcClient } from '@labeldesk/nest-transport';
import { randomUUID } from 'node:crypto';
import { ApiKeyRateLimiter } from './api-key-rate-limiter';
import { API_KEY_LEASE_TIMEOUT_MS, ApiKeyUsageExchange } from './api-key-usage.exchange';

const EMBEDDED = { TRANSPORT: 'inprocess' as const };

const replicaWith = (perMinute: number) => {
  const sent: ApiKeyUsageEvent[] = [];
  const rpc = {
    emit: jest.fn(async (contract: unknown, payload: ApiKeyUsageEvent) => {
      expect(contract).toBe(ApiKeyEvents.usage);
      sent.push(payload);
    }),
  };
  const limiter = new ApiKeyRateLimiter(perMinute, () => 0);
  return { limiter, sent, exchange: new ApiKeyUsageExchange(limiter, rpc as unknown as RpcClient, EMBEDDED) };
};

describe('ApiKeyUsageExchange', () => {
  it('keeps two replicas that heard of each other to one limit per key: each local bucket is half of it', async () => {
    const a = replicaWith(10);
    const b = replicaWith(10);
    const key = randomUUID();
    a.limiter.take(randomUUID());
    b.limiter.take(randomUUID());
    await Promise.all([a.exchange.send(), b.exchange.send()]);
    for (const event of a.sent) b.exchange.heard(event);
    for (const event of b.sent) a.exchange.heard(event);
    const allowed = [a, b].map((replica) => Array.from({ length: 10 }, () => replica.limiter.take(key).allowed).filter(Boolean).length);
    expect(allowed).toEqual([5, 5]);
  });

  it('does not count itself twice: its own event is skipped', async () => {
    const a = replicaWith(10);
    a.limiter.take(randomUUID());
    await a.exchange.send();
    for (const event of a.sent) a.exchange.heard(event);
    expect(Array.from({ length: 20 }, () => a.limiter.take('k').allowed).filter(Boolean).length).toBe(10);
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

  it('leases from the shared bucket in the distributed mode, and never in the embedded one', async () => {
    const leased = { granted: 1, retryAfterMs: 0 };
    const rpc = { call: jest.fn(async () => leased), emit: jest.fn(async () => undefined) };
    const key = 'ld_live_0000000000000000000000000000000000000000000abcdef';
    const distributed = new ApiKeyRateLimiter(30, () => 0);
    new ApiKeyUsageExchange(distributed, rpc as unknown as RpcClient, { TRANSPORT: 'nats' });
    await expect(distributed.acquire('key-1', key)).resolves.toEqual({ allowed: true, retryAfterSeconds: 0 });
    expect(rpc.call).toHaveBeenCalledWith(ApiKeyBudgetRpc.lease, { key, want: 1, perMinute: 30 }, { timeoutMs: API_KEY_LEASE_TIMEOUT_MS });
    rpc.call.mockClear();
    const embedded = new ApiKeyRateLimiter(30, () => 0);
    new ApiKeyUsageExchange(embedded, rpc as unknown as RpcClient, EMBEDDED);
    await expect(embedded.acquire('key-1', key)).resolves.toEqual({ allowed: true, retryAfterSeconds: 0 });
    expect(rpc.call).not.toHaveBeenCalled();
  });

  it('keeps serving when an event cannot be sent', async () => {
    const limiter = new ApiKeyRateLimiter(10, () => 0);
    const exchange = new ApiKeyUsageExchange(limiter, { emit: jest.fn().mockRejectedValue(new Error('NATS down')) } as unknown as RpcClient, EMBEDDED);
    limiter.take(randomUUID());
    await expect(exchange.send()).resolves.toBeUndefined();
  });
});
