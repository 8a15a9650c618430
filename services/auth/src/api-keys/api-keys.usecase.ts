import { Injectable } from '@nestjs/common';
import { DomainError, ErrorCode, type ApiKeyList, type ApiKeysRpc, type Caller, type CreateApiKeyBody, type CreatedApiKey, type ResponseOf } from '@labeldesk/contracts';
import { AuditRepository } from '../audit/audit.repository';
import { UserEventsPublisher } from '../users/user-events.publisher';
import { toAuthUser } from '../users/user.mapper';
import { UserRepository } from '../users/user.repository';
import { displayPartsOf, generateApiKey, hashApiKey, isWellFormedApiKey } from './api-key-format';
import { ApiKeyRepository, type StoredApiKey } from './api-key.repository';

/** Enough for one key per integration and environment; a runaway script cannot fill the table. */
export const MAX_ACTIVE_KEYS_PER_USER = 25;

const invalid = () => new DomainError(ErrorCode.AUTH_API_KEY_INVALID, 'This API key is not valid: it may have been revoked.');

const summary = ({ userId: _userId, ...key }: StoredApiKey) => key;

/** Creating, listing and revoking a user's keys, and what the gateway asks: who a key stands for. */
@Injectable()
export class ApiKeysUseCase {
  constructor(
    private readonly keys: ApiKeyRepository,
    private readonly users: UserRepository,
    private readonly audit: AuditRepository,
    private readonly events: UserEventsPublisher,
  ) {}

  /** The key is in this answer only: what is stored is its hash. */
  async create(caller: Caller, body: CreateApiKeyBody): Promise<CreatedApiKey> {
    const active = await this.keys.listActive(caller.userId);
    if (active.length >= MAX_ACTIVE_KEYS_PER_USER) {
      throw new DomainError(ErrorCode.CONFLICT, `You have ${MAX_ACTIVE_KEYS_PER_USER} API keys already: revoke one first.`);
    }
    const key = generateApiKey();
    const stored = await this.keys.insert({ userId: caller.userId, name: body.name, ...displayPartsOf(key), keyHash: hashApiKey(key), scopes: body.scopes });
    await this.audit.append({ actorId: caller.userId, action: 'api-key.create', targetType: 'api-key', targetId: stored.id, before: null, after: { ...summary(stored) } });
    return { ...summary(stored), key };
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
   * The checksum first, so a mistyped or made-up key never reaches the database; then the live key and its owner as
   * they are now: a blocked or deleted owner's keys die with them. A key acts as its owner but never as an admin: its
   * caller is an admin's as a user's, so no check anywhere (the gateway's or a service's) grants it admin powers.
   */
  async verify(key: string): Promise<ResponseOf<typeof ApiKeysRpc.verify>> {
    if (!isWellFormedApiKey(key)) throw invalid();
    const stored = await this.keys.useByHash(hashApiKey(key));
    if (!stored) throw invalid();
    const user = await this.users.findById(stored.userId);
    if (!user) throw invalid();
    if (user.activation === 'block') throw new DomainError(ErrorCode.AUTH_ACCOUNT_BLOCKED, 'Your account has been blocked. Please contact support.');
    const role = user.role === 'admin' ? 'user' : user.role;
    return { caller: { userId: user.id, role, authMethod: 'api_key', scopes: stored.scopes }, user: toAuthUser(user), keyId: stored.id };
  }
}
