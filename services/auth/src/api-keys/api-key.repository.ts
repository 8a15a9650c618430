import { Inject, Injectable } from '@nestjs/common';
import { apiScopeSchema, type ApiKeySummary, type ApiMode, type ApiScope } from '@labeldesk/contracts';
import { ORM, schemaTable } from '@labeldesk/nest-orm';
import type { MikroORM } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';

interface Row {
  id: string;
  user_id: string;
  name: string;
  prefix: string;
  last4: string;
  scopes: unknown;
  mode: string;
  created_at: Date;
  last_used_at: Date | null;
}

export interface StoredApiKey extends ApiKeySummary {
  userId: string;
}

export interface NewApiKey {
  userId: string;
  name: string;
  prefix: string;
  last4: string;
  keyHash: string;
  scopes: readonly ApiScope[];
  mode: ApiMode;
}

/** jsonb comes back parsed from PostgreSQL and as text from some drivers; names a later release adds are dropped. */
const scopesOf = (value: unknown): ApiScope[] => {
  const list: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  return Array.isArray(list) ? list.flatMap((s) => (apiScopeSchema.safeParse(s).success ? [s as ApiScope] : [])) : [];
};

const toStored = (row: Row): StoredApiKey => ({
  id: row.id,
  userId: row.user_id,
  name: row.name,
  prefix: row.prefix,
  last4: row.last4,
  scopes: scopesOf(row.scopes),
  // Anything but 'test' is live: a test key never passes for live by a value this release does not know.
  mode: row.mode === 'test' ? 'test' : 'live',
  createdAt: new Date(row.created_at).toISOString(),
  lastUsedAt: row.last_used_at ? new Date(row.last_used_at).toISOString() : null,
});

const COLUMNS = `"id", "user_id", "name", "prefix", "last4", "scopes", "mode", "created_at", "last_used_at"`;

/** A key's last use is written at most this often: a busy key would otherwise write a row on every request. */
const LAST_USED_GRANULARITY = '1 minute';

@Injectable()
export class ApiKeyRepository {
  constructor(@Inject(ORM) private readonly orm: MikroORM) {}

  private t(name: string): string {
    return schemaTable(this.orm, name);
  }

  /**
   * Inserts the key unless its user has `max` live keys already (null then), or the user is gone or their password is no
   * longer `confirmedHash`, the one the creation was confirmed with ('changed'). The user's row is locked first, in the
   * same transaction as the count and the insert: creations race one at a time (the limit holds under 40 parallel
   * requests), and a password reset, which revokes keys under the same lock, never misses a key confirmed with the old one.
   */
  async insertWithinLimit(key: NewApiKey, max: number, confirmedHash: string): Promise<StoredApiKey | null | 'changed'> {
    return this.orm.em.fork().transactional(async (em) => {
      const [user] = await em.execute<Array<{ password_hash: string }>>(
        `select "password_hash" from ${this.t('users')} where "id" = ? and "deleted_at" is null for update`,
        [key.userId],
      );
      if (user?.password_hash !== confirmedHash) return 'changed';
      const [live] = await em.execute<Array<{ n: number | string }>>(
        `select count(*) as "n" from ${this.t('api_keys')} where "user_id" = ? and "revoked_at" is null`,
        [key.userId],
      );
      if (Number(live?.n ?? 0) >= max) return null;
      const [row] = await em.execute<Row[]>(
        `insert into ${this.t('api_keys')} ("id", "user_id", "name", "prefix", "last4", "key_hash", "scopes", "mode") values (?, ?, ?, ?, ?, ?, ?::jsonb, ?) returning ${COLUMNS}`,
        [randomUUID(), key.userId, key.name, key.prefix, key.last4, key.keyHash, JSON.stringify(key.scopes), key.mode],
      );
      if (!row) throw new Error('insert into api_keys returned no row');
      return toStored(row);
    });
  }

  /**
   * Revokes every live key of the user (a password reset or change) and answers them as they were. The user's row is
   * locked first, as a creation locks it, so a creation racing this one is either revoked here or refused.
   */
  async revokeAll(userId: string): Promise<StoredApiKey[]> {
    return this.orm.em.fork().transactional(async (em) => {
      await em.execute(`select "id" from ${this.t('users')} where "id" = ? for update`, [userId]);
      const rows = await em.execute<Row[]>(
        `update ${this.t('api_keys')} set "revoked_at" = now() where "user_id" = ? and "revoked_at" is null returning ${COLUMNS}`,
        [userId],
      );
      return rows.map(toStored);
    });
  }

  /** The user's keys not revoked, newest first. */
  async listActive(userId: string): Promise<StoredApiKey[]> {
    const rows = await this.orm.em.fork().execute<Row[]>(
      `select ${COLUMNS} from ${this.t('api_keys')} where "user_id" = ? and "revoked_at" is null order by "created_at" desc, "id"`,
      [userId],
    );
    return rows.map(toStored);
  }

  /** Revokes the user's key; answers it as it was, or null when it is not theirs or already revoked. */
  async revoke(userId: string, keyId: string): Promise<StoredApiKey | null> {
    const [row] = await this.orm.em.fork().execute<Row[]>(
      `update ${this.t('api_keys')} set "revoked_at" = now() where "id" = ? and "user_id" = ? and "revoked_at" is null returning ${COLUMNS}`,
      [keyId, userId],
    );
    return row ? toStored(row) : null;
  }

  /** The live key with this hash, its last use noted (at most once a minute). */
  async useByHash(keyHash: string): Promise<StoredApiKey | null> {
    const em = this.orm.em.fork();
    const [row] = await em.execute<Row[]>(`select ${COLUMNS} from ${this.t('api_keys')} where "key_hash" = ? and "revoked_at" is null`, [keyHash]);
    if (!row) return null;
    if (!row.last_used_at || Date.now() - new Date(row.last_used_at).getTime() > 60_000) {
      await em.execute(
        `update ${this.t('api_keys')} set "last_used_at" = now() where "id" = ? and ("last_used_at" is null or "last_used_at" < now() - interval '${LAST_USED_GRANULARITY}')`,
        [row.id],
      );
    }
    return toStored(row);
  }
}
