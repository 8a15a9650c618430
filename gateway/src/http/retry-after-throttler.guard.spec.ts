import { RetryAfterThrottlerGuard } from './retry-after-throttler.guard';

/** The guard's header writer alone: what @nestjs/throttler sets, and what it is answered as besides. */
class Probe extends RetryAfterThrottlerGuard {
  constructor() {
    super({ throttlers: [] }, { increment: jest.fn() } as never, { getAllAndOverride: jest.fn() } as never);
  }

  set(res: { header: (name: string, value: unknown) => void }, name: string, value: number): void {
    this.setResponseHeader(res, name, value);
  }
}

describe('RetryAfterThrottlerGuard', () => {
  const answered = () => {
    const headers: Record<string, unknown> = {};
    return { headers, res: { header: (name: string, value: unknown) => (headers[name] = value) } };
  };

  it("answers a throttler's counts as the IETF RateLimit fields besides its own names", () => {
    const { headers, res } = answered();
    const guard = new Probe();
    guard.set(res, 'X-RateLimit-Limit-auth', 10);
    guard.set(res, 'X-RateLimit-Remaining-auth', 7);
    guard.set(res, 'X-RateLimit-Reset-auth', 42);
    expect(headers).toEqual({
      'X-RateLimit-Limit-auth': 10,
      'X-RateLimit-Remaining-auth': 7,
      'X-RateLimit-Reset-auth': 42,
      'RateLimit-Limit': 10,
      'RateLimit-Remaining': 7,
      'RateLimit-Reset': 42,
    });
  });

  it("answers a throttler's wait as the standard Retry-After", () => {
    const { headers, res } = answered();
    new Probe().set(res, 'Retry-After-topup', 30);
    expect(headers).toEqual({ 'Retry-After-topup': 30, 'Retry-After': 30 });
  });
});
