import { ErrorCode } from '@labeldesk/contracts';
import type { AuthEnv } from '../../config/env.schema';
import { User } from '../../users/user.entity';
import type { UserRepository } from '../../users/user.repository';
import type { PasswordHasher } from '../password-hasher';
import type { SessionFactory } from '../session.factory';
import { LoginUseCase } from './login.usecase';

const env = { LOGIN_MAX_FAILURES: 10, LOGIN_LOCK_MINUTES: 15 } as AuthEnv;
const user = (overrides: Partial<User> = {}) => Object.assign(new User(), { id: 'u1', email: 'a@b.co', passwordHash: 'h', ...overrides });

const setup = (found: User | null, passwordOk: boolean) => {
  const users: jest.Mocked<Pick<UserRepository, 'findByEmail' | 'recordFailedLogin' | 'clearFailedLogins'>> = {
    findByEmail: jest.fn().mockResolvedValue(found),
    recordFailedLogin: jest.fn().mockResolvedValue(undefined),
    clearFailedLogins: jest.fn().mockResolvedValue(undefined),
  };
  const hasher: jest.Mocked<Pick<PasswordHasher, 'verify'>> = { verify: jest.fn().mockResolvedValue(passwordOk) };
  const sessions: jest.Mocked<Pick<SessionFactory, 'create'>> = { create: jest.fn().mockReturnValue({ token: 't', user: {} }) };
  const useCase = new LoginUseCase(users as unknown as UserRepository, hasher as unknown as PasswordHasher, sessions as unknown as SessionFactory, env);
  return { useCase, users, hasher, sessions };
};

describe('LoginUseCase', () => {
  it('gives the same answer for an unknown email as for a wrong password', async () => {
    const unknown = setup(null, false);
    const wrong = setup(user(), false);
    const a = await unknown.useCase.execute({ email: 'x@y.co', password: 'p' }).catch((e: unknown) => e);
    const b = await wrong.useCase.execute({ email: 'a@b.co', password: 'p' }).catch((e: unknown) => e);
    expect(a).toEqual(b);
    expect(a).toMatchObject({ code: ErrorCode.AUTH_INVALID_CREDENTIALS, message: 'Invalid email or password' });
    expect(unknown.hasher.verify).toHaveBeenCalledWith(null, 'p');
  });

  it('counts a failed attempt against the account', async () => {
    const { useCase, users } = setup(user(), false);
    await expect(useCase.execute({ email: 'a@b.co', password: 'p' })).rejects.toBeDefined();
    expect(users.recordFailedLogin).toHaveBeenCalledWith('u1', 10, expect.any(Date));
  });

  it('refuses a paused account even with the right password', async () => {
    const { useCase, sessions } = setup(user({ lockedUntil: new Date(Date.now() + 60_000) }), true);
    await expect(useCase.execute({ email: 'a@b.co', password: 'p' })).rejects.toMatchObject({ code: ErrorCode.RATE_LIMITED });
    expect(sessions.create).not.toHaveBeenCalled();
  });

  it('refuses a blocked user', async () => {
    const { useCase } = setup(user({ activation: 'block' }), true);
    await expect(useCase.execute({ email: 'a@b.co', password: 'p' })).rejects.toMatchObject({ code: ErrorCode.AUTH_ACCOUNT_BLOCKED });
  });

  it('signs in and clears earlier failures', async () => {
    const { useCase, users } = setup(user({ failedLogins: 3 }), true);
    await expect(useCase.execute({ email: 'a@b.co', password: 'p' })).resolves.toEqual({ token: 't', user: {} });
    expect(users.clearFailedLogins).toHaveBeenCalledWith('u1');
  });
});
