import { Injectable } from '@nestjs/common';
import { DomainError, ErrorCode, type ApiKeyList, type ApiKeysRpc, type Caller, type CreatedApiKey, type ParsedRequestOf, type ResponseOf } from '@labeldesk/contracts';
import { AuditRepository } from '../audit/audit.repository';
import { PasswordHasher } from '../sessions/password-hasher';
import { SignInThrottle } from '../sessions/sign-in/sign-in-throttle';
import { TwoFactorCodes } from '../two-factor/two-factor-codes';
import type { User } from '../users/user.entity';
import { UserEventsPublisher } from '../users/user-events.publisher';
import { toAuthUser } from '../users/user.mapper';
import { UserRepository } from '../users/user.repository';
import { displayPartsOf, generateApiKey, hashApiKey, isWellFormedApiKey } from './api-key-format';
import { ApiKeyRepository, type StoredApiKey } from './api-key.repository';

/** Enough for one key per integration and environment; a runaway script cannot fill the table. */
export const MAX_ACTIVE_KEYS_PER_USER = 25;

type CreateRequest = ParsedRequestOf<typeof ApiKeysRpc.create>;

const invalid = () => new DomainError(ErrorCode.AUTH_API_KEY_INVALID, 'This API key is not valid: it may have been revoked.');

/** 403, never 401: the web app signs out on a 401, and a mistyped password must not end the session it was typed in. */
const confirmationFailed = (path: 'password' | 'code', message: string) => new DomainError(ErrorCode.AUTH_CONFIRMATION_FAILED, message, [{ path, message }]);

const summary = ({ userId: _userId, ...key }: StoredApiKey) => key;

/** Creating, listing and revoking a user's keys, and what the gateway asks: who a key stands for. */
@Injectable()
export class ApiKeysUseCase {
  constructor(
    private readonly keys: ApiKeyRepository,
    private readonly users: UserRepository,
    private readonly audit: AuditRepository,
    private readonly events: UserEventsPublisher,
    private readonly hasher: PasswordHasher,
    private readonly throttle: SignInThrottle,
    private readonly codes: TwoFactorCodes,
  ) {}

  /**
   * The key is in this answer only: what is stored is its hash. A key outlives the session that makes it, so the
   * holder proves themselves again first (decision 072): the password, or with two-factor sign-in on a code; a wrong
   * one is refused (403), audited, and makes no key. The limit is kept by the database, under the user's row lock.
   */
  async create(caller: Caller, body: CreateRequest): Promise<CreatedApiKey> {
    const user = await this.users.findById(caller.userId);
    if (!user) throw new DomainError(ErrorCode.NOT_FOUND, 'User not found');
    await this.confirm(user, body);
    const mode = body.mode ?? 'live';
    const key = generateApiKey(undefined, mode);
    const parts = { userId: user.id, name: body.name, ...displayPartsOf(key), keyHash: hashApiKey(key), scopes: body.scopes, mode };
    const stored = await this.keys.insertWithinLimit(parts, MAX_ACTIVE_KEYS_PER_USER, user.passwordHash);
    if (stored === null) throw new DomainError(ErrorCode.CONFLICT, `You have ${MAX_ACTIVE_KEYS_PER_USER} API keys already: revoke one first.`);
    if (stored === 'changed') throw confirmationFailed('password', 'Your password changed meanwhile: enter the new one.');
    await this.audit.append({ actorId: caller.userId, action: 'api-key.create', targetType: 'api-key', targetId: stored.id, before: null, after: { ...summary(stored) } });
    return { ...summary(stored), key };
  }

  /**
   * The password (counted like sign-in's), or, with two-factor sign-in on, a code (counted per account by the
   * two-factor check): what was given must be right, and at least one must be given.
   */
  private async confirm(user: User, body: CreateRequest): Promise<void> {
    const password = body.password ?? '';
    const code = body.code?.trim() ?? '';
    if (password === '' && code === '') {
      const ask = user.twoFactorEnabled ? 'Enter your password or a code from your authenticator app' : 'Enter your password';
      throw new DomainError(ErrorCode.VALIDATION_FAILED, `${ask} to create a key`, [{ path: 'password', message: `${ask} to create a key` }]);
    }
    const refused = async (path: 'password' | 'code', message: string) => {
      await this.audit.append({ actorId: user.id, action: 'api-key.create-refused', targetType: 'api-key', targetId: null, before: null, after: { name: body.name, scopes: body.scopes, mode: body.mode ?? 'live', confirmedWith: path } });
      return confirmationFailed(path, message);
    };
    if (password !== '') {
      const attempt = await this.throttle.admit(user.email, body.clientAddress);
      if (!(await this.hasher.verify(user.passwordHash, password))) throw await refused('password', 'Password is incorrect');
      await this.throttle.succeeded(attempt);
    }
    if (code !== '') {
      if (!user.twoFactorEnabled) throw await refused('code', 'Two-factor sign-in is not on: enter your password instead.');
      if (!(await this.codes.accept(user, code))) throw await refused('code', 'That code is not valid or was already used');
    }
  }

  async list(caller: Caller): Promise<ApiKeyList> {
    return { keys: (await this.keys.listActive(caller.userId)).map(summary) };
  }

  /** Revoked at once: every gateway forgets the callers it kept for the user (the key's among them) before this answers. */
  async revoke(caller: Caller, keyId: string): Promise<{ ok: true }> {
    const revoked = await this.keys.revoke(caller.userId, keyId);
    if (!revoked) throw new DomainError(ErrorCode.NOT_FOUND, 'API key not found');
    await this.events.changed(caller.userId);
    await this.audit.append({ actorId: caller.userId, action: 'api-key.revoke', targetType: 'api-key', targetId: keyId, before: { ...summary(revoked) }, after: null });
    return { ok: true };
  }

  /**
   * Every live key of the user, revoked and audited (a password reset; a password change unless declined). The caller
   * then tells the gateways the user's sessions ended, which makes every replica forget the keys' callers too.
   */
  async revokeAll(userId: string): Promise<number> {
    const revoked = await this.keys.revokeAll(userId);
    for (const key of revoked) {
      await this.audit.append({ actorId: userId, action: 'api-key.revoke', targetType: 'api-key', targetId: key.id, before: { ...summary(key) }, after: null });
    }
    return revoked.length;
  }

  /**
   * The checksum first, so a mistyped or made-up key never reaches the database; then the live key and its owner as
   * they are now: a blocked or deleted owner's keys die with them. A key acts as its owner but never as an admin: its
   * caller is an admin's as a user's, so no check anywhere (the gateway's or a service's) grants it admin powers. A
   * test key's caller says `mode: 'test'` (decision 110); a live key's says nothing, as before test keys existed.
   */
  async verify(key: string): Promise<ResponseOf<typeof ApiKeysRpc.verify>> {
    if (!isWellFormedApiKey(key)) throw invalid();
    const stored = await this.keys.useByHash(hashApiKey(key));
    if (!stored) throw invalid();
    const user = await this.users.findById(stored.userId);
    if (!user) throw invalid();
    if (user.activation === 'block') throw new DomainError(ErrorCode.AUTH_ACCOUNT_BLOCKED, 'Your account has been blocked. Please contact support.');
    const role = user.role === 'admin' ? 'user' : user.role;
    const mode = stored.mode === 'test' ? { mode: 'test' as const } : {};
    return { caller: { userId: user.id, role, authMethod: 'api_key', scopes: stored.scopes, ...mode }, user: toAuthUser(user), keyId: stored.id };
  }
}
