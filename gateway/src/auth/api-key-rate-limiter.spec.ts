import { API_KEY_LEASE_MAX, ApiKeyBudgetRpc, DomainError, ErrorCode, validationError } from '@labeldesk/contracts';
import { ApiKeyRateLimiter, SHARED_BUDGET_RETRY_MS, type SharedKeyBudget, type TakeResult } from './api-key-rate-limiter';

describe('ApiKeyRateLimiter', () => {
  it('allows a burst of the minute\'s requests, then refuses with the seconds until the next one', () => {
    const clock = { now: 0 };
    const limiter = new ApiKeyRateLimiter(60, () => clock.now);
    for (let i = 0; i < 60; i += 1) expect(limiter.take('k').allowed).toBe(true);
    expect(limiter.take('k')).toEqual({ allowed: false, retryAfterSeconds: 1 });
    clock.now += 1_000;
    expect(limiter.take('k').allowed).toBe(true);
    expect(limiter.take('k').allowed).toBe(false);
  });

  it('counts each key on its own', () => {
    const limiter = new ApiKeyRateLimiter(1, () => 0);
    expect(limiter.take('a').allowed).toBe(true);
    expect(limiter.take('a').allowed).toBe(false);
    expect(limiter.take('b').allowed).toBe(true);
  });
});

describe('ApiKeyRateLimiter sharing the local limit with other replicas', () => {
  it('hands out what it let through per key once, for the other replicas', () => {
    const limiter = new ApiKeyRateLimiter(2, () => 0);
    limiter.take('a');
    limiter.take('a');
    limiter.take('a');
    limiter.take('b');
    expect(limiter.drainSpent()).toEqual(new Map([['a', 2], ['b', 1]]));
    expect(limiter.drainSpent()).toEqual(new Map());
  });

  it('takes an equal share of the limit, burst and rate, with each replica heard of in the last minute', () => {
    const clock = { now: 0 };
    const limiter = new ApiKeyRateLimiter(60, () => clock.now);
    limiter.heardFrom('b');
    limiter.heardFrom('c');
    expect(Array.from({ length: 60 }, () => limiter.take('k').allowed).filter(Boolean).length).toBe(20);
    // A third of one a second: the next in three seconds.
    expect(limiter.take('k')).toEqual({ allowed: false, retryAfterSeconds: 3 });
    clock.now += 3_000;
    expect(limiter.take('k').allowed).toBe(true);
    clock.now += 61_000;
    // Neither heard of for a minute: the whole limit again.
    expect(Array.from({ length: 61 }, () => limiter.take('k').allowed).filter(Boolean).length).toBe(60);
  });
});

/** Auth's bucket as the lease's one UPDATE keeps it: a minute's requests at most, each lease taken whole, one at a time. */
const sharedBucket = (perMinute: number, clock: { now: number }) => {
  const state = { tokens: perMinute, at: clock.now, leases: 0, down: false };
  const budget: SharedKeyBudget = {
    lease: async (_key, want) => {
      // Answered later, as over the network: every request of a burst arrives before the first lease is back.
      await new Promise((resolve) => setImmediate(resolve));
      if (state.down) throw new DomainError(ErrorCode.TIMEOUT, 'auth.api-key.lease.v1 did not answer within 2000 ms');
      state.leases += 1;
      state.tokens = Math.min(perMinute, state.tokens + ((clock.now - state.at) * perMinute) / 60_000);
      state.at = clock.now;
      const granted = Math.min(want, Math.floor(state.tokens));
      state.tokens -= granted;
      return { granted, retryAfterMs: granted > 0 ? 0 : Math.ceil(((1 - state.tokens) * 60_000) / perMinute) };
    },
  };
  return { state, budget };
};

const KEY = 'ld_live_0000000000000000000000000000000000000000000abcdef';
const allowedOf = (results: TakeResult[]) => results.filter((result) => result.allowed).length;

