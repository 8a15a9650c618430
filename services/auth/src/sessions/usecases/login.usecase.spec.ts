import { Logger } from '@nestjs/common';
import { DomainError, ErrorCode, SIGN_IN_THROTTLED_MESSAGE } from '@labeldesk/contracts';
import { InMemorySignInCounters } from '../../../test/support/in-memory-sign-in-counters';
import type { AuthEnv } from '../../config/env.schema';
import { User } from '../../users/user.entity';
import type { UserRepository } from '../../users/user.repository';
import type { PasswordHasher } from '../password-hasher';
import type { SessionFactory } from '../session.factory';
import { SignInThrottle } from '../sign-in/sign-in-throttle';
import type { TwoFactorChallenges } from '../../two-factor/two-factor-challenges';
import { LoginUseCase } from './login.usecase';

const env = {
  LOGIN_WINDOW_MINUTES: 15,
  LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS: 10,
  LOGIN_MAX_FAILURES_PER_ADDRESS: 100,
  LOGIN_ADDRESS_WINDOW_MINUTES: 60,
  LOGIN_SLOWDOWN_MAX_MS: 1000,
} as AuthEnv;

class InstantThrottle extends SignInThrottle {
  protected override async sleep(): Promise<void> {}
}

const OWNER = { email: 'owner@example.com', password: 'the-right-password' };
const owner = (overrides: Partial<User> = {}) => Object.assign(new User(), { id: 'u1', email: OWNER.email, passwordHash: 'h', ...overrides });

/** A login against a directory of one account whose password is OWNER.password. */
const setup = (account: User | null = owner()) => {
  const users = { findByEmail: jest.fn(async (email: string) => (account && email === account.email ? account : null)) };
  const hasher = { verify: jest.fn(async (hash: string | null, password: string) => hash !== null && password === OWNER.password) };
  const sessions = { create: jest.fn().mockReturnValue({ token: 't', user: {} }) };
  const challenges = { issue: jest.fn(async () => ({ twoFactorRequired: true, challenge: 'c' })) };
  const useCase = new LoginUseCase(
    users as unknown as UserRepository,
    hasher as unknown as PasswordHasher,
    sessions as unknown as SessionFactory,
    new InstantThrottle(new InMemorySignInCounters(), env),
    challenges as unknown as TwoFactorChallenges,
  );
  const login = (email: string, password: string, clientAddress?: string) =>
    useCase.execute({ email, password, ...(clientAddress ? { clientAddress } : {}) }).catch((error: unknown) => error);
  return { login, users, hasher, sessions, challenges };
};

describe('LoginUseCase', () => {
  beforeAll(() => Logger.overrideLogger(false));

  it('gives the same answer for an unknown email as for a wrong password, after the same hash work', async () => {
    const { login, hasher } = setup();
    const unknown = await login('nobody@example.com', 'guess', '203.0.113.1');
    const wrong = await login(OWNER.email, 'guess', '203.0.113.1');
    expect(unknown).toEqual(wrong);
    expect(unknown).toMatchObject({ code: ErrorCode.AUTH_INVALID_CREDENTIALS, message: 'Invalid email or password' });
    expect(hasher.verify).toHaveBeenCalledWith(null, 'guess');
  });

  it('throttles an unknown email exactly like a real account: same error, and neither is looked up or hashed', async () => {
    const real = setup();
    const unknown = setup();
    for (let i = 0; i < 10; i++) {
      await real.login(OWNER.email, `guess-${i}`, '203.0.113.1');
      await unknown.login('nobody@example.com', `guess-${i}`, '203.0.113.1');
    }
    for (const s of [real, unknown]) {
      s.users.findByEmail.mockClear();
      s.hasher.verify.mockClear();
    }
    const fromReal = await real.login(OWNER.email, OWNER.password, '203.0.113.1');
    const fromUnknown = await unknown.login('nobody@example.com', 'guess', '203.0.113.1');
    expect(fromReal).toEqual(new DomainError(ErrorCode.RATE_LIMITED, SIGN_IN_THROTTLED_MESSAGE));
    expect(fromUnknown).toEqual(fromReal);
    for (const s of [real, unknown]) {
      expect(s.users.findByEmail).not.toHaveBeenCalled();
      expect(s.hasher.verify).not.toHaveBeenCalled();
    }
  });

  it('lets the owner sign in from another address after 20 wrong guesses from one address', async () => {
    const { login, sessions } = setup();
    const fromA: unknown[] = [];
    for (let i = 0; i < 20; i++) fromA.push(await login(OWNER.email, `guess-${i}`, '203.0.113.1'));
    expect(fromA.slice(10).every((e) => e instanceof DomainError && e.code === ErrorCode.RATE_LIMITED)).toBe(true);
    await expect(login(OWNER.email, OWNER.password, '198.51.100.2')).resolves.toEqual({ token: 't', user: {} });
    expect(sessions.create).toHaveBeenCalledTimes(1);
  });

  it('starts the account and address counts over after a right password', async () => {
    const { login } = setup();
    for (let i = 0; i < 9; i++) await login(OWNER.email, 'guess', '203.0.113.1');
    await expect(login(OWNER.email, OWNER.password, '203.0.113.1')).resolves.toEqual({ token: 't', user: {} });
    const again: unknown[] = [];
    for (let i = 0; i < 10; i++) again.push(await login(OWNER.email, 'guess', '203.0.113.1'));
    expect(again.every((e) => e instanceof DomainError && e.code === ErrorCode.AUTH_INVALID_CREDENTIALS)).toBe(true);
  });

  it('answers a challenge and no session for the right password when two-factor sign-in is on, keeping the attempt counted', async () => {
    const { login, sessions, challenges } = setup(owner({ totpSecret: 'sealed', totpEnabledAt: new Date() }));
    for (let i = 0; i < 9; i++) await login(OWNER.email, 'guess', '203.0.113.1');
    await expect(login(OWNER.email, OWNER.password, '203.0.113.1')).resolves.toEqual({ twoFactorRequired: true, challenge: 'c' });
    expect(sessions.create).not.toHaveBeenCalled();
    expect(challenges.issue).toHaveBeenCalledTimes(1);
    await expect(login(OWNER.email, OWNER.password, '203.0.113.1')).resolves.toMatchObject({ code: ErrorCode.RATE_LIMITED });
  });

  it('refuses a blocked user who knows the password', async () => {
    const { login } = setup(owner({ activation: 'block' }));
    await expect(login(OWNER.email, OWNER.password, '203.0.113.1')).resolves.toMatchObject({ code: ErrorCode.AUTH_ACCOUNT_BLOCKED });
  });
});
