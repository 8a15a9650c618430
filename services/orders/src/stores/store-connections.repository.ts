import { Inject, Injectable } from '@nestjs/common';
import { DomainError, ErrorCode, type StoreConnection } from '@labeldesk/contracts';
import { ORM, schemaTable } from '@labeldesk/nest-orm';
import type { MikroORM } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';

export interface ConnectionRow {
  id: string;
  user_id: string;
  kind: string;
  name: string;
  url: string;
  store_key: string;
  secrets: string | null;
  cursor: string | null;
  last_sync_at: Date | string | null;
  last_error: string | null;
  created_at: Date | string;
  revoked_at: Date | string | null;
  /** When the sealed access token stops working (decision 107); null: it does not expire. */
  secrets_expire_at?: Date | string | null;
}

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

export const connectionOf = (row: ConnectionRow): StoreConnection => ({
  id: row.id,
  kind: row.kind,
  name: row.name,
  url: row.url,
  lastSyncAt: iso(row.last_sync_at),
  lastError: row.last_error,
  createdAt: iso(row.created_at) ?? '',
});

/** A seller's store connections (decision 105): live ones, and revoked ones kept for the orders that name them. */
@Injectable()
export class StoreConnectionsRepository {
  constructor(@Inject(ORM) private readonly orm: MikroORM) {}

  private get table(): string {
    return schemaTable(this.orm, 'store_connections');
  }

  private get db() {
    return this.orm.em.getConnection();
  }

  /** Adds a live connection, its first scheduled import `syncInSeconds` away (it is imported from at once); the same store connected twice is refused (409). */
  async add(row: Pick<ConnectionRow, 'user_id' | 'kind' | 'name' | 'url' | 'store_key' | 'secrets'>, syncInSeconds: number): Promise<ConnectionRow> {
    const [added] = await this.db.execute<ConnectionRow[]>(
      `insert into ${this.table} ("id", "user_id", "kind", "name", "url", "store_key", "secrets", "next_sync_at") values (?, ?, ?, ?, ?, ?, ?, now() + make_interval(secs => ?))
       on conflict ("user_id", "kind", "store_key") where "revoked_at" is null do nothing returning *`,
      [randomUUID(), row.user_id, row.kind, row.name, row.url, row.store_key, row.secrets, syncInSeconds],
    );
    if (!added) throw new DomainError(ErrorCode.CONFLICT, `${row.name} is already connected: sync it, or disconnect it first`);
    return added;
  }

  /**
   * Keeps a store connected through OAuth (decision 107): a new live connection, or, when this seller has the same
   * store connected already, its secrets replaced (reconnecting after a revoked token) and its error cleared.
   */
  async connectOAuth(
    row: Pick<ConnectionRow, 'user_id' | 'kind' | 'name' | 'url' | 'store_key' | 'secrets'> & { secrets_expire_at: string | null },
    syncInSeconds: number,
  ): Promise<ConnectionRow> {
    const [kept] = await this.db.execute<ConnectionRow[]>(
      `insert into ${this.table} ("id", "user_id", "kind", "name", "url", "store_key", "secrets", "secrets_expire_at", "next_sync_at")
       values (?, ?, ?, ?, ?, ?, ?, ?, now() + make_interval(secs => ?))
       on conflict ("user_id", "kind", "store_key") where "revoked_at" is null
       do update set "secrets" = excluded."secrets", "secrets_expire_at" = excluded."secrets_expire_at", "name" = excluded."name", "url" = excluded."url", "last_error" = null
       returning *`,
      [randomUUID(), row.user_id, row.kind, row.name, row.url, row.store_key, row.secrets, row.secrets_expire_at, syncInSeconds],
    );
    if (!kept) throw new Error('the store connection was not kept');
    return kept;
  }

  /** Saves refreshed secrets only if nobody refreshed them meanwhile (compare-and-set on the sealed value); false when someone had. */
  async refreshed(id: string, previous: string, secrets: string, expiresAt: string | null): Promise<boolean> {
    const rows = await this.db.execute<Array<{ id: string }>>(
      `update ${this.table} set "secrets" = ?, "secrets_expire_at" = ? where "id" = ? and "secrets" = ? and "revoked_at" is null returning "id"`,
      [secrets, expiresAt, id, previous],
    );
    return rows.length > 0;
  }

  /** Every live connection of one store (a store's push names its store, not a seller). */
  async liveByStoreKey(kind: string, storeKey: string): Promise<ConnectionRow[]> {
    return this.db.execute<ConnectionRow[]>(`select * from ${this.table} where "kind" = ? and "store_key" = ? and "revoked_at" is null and "secrets" is not null`, [kind, storeKey]);
  }

  async live(userId: string): Promise<ConnectionRow[]> {
    return this.db.execute<ConnectionRow[]>(`select * from ${this.table} where "user_id" = ? and "revoked_at" is null order by "created_at", "id"`, [userId]);
  }

  /** A live connection of the seller's; another's, a revoked or an unknown one is 404 alike. */
  async liveOne(userId: string, id: string): Promise<ConnectionRow> {
    const [row] = await this.db.execute<ConnectionRow[]>(`select * from ${this.table} where "id" = ? and "user_id" = ? and "revoked_at" is null`, [id, userId]);
    if (!row) throw new DomainError(ErrorCode.NOT_FOUND, 'No such store connection');
    return row;
  }

  /**
   * Claims live connections due for their scheduled import: the next one is moved `everySeconds` ahead in the same
   * statement (SKIP LOCKED), so no other replica imports the same store meanwhile.
   */
  async claimDueSyncs(limit: number, everySeconds: number): Promise<ConnectionRow[]> {
    return this.db.execute<ConnectionRow[]>(
      `update ${this.table} set "next_sync_at" = now() + make_interval(secs => ?)
        where "id" in (select "id" from ${this.table} where "revoked_at" is null and "secrets" is not null and ("next_sync_at" is null or "next_sync_at" <= now())
                        order by "next_sync_at" nulls first limit ? for update skip locked)
        returning *`,
      [everySeconds, limit],
    );
  }

  async byId(id: string): Promise<ConnectionRow | null> {
    const [row] = await this.db.execute<ConnectionRow[]>(`select * from ${this.table} where "id" = ?`, [id]);
    return row ?? null;
  }

  /** Revokes: the secrets are forgotten at once; the row stays for the orders imported through it. */
  async revoke(userId: string, id: string): Promise<boolean> {
    const rows = await this.db.execute<Array<{ id: string }>>(
      `update ${this.table} set "revoked_at" = now(), "secrets" = null where "id" = ? and "user_id" = ? and "revoked_at" is null returning "id"`,
      [id, userId],
    );
    return rows.length > 0;
  }

  /** Records an import's end: the new cursor when it read every page, or why it failed (the cursor stays). */
  async synced(id: string, outcome: { cursor: string | null } | { error: string }): Promise<void> {
    if ('error' in outcome) {
      await this.db.execute(`update ${this.table} set "last_error" = ? where "id" = ?`, [outcome.error, id]);
      return;
    }
    await this.db.execute(`update ${this.table} set "cursor" = coalesce(?, "cursor"), "last_sync_at" = now(), "last_error" = null where "id" = ?`, [outcome.cursor, id]);
  }
}
