import { Logger } from '@nestjs/common';
import { DomainError, ErrorCode, SIGN_IN_THROTTLED_MESSAGE, type Caller } from '@labeldesk/contracts';
import { InMemorySignInCounters } from '../../../test/support/in-memory-sign-in-counters';
import type { ApiKeysUseCase } from '../../api-keys/api-keys.usecase';
import type { AuthEnv } from '../../config/env.schema';
import type { PasswordHasher } from '../../sessions/password-hasher';
import type { UserEventsPublisher } from '../user-events.publisher';
import { SignInThrottle } from '../../sessions/sign-in/sign-in-throttle';
import { TokenSigner } from '../../sessions/token-signer';
import { User } from '../user.entity';
import type { UserRepository } from '../user.repository';
import { UpdateProfileUseCase } from './update-profile.usecase';

const ID = '6f1c2a8e-3b4d-4e5f-8a9b-0c1d2e3f4a5b';
const env = {
  JWT_SECRET: 's'.repeat(40),
  TOKEN_TTL_SECONDS: 3600,
  LOGIN_WINDOW_MINUTES: 15,
  LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS: 10,
  LOGIN_MAX_FAILURES_PER_ADDRESS: 100,
  LOGIN_ADDRESS_WINDOW_MINUTES: 60,
  LOGIN_SLOWDOWN_MAX_MS: 1000,
} as AuthEnv;
const caller: Caller = { userId: ID, role: 'user' };

class InstantThrottle extends SignInThrottle {
  protected override async sleep(): Promise<void> {}
}

const setup = () => {
  const me = Object.assign(new User(), { id: ID, name: 'Ada', email: 'ada@example.com', passwordHash: 'hash:old-password', registeredAt: new Date() });
  const users = {
    findById: jest.fn(async () => me),
    update: jest.fn(async (_id: string, change: (user: User) => void) => {
      change(me);
      return me;
    }),
  };
  const hasher = {
    verify: jest.fn(async (hash: string | null, password: string) => hash === `hash:${password}`),
    hash: jest.fn(async (password: string) => `hash:${password}`),
  };
  const signer = new TokenSigner(env);
  const order: string[] = [];
  const events = {
    sessionsEnded: jest.fn(async () => {
      order.push('sessions ended');
    }),
    changed: jest.fn().mockResolvedValue(undefined),
  };
  const apiKeys = {
    revokeAll: jest.fn(async () => {
      order.push('keys revoked');
      return 3;
    }),
  };
  const useCase = new UpdateProfileUseCase(
    users as unknown as UserRepository,
    hasher as unknown as PasswordHasher,
    new InstantThrottle(new InMemorySignInCounters(), env),
    signer,
    events as unknown as UserEventsPublisher,
    apiKeys as unknown as ApiKeysUseCase,
  );
  return { useCase, me, signer, events, apiKeys, order };
};