describe('ApiKeyRateLimiter leasing from the shared bucket', () => {
  it('lets three replicas together through at most the limit plus one lease each, however many requests come at once', async () => {
    const clock = { now: 0 };
    const { budget } = sharedBucket(30, clock);
    const replicas = [0, 1, 2].map(() => new ApiKeyRateLimiter(30, () => clock.now));
    for (const replica of replicas) replica.share(budget);
    const burst = await Promise.all(Array.from({ length: 90 }, (_, i) => replicas[i % 3]?.acquire('k', KEY) ?? Promise.reject(new Error('no replica'))));
    // A quarter second of 30 a minute is less than one request: a lease is one request, held by no replica afterwards.
    expect(replicas[0]?.leaseSize).toBe(1);
    expect(allowedOf(burst)).toBe(30);
    expect(burst.find((result) => !result.allowed)).toEqual({ allowed: false, retryAfterSeconds: 2 });
  });

  it('bounds the burst by the limit plus a quarter second\'s worth per replica when leases are larger', async () => {
    const clock = { now: 0 };
    const { budget } = sharedBucket(2_400, clock);
    const replicas = [0, 1, 2].map(() => new ApiKeyRateLimiter(2_400, () => clock.now));
    for (const replica of replicas) replica.share(budget);
    expect(replicas[0]?.leaseSize).toBe(10);
    const burst = await Promise.all(Array.from({ length: 3 * 2_400 }, (_, i) => replicas[i % 3]?.acquire('k', KEY) ?? Promise.reject(new Error('no replica'))));
    expect(allowedOf(burst)).toBe(2_400);
    // Later, with the bucket refilled, what the replicas held is spent too: never more than a lease each.
    clock.now += 60_000;
    const later = await Promise.all(Array.from({ length: 3 * 2_400 }, (_, i) => replicas[i % 3]?.acquire('k', KEY) ?? Promise.reject(new Error('no replica'))));
    expect(allowedOf(later)).toBeLessThanOrEqual(2_400 + 3 * 10);
  });

  it('asks the shared bucket once per lease, so most requests of a steady key wait for no one', async () => {
    const clock = { now: 0 };
    const { budget, state } = sharedBucket(2_400, clock);
    const limiter = new ApiKeyRateLimiter(2_400, () => clock.now);
    limiter.share(budget);
    for (let i = 0; i < 100; i += 1) {
      expect((await limiter.acquire('k', KEY)).allowed).toBe(true);
      await new Promise((resolve) => setImmediate(resolve));
      clock.now += 25;
    }
    expect(state.leases).toBeLessThanOrEqual(11);
  });

  it('refuses without asking again while the shared bucket is empty, until it said one request would be back', async () => {
    const clock = { now: 0 };
    const { budget, state } = sharedBucket(2, clock);
    const limiter = new ApiKeyRateLimiter(2, () => clock.now);
    limiter.share(budget);
    expect(allowedOf(await Promise.all([1, 2, 3].map(() => limiter.acquire('k', KEY))))).toBe(2);
    const asked = state.leases;
    expect(await limiter.acquire('k', KEY)).toEqual({ allowed: false, retryAfterSeconds: 30 });
    expect(state.leases).toBe(asked);
    clock.now += 30_000;
    expect((await limiter.acquire('k', KEY)).allowed).toBe(true);
  });

  it('serves from its share of the local bucket while the shared one cannot be reached, and asks it again later', async () => {
    const clock = { now: 0 };
    const { budget, state } = sharedBucket(30, clock);
    const limiter = new ApiKeyRateLimiter(30, () => clock.now);
    limiter.share(budget);
    limiter.heardFrom('another replica');
    limiter.heardFrom('a third replica');
    state.down = true;
    // Three replicas known: a third of the limit each.
    expect(allowedOf(await Promise.all(Array.from({ length: 30 }, () => limiter.acquire('k', KEY))))).toBe(10);
    state.down = false;
    clock.now += SHARED_BUDGET_RETRY_MS;
    const before = state.leases;
    await limiter.acquire('k', KEY);
    expect(state.leases).toBeGreaterThan(before);
  });

  it("refuses a key the shared bucket no longer knows (revoked a moment ago) with auth's refusal", async () => {
    const limiter = new ApiKeyRateLimiter(30, () => 0);
    limiter.share({ lease: () => Promise.reject(new DomainError(ErrorCode.AUTH_API_KEY_INVALID, 'This API key is not valid: it may have been revoked.')) });
    await expect(limiter.acquire('k', KEY)).rejects.toMatchObject({ code: ErrorCode.AUTH_API_KEY_INVALID });
  });
});

