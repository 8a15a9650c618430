import { ApiKeyRateLimiter } from './api-key-rate-limiter';

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

describe('ApiKeyRateLimiter kept in step with other replicas', () => {
  it('hands out what it let through per key once, for the other replicas', () => {
    const limiter = new ApiKeyRateLimiter(2, () => 0);
    limiter.take('a');
    limiter.take('a');
    limiter.take('a');
    limiter.take('b');
    expect(limiter.drainSpent()).toEqual(new Map([['a', 2], ['b', 1]]));
    expect(limiter.drainSpent()).toEqual(new Map());
  });

  it("counts another replica's requests against the key, so the two together get the minute's requests once", () => {
    const limiter = new ApiKeyRateLimiter(10, () => 0);
    limiter.debit('k', 7);
    const allowed = Array.from({ length: 10 }, () => limiter.take('k').allowed).filter(Boolean).length;
    expect(allowed).toBe(3);
  });

  it('pays back what two replicas let through before hearing of each other, but never more than a minute of it', () => {
    const clock = { now: 0 };
    const limiter = new ApiKeyRateLimiter(60, () => clock.now);
    for (let i = 0; i < 60; i += 1) limiter.take('k');
    limiter.debit('k', 60);
    clock.now += 30_000;
    // 30 s refilled 30 requests, all owed to the other replica's 60.
    expect(limiter.take('k')).toEqual({ allowed: false, retryAfterSeconds: 31 });
    limiter.debit('k', 1_000);
    expect(limiter.take('k').retryAfterSeconds).toBe(61);
  });
});
