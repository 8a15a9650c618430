import { Logger } from '@nestjs/common';
import { DomainError, ErrorCode, SIGN_IN_THROTTLED_MESSAGE } from '@labeldesk/contracts';
import { InMemorySignInCounters } from '../../../test/support/in-memory-sign-in-counters';
import type { AuthEnv } from '../../config/env.schema';
import { SignInThrottle, slowdownMs } from './sign-in-throttle';

const env = {
  LOGIN_WINDOW_MINUTES: 15,
  LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS: 10,
  LOGIN_MAX_FAILURES_PER_ADDRESS: 100,
  LOGIN_ADDRESS_WINDOW_MINUTES: 60,
  LOGIN_SLOWDOWN_MAX_MS: 1000,
} as AuthEnv;

/** Records the pauses instead of waiting them out. */
class RecordingThrottle extends SignInThrottle {
  readonly pauses: number[] = [];
  protected override async sleep(ms: number): Promise<void> {
    this.pauses.push(ms);
  }
}

const setup = () => {
  const counters = new InMemorySignInCounters();
  return { counters, throttle: new RecordingThrottle(counters, env) };
};

/** One wrong guess: admitted (or refused), never settled. */
const guess = (throttle: SignInThrottle, email: string, address?: string) =>
  throttle.admit(email, address).then(
    () => 'admitted' as const,
    (error: unknown) => (error instanceof DomainError ? error.code : 'other'),
  );

describe('SignInThrottle', () => {
  beforeAll(() => Logger.overrideLogger(false));

  it('refuses an account from an address after 10 failures there, while the owner still gets in from another address', async () => {
    const { throttle } = setup();
    const fromA: string[] = [];
    for (let i = 0; i < 20; i++) fromA.push(await guess(throttle, 'owner@example.com', '203.0.113.1'));
    expect(fromA.slice(0, 10).every((r) => r === 'admitted')).toBe(true);
    expect(fromA.slice(10).every((r) => r === ErrorCode.RATE_LIMITED)).toBe(true);
    await expect(throttle.admit('owner@example.com', '198.51.100.2')).resolves.toBeDefined();
  });

  it('answers a refusal with the one sign-in message, the same for every account', async () => {
    const { throttle } = setup();
    for (let i = 0; i < 10; i++) await guess(throttle, 'a@example.com', '203.0.113.1');
    await expect(throttle.admit('a@example.com', '203.0.113.1')).rejects.toEqual(new DomainError(ErrorCode.RATE_LIMITED, SIGN_IN_THROTTLED_MESSAGE));
  });

  it('never refuses for failures on the account alone: they only slow attempts down, up to the cap', async () => {
    const { throttle } = setup();
    for (let i = 0; i < 40; i++) expect(await guess(throttle, 'owner@example.com', `203.0.113.${i}`)).toBe('admitted');
    expect(throttle.pauses).toEqual([100, 200, 400, 800, ...Array.from({ length: 31 }, () => 1000)]);
  });

  it('refuses every account from an address that has failed 100 times, and no other address', async () => {
    const { throttle } = setup();
    for (let i = 0; i < 100; i++) expect(await guess(throttle, `user${i}@example.com`, '203.0.113.9')).toBe('admitted');
    expect(await guess(throttle, 'someone-new@example.com', '203.0.113.9')).toBe(ErrorCode.RATE_LIMITED);
    expect(await guess(throttle, 'someone-new@example.com', '198.51.100.9')).toBe('admitted');
  });

  it('counts every address of one IPv6 /64 as one address', async () => {
    const { throttle } = setup();
    for (let i = 1; i <= 10; i++) await guess(throttle, 'owner@example.com', `2001:db8:1:2::${i.toString(16)}`);
    expect(await guess(throttle, 'owner@example.com', '2001:db8:1:2:ffff::1')).toBe(ErrorCode.RATE_LIMITED);
    expect(await guess(throttle, 'owner@example.com', '2001:db8:1:3::1')).toBe('admitted');
  });

  it('lets the address try again once the window has ended', async () => {
    const { throttle, counters } = setup();
    for (let i = 0; i < 11; i++) await guess(throttle, 'owner@example.com', '203.0.113.1');
    expect(await guess(throttle, 'owner@example.com', '203.0.113.1')).toBe(ErrorCode.RATE_LIMITED);
    counters.now += 15 * 60_000;
    expect(await guess(throttle, 'owner@example.com', '203.0.113.1')).toBe('admitted');
  });

  it('forgets the account and pair failures on a right password, but takes only its own attempt back from the address', async () => {
    const { throttle } = setup();
    for (let i = 0; i < 9; i++) await guess(throttle, 'owner@example.com', '203.0.113.1');
    for (let i = 0; i < 50; i++) await guess(throttle, `other${i}@example.com`, '203.0.113.1');
    await throttle.succeeded(await throttle.admit('owner@example.com', '203.0.113.1'));
    // The pair starts over: ten more wrong guesses are admitted before the eleventh is refused.
    const after: string[] = [];
    for (let i = 0; i < 11; i++) after.push(await guess(throttle, 'owner@example.com', '203.0.113.1'));
    expect(after.filter((r) => r === 'admitted')).toHaveLength(10);
    // The address keeps its 59 failures plus these 11: thirty more across accounts reach its limit.
    for (let i = 0; i < 30; i++) await guess(throttle, `third${i}@example.com`, '203.0.113.1');
    expect(await guess(throttle, 'fresh@example.com', '203.0.113.1')).toBe(ErrorCode.RATE_LIMITED);
  });

  it('counts per account only, refusing nothing, when the caller sent no address', async () => {
    const { throttle } = setup();
    for (let i = 0; i < 30; i++) expect(await guess(throttle, 'owner@example.com')).toBe('admitted');
  });

  it('keeps no e-mail and no address in the counter keys', async () => {
    const { throttle, counters } = setup();
    await guess(throttle, 'owner@example.com', '203.0.113.1');
    expect(counters.keys()).toHaveLength(3);
    expect(counters.keys().join(' ')).not.toMatch(/owner|example|203\.0/);
  });
});

describe('slowdownMs', () => {
  it('adds nothing for the first five failures, then doubles from 100 ms up to the cap, and 0 disables it', () => {
    expect([0, 4, 5, 6, 9, 10, 500].map((n) => slowdownMs(n, 1000))).toEqual([0, 0, 100, 200, 1000, 1000, 1000]);
    expect(slowdownMs(50, 0)).toBe(0);
  });
});