/** A lease asked as the client asks it: a `want` the contract refuses fails before it leaves, as VALIDATION_FAILED. */
const checkedBy = (budget: SharedKeyBudget, asked: number[]): SharedKeyBudget => ({
  lease: async (key, want) => {
    asked.push(want);
    const parsed = ApiKeyBudgetRpc.lease.request.safeParse({ key, want, perMinute: 1 });
    if (!parsed.success) throw validationError(parsed.error);
    return budget.lease(key, want);
  },
});

describe('ApiKeyRateLimiter falling back to its local bucket (decision 075)', () => {
  it('starts the fallback with what the leased requests left of the local bucket, not a full one', async () => {
    const clock = { now: 0 };
    const { budget, state } = sharedBucket(30, clock);
    const limiter = new ApiKeyRateLimiter(30, () => clock.now);
    limiter.share(budget);
    expect(allowedOf(await Promise.all(Array.from({ length: 30 }, () => limiter.acquire('k', KEY))))).toBe(30);
    state.down = true;
    // The minute's requests were let through by leases: the local bucket is as empty as the shared one.
    expect(allowedOf(await Promise.all(Array.from({ length: 30 }, () => limiter.acquire('k', KEY))))).toBe(0);
    // It refills at its rate: two seconds later, one more.
    clock.now += 2_000;
    expect(allowedOf(await Promise.all(Array.from({ length: 5 }, () => limiter.acquire('k', KEY))))).toBe(1);
  });

  it('asks for at most API_KEY_LEASE_MAX at once however many requests wait, and lets them all through from the shared bucket', async () => {
    const clock = { now: 0 };
    const { budget, state } = sharedBucket(60_000, clock);
    const asked: number[] = [];
    const limiter = new ApiKeyRateLimiter(60_000, () => clock.now);
    limiter.share(checkedBy(budget, asked));
    const burst = await Promise.all(Array.from({ length: 12_000 }, () => limiter.acquire('k', KEY)));
    expect(allowedOf(burst)).toBe(12_000);
    expect(Math.max(...asked)).toBe(API_KEY_LEASE_MAX);
    // Every one of them came from the shared bucket: the replica never fell back.
    expect(state.tokens).toBeLessThanOrEqual(60_000 - 12_000 + 250);
    const leases = state.leases;
    await limiter.acquire('k', KEY);
    await limiter.acquire('another key', KEY);
    expect(state.leases).toBeGreaterThan(leases);
  });

  it("does not take auth's refusal of one key's lease for auth being down: other keys still lease, none from the local bucket", async () => {
    const clock = { now: 0 };
    const { budget, state } = sharedBucket(30, clock);
    const limiter = new ApiKeyRateLimiter(30, () => clock.now);
    limiter.share({
      lease: (key, want) => (key === 'refused' ? Promise.reject(new DomainError(ErrorCode.VALIDATION_FAILED, 'Number must be less than or equal to 10000')) : budget.lease(key, want)),
    });
    await expect(limiter.acquire('r', 'refused')).rejects.toMatchObject({ code: ErrorCode.VALIDATION_FAILED });
    const leases = state.leases;
    expect((await limiter.acquire('k', KEY)).allowed).toBe(true);
    expect(state.leases).toBe(leases + 1);
  });
});
