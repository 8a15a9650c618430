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
