import { Inject, Injectable } from '@nestjs/common';
import { apiScopeSchema, type ApiKeySummary, type ApiScope } from '@labeldesk/contracts';
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
  createdAt: new Date(row.created_at).toISOString(),
  lastUsedAt: row.last_used_at ? new Date(row.last_used_at).toISOString() : null,
});

const COLUMNS = `"id", "user_id", "name", "prefix", "last4", "scopes", "created_at", "last_used_at"`;

/** A key's last use is written at most this often: a busy key would otherwise write a row on every request. */
const LAST_USED_GRANULARITY = '1 minute';

@Injectable()
export class ApiKeyRepository {
  constructor(@Inject(ORM) private readonly orm: MikroORM) {}

  private t(name: string): string {
    return schemaTable(this.orm, name);
  }

  async insert(key: NewApiKey): Promise<StoredApiKey> {
    const [row] = await this.orm.em.fork().execute<Row[]>(
      `insert into ${this.t('api_keys')} ("id", "user_id", "name", "prefix", "last4", "key_hash", "scopes") values (?, ?, ?, ?, ?, ?, ?::jsonb) returning ${COLUMNS}`,
      [randomUUID(), key.userId, key.name, key.prefix, key.last4, key.keyHash, JSON.stringify(key.scopes)],
    );
    if (!row) throw new Error('insert into api_keys returned no row');
    return toStored(row);
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