describe('UpdateProfileUseCase', () => {
  beforeAll(() => Logger.overrideLogger(false));

  it('changes the name alone without touching the password or the sessions, and tells the gateways the user changed', async () => {
    const { useCase, me, events } = setup();
    const result = await useCase.execute(caller, { name: 'Ada L.', password: '' });
    expect(result).toEqual({ user: expect.objectContaining({ name: 'Ada L.' }) });
    expect([me.passwordHash, me.sessionVersion]).toEqual(['hash:old-password', 0]);
    expect(events.sessionsEnded).not.toHaveBeenCalled();
    expect(events.changed).toHaveBeenCalledWith(ID);
  });

  it('tells the gateways nothing when the name is saved unchanged', async () => {
    const { useCase, events } = setup();
    await useCase.execute(caller, { name: 'Ada', password: '' });
    expect(events.changed).not.toHaveBeenCalled();
  });

  it('asks for the current password before setting a new one', async () => {
    const { useCase, me } = setup();
    await expect(useCase.execute(caller, { name: 'Ada', password: 'new-password' })).rejects.toMatchObject({
      code: ErrorCode.VALIDATION_FAILED,
      message: 'Enter your current password to set a new one',
      issues: [{ path: 'currentPassword', message: 'Enter your current password to set a new one' }],
    });
    expect(me.passwordHash).toBe('hash:old-password');
  });

  it('refuses a wrong current password with a clear message and changes nothing', async () => {
    const { useCase, me } = setup();
    await expect(useCase.execute(caller, { name: 'Eve', password: 'new-password', currentPassword: 'a-guess', clientAddress: '203.0.113.1' })).rejects.toMatchObject({
      code: ErrorCode.VALIDATION_FAILED,
      message: 'Current password is incorrect',
    });
    expect([me.name, me.passwordHash, me.sessionVersion]).toEqual(['Ada', 'hash:old-password', 0]);
  });

  it('guards the current password against guessing like sign-in: the 11th try from one address is refused unchecked', async () => {
    const { useCase, me } = setup();
    const change = (currentPassword: string) => useCase.execute(caller, { name: 'Ada', password: 'new-password', currentPassword, clientAddress: '203.0.113.1' });
    for (let i = 0; i < 10; i++) await expect(change(`guess-${i}`)).rejects.toMatchObject({ code: ErrorCode.VALIDATION_FAILED });
    await expect(change('old-password')).rejects.toEqual(new DomainError(ErrorCode.RATE_LIMITED, SIGN_IN_THROTTLED_MESSAGE));
    expect(me.passwordHash).toBe('hash:old-password');
  });

  it('sets the new password, ends every other session and continues this one with a fresh token', async () => {
    const { useCase, me, signer, events } = setup();
    const before = signer.sign(ID, me.sessionVersion);
    const result = await useCase.execute(caller, { name: 'Ada', password: 'new-password', currentPassword: 'old-password', clientAddress: '203.0.113.1' });
    expect(me.passwordHash).toBe('hash:new-password');
    expect(signer.verify(before).sv).not.toBe(me.sessionVersion);
    expect(signer.verify(result.token ?? '')).toMatchObject({ sub: ID, sv: me.sessionVersion });
    expect(events.sessionsEnded).toHaveBeenCalledWith(ID, 'password-changed');
  });

  it('revokes every API key with a new password by default, before the gateways hear the sessions ended', async () => {
    const { useCase, apiKeys, order } = setup();
    const result = await useCase.execute(caller, { name: 'Ada', password: 'new-password', currentPassword: 'old-password' });
    expect(apiKeys.revokeAll).toHaveBeenCalledWith(ID);
    expect(result.revokedApiKeys).toBe(3);
    expect(order).toEqual(['keys revoked', 'sessions ended']);
  });

  it('keeps the API keys when the holder declines, and never touches them for a name change', async () => {
    const { useCase, apiKeys, me } = setup();
    const kept = await useCase.execute(caller, { name: 'Ada', password: 'new-password', currentPassword: 'old-password', revokeApiKeys: false });
    expect([me.passwordHash, kept.revokedApiKeys]).toEqual(['hash:new-password', 0]);
    await useCase.execute(caller, { name: 'Ada L.', password: '', revokeApiKeys: true });
    expect(apiKeys.revokeAll).not.toHaveBeenCalled();
  });

  it('lets a login-as session change the name but not the password', async () => {
    const { useCase, me } = setup();
    const admin: Caller = { userId: ID, role: 'user', authMethod: 'login_as', impersonatorId: '0b5f1c2a-3b4d-4e5f-8a9b-0c1d2e3f4a5b' };
    await expect(useCase.execute(admin, { name: 'Ada L.' })).resolves.toMatchObject({ user: { name: 'Ada L.' } });
    await expect(useCase.execute(admin, { name: 'Ada', password: 'new-password', currentPassword: 'old-password' })).rejects.toMatchObject({ code: ErrorCode.AUTH_LOGIN_AS_REFUSED });
    expect(me.passwordHash).toBe('hash:old-password');
  });
});
