import { Logger } from '@nestjs/common';
import { ErrorCode, type Caller } from '@labeldesk/contracts';
import { InMemorySignInCounters } from '../../test/support/in-memory-sign-in-counters';
import type { AuditRepository } from '../audit/audit.repository';
import type { AuthEnv } from '../config/env.schema';
import type { PasswordHasher } from '../sessions/password-hasher';
import { SignInThrottle } from '../sessions/sign-in/sign-in-throttle';
import type { TwoFactorCodes } from '../two-factor/two-factor-codes';
import type { UserEventsPublisher } from '../users/user-events.publisher';
import { User } from '../users/user.entity';
import type { UserRepository } from '../users/user.repository';
import { generateApiKey, hashApiKey } from './api-key-format';
import type { ApiKeyRepository, NewApiKey, StoredApiKey } from './api-key.repository';
import { ApiKeysUseCase, MAX_ACTIVE_KEYS_PER_USER } from './api-keys.usecase';

const OWNER = '6f1c2a8e-3b4d-4e5f-8a9b-0c1d2e3f4a5b';
const owner: Caller = { userId: OWNER, role: 'user' };
const PASSWORD = 'correct-horse-1';
const env = { LOGIN_WINDOW_MINUTES: 15, LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS: 10, LOGIN_MAX_FAILURES_PER_ADDRESS: 100, LOGIN_ADDRESS_WINDOW_MINUTES: 60, LOGIN_SLOWDOWN_MAX_MS: 0 } as AuthEnv;
const confirmed = { password: PASSWORD };

class InstantThrottle extends SignInThrottle {
  protected override async sleep(): Promise<void> {}
}

/** An in-memory key table keyed by hash, as the repository's SQL keeps it; the limit and the password are checked as its transaction does. */
const setup = (user: Partial<User> | null = {}) => {
  const rows = new Map<string, StoredApiKey & { revoked: boolean }>();
  const live = (userId: string) => [...rows.values()].filter((row) => row.userId === userId && !row.revoked);
  let currentHash = `hash:${PASSWORD}`;
  const keys = {
    insertWithinLimit: jest.fn(async (key: NewApiKey, max: number, confirmedHash: string) => {
      if (confirmedHash !== currentHash) return 'changed' as const;
      if (live(key.userId).length >= max) return null;
      const stored = { id: `key-${rows.size + 1}`, userId: key.userId, name: key.name, prefix: key.prefix, last4: key.last4, scopes: [...key.scopes], mode: key.mode, createdAt: new Date().toISOString(), lastUsedAt: null };
      rows.set(key.keyHash, { ...stored, revoked: false });
      return stored;
    }),
    revokeAll: jest.fn(async (userId: string) => {
      const revoked = live(userId);
      for (const row of revoked) row.revoked = true;
      return revoked;
    }),
    listActive: jest.fn(async (userId: string) => [...rows.values()].filter((row) => row.userId === userId && !row.revoked)),
    revoke: jest.fn(async (userId: string, keyId: string) => {
      const row = [...rows.values()].find((r) => r.id === keyId && r.userId === userId && !r.revoked);
      if (!row) return null;
      row.revoked = true;
      return row;
    }),
    useByHash: jest.fn(async (hash: string) => {
      const row = rows.get(hash);
      return row && !row.revoked ? row : null;
    }),
  };
  const found =
    user === null ? null : Object.assign(new User(), { id: OWNER, name: 'Ada', email: 'ada@example.com', referralCode: 'ADA1', registeredAt: new Date(), passwordHash: currentHash, ...user });
  // Creation needs the user; verification of a deleted user's key finds none.
  const users = { findById: jest.fn(async () => found) };
  const audit = { append: jest.fn().mockResolvedValue('entry') };
  const events = { changed: jest.fn().mockResolvedValue(undefined) };
  const hasher = { verify: jest.fn(async (hash: string | null, password: string) => hash === `hash:${password}`) };
  const codes = { accept: jest.fn(async (_user: User, code: string) => (code === '123456' ? ('totp' as const) : null)) };
  const useCase = new ApiKeysUseCase(
    keys as unknown as ApiKeyRepository,
    users as unknown as UserRepository,
    audit as unknown as AuditRepository,
    events as unknown as UserEventsPublisher,
    hasher as unknown as PasswordHasher,
    new InstantThrottle(new InMemorySignInCounters(), env),
    codes as unknown as TwoFactorCodes,
  );
  const changePassword = (to: string) => {
    currentHash = `hash:${to}`;
  };
  return { useCase, rows, keys, audit, events, codes, users, changePassword };
};

const withTwoFactor = { totpEnabledAt: new Date(), totpSecret: 'sealed' };

