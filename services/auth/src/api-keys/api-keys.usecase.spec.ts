import { ErrorCode, type Caller } from '@labeldesk/contracts';
import type { AuditRepository } from '../audit/audit.repository';
import type { UserEventsPublisher } from '../users/user-events.publisher';
import { User } from '../users/user.entity';
import type { UserRepository } from '../users/user.repository';
import { generateApiKey, hashApiKey } from './api-key-format';
import type { ApiKeyRepository, NewApiKey, StoredApiKey } from './api-key.repository';
import { ApiKeysUseCase } from './api-keys.usecase';

const OWNER = '6f1c2a8e-3b4d-4e5f-8a9b-0c1d2e3f4a5b';
const owner: Caller = { userId: OWNER, role: 'user' };

/** An in-memory key table keyed by hash, as the repository's SQL keeps it. */
const setup = (user: Partial<User> | null = {}) => {
  const rows = new Map<string, StoredApiKey & { revoked: boolean }>();
  const keys = {
    insert: jest.fn(async (key: NewApiKey) => {
      const stored = { id: `key-${rows.size + 1}`, userId: key.userId, name: key.name, prefix: key.prefix, last4: key.last4, scopes: [...key.scopes], createdAt: new Date().toISOString(), lastUsedAt: null };
      rows.set(key.keyHash, { ...stored, revoked: false });
      return stored;
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
  const found = user === null ? null : Object.assign(new User(), { id: OWNER, name: 'Ada', email: 'ada@example.com', referralCode: 'ADA1', registeredAt: new Date(), ...user });
  const users = { findById: jest.fn(async () => found) };
  const audit = { append: jest.fn().mockResolvedValue('entry') };
  const events = { changed: jest.fn().mockResolvedValue(undefined) };
  const useCase = new ApiKeysUseCase(keys as unknown as ApiKeyRepository, users as unknown as UserRepository, audit as unknown as AuditRepository, events as unknown as UserEventsPublisher);
  return { useCase, rows, keys, audit, events };
};

describe('ApiKeysUseCase', () => {
  it('answers the key once and stores only its SHA-256, its prefix and last four, and audits the creation', async () => {
    const { useCase, rows, audit } = setup();
    const created = await useCase.create(owner, { name: 'Script', scopes: ['labels:read'] });
    expect([...rows.keys()]).toEqual([hashApiKey(created.key)]);
    expect(JSON.stringify([...rows.values()])).not.toContain(created.key);
    expect(created).toMatchObject({ prefix: created.key.slice(0, 12), last4: created.key.slice(-4), scopes: ['labels:read'] });
    expect(audit.append).toHaveBeenCalledWith(expect.objectContaining({ actorId: OWNER, action: 'api-key.create', targetType: 'api-key', targetId: created.id }));
    expect(JSON.stringify(audit.append.mock.calls)).not.toContain(created.key);
  });

  it("verifies a key as its owner with the key's scopes, never as an admin", async () => {
    const { useCase } = setup({ role: 'admin' });
    const { key, id } = await useCase.create({ userId: OWNER, role: 'admin' }, { name: 'Script', scopes: ['labels:buy'] });
    await expect(useCase.verify(key)).resolves.toMatchObject({ caller: { userId: OWNER, role: 'user', authMethod: 'api_key', scopes: ['labels:buy'] }, keyId: id });
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
    const { key, id } = await useCase.create(owner, { name: 'Script', scopes: ['labels:read'] });
    await expect(useCase.revoke({ userId: 'someone-else', role: 'user' }, id)).rejects.toMatchObject({ code: ErrorCode.NOT_FOUND });
    await expect(useCase.revoke(owner, id)).resolves.toEqual({ ok: true });
    expect(events.changed).toHaveBeenCalledWith(OWNER);
    expect(audit.append).toHaveBeenLastCalledWith(expect.objectContaining({ action: 'api-key.revoke', targetId: id }));
    await expect(useCase.verify(key)).rejects.toMatchObject({ code: ErrorCode.AUTH_API_KEY_INVALID });
    await expect(useCase.list(owner)).resolves.toEqual({ keys: [] });
  });

  it('refuses the key of a blocked owner and of a deleted one', async () => {
    const blocked = setup({ activation: 'block' });
    const made = await blocked.useCase.create(owner, { name: 'Script', scopes: ['labels:read'] });
    await expect(blocked.useCase.verify(made.key)).rejects.toMatchObject({ code: ErrorCode.AUTH_ACCOUNT_BLOCKED });
    const deleted = setup(null);
    const gone = await deleted.useCase.create(owner, { name: 'Script', scopes: ['labels:read'] });
    await expect(deleted.useCase.verify(gone.key)).rejects.toMatchObject({ code: ErrorCode.AUTH_API_KEY_INVALID });
  });
});