describe('ApiKeysUseCase', () => {
  beforeAll(() => Logger.overrideLogger(false));

  it('answers the key once and stores only its SHA-256, its prefix and last four, and audits the creation', async () => {
    const { useCase, rows, audit } = setup();
    const created = await useCase.create(owner, { name: 'Script', scopes: ['labels:read'], ...confirmed });
    expect([...rows.keys()]).toEqual([hashApiKey(created.key)]);
    expect(JSON.stringify([...rows.values()])).not.toContain(created.key);
    expect(created).toMatchObject({ prefix: created.key.slice(0, 12), last4: created.key.slice(-4), scopes: ['labels:read'] });
    expect(audit.append).toHaveBeenCalledWith(expect.objectContaining({ actorId: OWNER, action: 'api-key.create', targetType: 'api-key', targetId: created.id }));
    expect(JSON.stringify(audit.append.mock.calls)).not.toContain(created.key);
  });

  it("verifies a key as its owner with the key's scopes, never as an admin", async () => {
    const { useCase } = setup({ role: 'admin' });
    const { key, id } = await useCase.create({ userId: OWNER, role: 'admin' }, { name: 'Script', scopes: ['labels:buy'], ...confirmed });
    await expect(useCase.verify(key)).resolves.toMatchObject({ caller: { userId: OWNER, role: 'user', authMethod: 'api_key', scopes: ['labels:buy'] }, keyId: id });
  });

  it('makes an ld_test_ key when asked for test mode, whose caller says test; a live key\'s caller says no mode', async () => {
    const { useCase } = setup();
    const test = await useCase.create(owner, { name: 'Sandbox', scopes: ['labels:buy'], mode: 'test', ...confirmed });
    const live = await useCase.create(owner, { name: 'Live', scopes: ['labels:buy'], ...confirmed });
    expect(test).toMatchObject({ mode: 'test', prefix: expect.stringMatching(/^ld_test_/) });
    expect(live).toMatchObject({ mode: 'live', prefix: expect.stringMatching(/^ld_live_/) });
    expect((await useCase.verify(test.key)).caller).toMatchObject({ authMethod: 'api_key', mode: 'test' });
    expect((await useCase.verify(live.key)).caller).not.toHaveProperty('mode');
  });

  it('refuses a malformed key without reading the table', async () => {
    const { useCase, keys } = setup();
    await expect(useCase.verify('ld_live_not-a-key')).rejects.toMatchObject({ code: ErrorCode.AUTH_API_KEY_INVALID });
    const key = generateApiKey();
    const mistyped = `${key.slice(0, -1)}${key.endsWith('Z') ? 'Y' : 'Z'}`;
    await expect(useCase.verify(mistyped)).rejects.toMatchObject({ code: ErrorCode.AUTH_API_KEY_INVALID });
    expect(keys.useByHash).not.toHaveBeenCalled();
  });

  it('refuses a well-formed key nobody was given', async () => {
    const { useCase, keys } = setup();
    await expect(useCase.verify(generateApiKey())).rejects.toMatchObject({ code: ErrorCode.AUTH_API_KEY_INVALID });
    expect(keys.useByHash).toHaveBeenCalledTimes(1);
  });

  it('revokes a key at once, tells the gateways its owner changed and audits it; another user cannot revoke it', async () => {
    const { useCase, events, audit } = setup();
    const { key, id } = await useCase.create(owner, { name: 'Script', scopes: ['labels:read'], ...confirmed });
    await expect(useCase.revoke({ userId: 'someone-else', role: 'user' }, id)).rejects.toMatchObject({ code: ErrorCode.NOT_FOUND });
    await expect(useCase.revoke(owner, id)).resolves.toEqual({ ok: true });
    expect(events.changed).toHaveBeenCalledWith(OWNER);
    expect(audit.append).toHaveBeenLastCalledWith(expect.objectContaining({ action: 'api-key.revoke', targetId: id }));
    await expect(useCase.verify(key)).rejects.toMatchObject({ code: ErrorCode.AUTH_API_KEY_INVALID });
    await expect(useCase.list(owner)).resolves.toEqual({ keys: [] });
  });

  it('refuses the key of a blocked owner and of a deleted one', async () => {
    const blocked = setup({ activation: 'block' });
    const made = await blocked.useCase.create(owner, { name: 'Script', scopes: ['labels:read'], ...confirmed });
    await expect(blocked.useCase.verify(made.key)).rejects.toMatchObject({ code: ErrorCode.AUTH_ACCOUNT_BLOCKED });
    const deleted = setup();
    const gone = await deleted.useCase.create(owner, { name: 'Script', scopes: ['labels:read'], ...confirmed });
    deleted.users.findById.mockResolvedValue(null);
    await expect(deleted.useCase.verify(gone.key)).rejects.toMatchObject({ code: ErrorCode.AUTH_API_KEY_INVALID });
  });

  it('makes no key without the password, refuses a wrong one with 403 AUTH_CONFIRMATION_FAILED and audits the refusal', async () => {
    const { useCase, rows, audit } = setup();
    await expect(useCase.create(owner, { name: 'Script', scopes: ['labels:read'] })).rejects.toMatchObject({
      code: ErrorCode.VALIDATION_FAILED,
      issues: [{ path: 'password', message: 'Enter your password to create a key' }],
    });
    await expect(useCase.create(owner, { name: 'Script', scopes: ['labels:read'], password: 'a-guess' })).rejects.toMatchObject({
      code: ErrorCode.AUTH_CONFIRMATION_FAILED,
      message: 'Password is incorrect',
    });
    expect(rows.size).toBe(0);
    expect(audit.append).toHaveBeenCalledTimes(1);
    expect(audit.append).toHaveBeenCalledWith(expect.objectContaining({ actorId: OWNER, action: 'api-key.create-refused', targetType: 'api-key', targetId: null }));
    expect(JSON.stringify(audit.append.mock.calls)).not.toContain('a-guess');
  });

  it('counts wrong passwords like sign-in: the 11th try from one address is refused unchecked', async () => {
    const { useCase, rows } = setup();
    const create = (password: string) => useCase.create(owner, { name: 'Script', scopes: ['labels:read'], password, clientAddress: '203.0.113.1' });
    for (let i = 0; i < 10; i++) await expect(create(`guess-${i}`)).rejects.toMatchObject({ code: ErrorCode.AUTH_CONFIRMATION_FAILED });
    await expect(create(PASSWORD)).rejects.toMatchObject({ code: ErrorCode.RATE_LIMITED });
    expect(rows.size).toBe(0);
  });

  it('takes a code from the two-factor check instead of the password when two-factor sign-in is on, and only then', async () => {
    const on = setup(withTwoFactor);
    await expect(on.useCase.create(owner, { name: 'Script', scopes: ['labels:read'] })).rejects.toMatchObject({ message: 'Enter your password or a code from your authenticator app to create a key' });
    await expect(on.useCase.create(owner, { name: 'Script', scopes: ['labels:read'], code: '000000' })).rejects.toMatchObject({ code: ErrorCode.AUTH_CONFIRMATION_FAILED, issues: [{ path: 'code' }] });
    await expect(on.useCase.create(owner, { name: 'Script', scopes: ['labels:read'], code: '123456' })).resolves.toMatchObject({ name: 'Script' });
    expect(on.codes.accept).toHaveBeenLastCalledWith(expect.objectContaining({ id: OWNER }), '123456');
    const off = setup();
    await expect(off.useCase.create(owner, { name: 'Script', scopes: ['labels:read'], code: '123456' })).rejects.toMatchObject({ code: ErrorCode.AUTH_CONFIRMATION_FAILED });
    expect(off.codes.accept).not.toHaveBeenCalled();
    expect(off.rows.size).toBe(0);
  });

  it('refuses a creation confirmed with a password changed meanwhile (a reset racing it), and refuses past the limit with 409', async () => {
    const raced = setup();
    raced.users.findById.mockImplementationOnce(async () => {
      const user = Object.assign(new User(), { id: OWNER, email: 'ada@example.com', passwordHash: `hash:${PASSWORD}` });
      raced.changePassword('reset-password-1');
      return user;
    });
    await expect(raced.useCase.create(owner, { name: 'Script', scopes: ['labels:read'], ...confirmed })).rejects.toMatchObject({ code: ErrorCode.AUTH_CONFIRMATION_FAILED });
    expect(raced.rows.size).toBe(0);

    const { useCase } = setup();
    for (let i = 0; i < MAX_ACTIVE_KEYS_PER_USER; i++) await useCase.create(owner, { name: `Script ${i}`, scopes: ['labels:read'], ...confirmed });
    await expect(useCase.create(owner, { name: 'One more', scopes: ['labels:read'], ...confirmed })).rejects.toMatchObject({ code: ErrorCode.CONFLICT, message: expect.stringContaining('revoke one first') });
  });

  it('revokes every live key of a user at once and audits each', async () => {
    const { useCase, audit } = setup();
    const first = await useCase.create(owner, { name: 'One', scopes: ['labels:read'], ...confirmed });
    const second = await useCase.create(owner, { name: 'Two', scopes: ['labels:read'], ...confirmed });
    await expect(useCase.revokeAll(OWNER)).resolves.toBe(2);
    await expect(useCase.verify(first.key)).rejects.toMatchObject({ code: ErrorCode.AUTH_API_KEY_INVALID });
    await expect(useCase.verify(second.key)).rejects.toMatchObject({ code: ErrorCode.AUTH_API_KEY_INVALID });
    expect(audit.append).toHaveBeenCalledWith(expect.objectContaining({ action: 'api-key.revoke', targetId: first.id, after: null }));
    await expect(useCase.revokeAll(OWNER)).resolves.toBe(0);
  });
});
