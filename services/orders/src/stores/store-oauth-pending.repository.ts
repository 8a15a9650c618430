import { Inject, Injectable } from '@nestjs/common';
import { ORM, schemaTable } from '@labeldesk/nest-orm';
import type { MikroORM } from '@mikro-orm/postgresql';
import { createHash, randomUUID } from 'node:crypto';

/** How long a seller has to approve at the store before the pending connection is refused. */
export const PENDING_OAUTH_MINUTES = 10;

export interface PendingOAuthRow {
  id: string;
  user_id: string;
  kind: string;
  /** Sealed (StoreSecrets). */
  code_verifier: string;
  fields: Record<string, unknown>;
  redirect_uri: string;
}

export const stateHashOf = (state: string): string => createHash('sha256').update(state, 'utf8').digest('hex');

/** Connections started and not yet approved at the store (decision 107): named by their state, kept hashed, used once. */
@Injectable()
export class StoreOAuthPendingRepository {
  constructor(@Inject(ORM) private readonly orm: MikroORM) {}

  private get table(): string {
    return schemaTable(this.orm, 'store_oauth_pending');
  }

  private get db() {
    return this.orm.em.getConnection();
  }

  /** Keeps a pending connection under its state's hash; the long-expired ones of that kind are cleared on the way. */
  async add(state: string, row: Omit<PendingOAuthRow, 'id'>): Promise<void> {
    await this.db.execute(`delete from ${this.table} where "kind" = ? and "expires_at" < now() - interval '1 day'`, [row.kind]);
    await this.db.execute(
      `insert into ${this.table} ("id", "state_hash", "user_id", "kind", "code_verifier", "fields", "redirect_uri", "expires_at") values (?, ?, ?, ?, ?, ?, ?, now() + make_interval(mins => ?))`,
      [randomUUID(), stateHashOf(state), row.user_id, row.kind, row.code_verifier, JSON.stringify(row.fields), row.redirect_uri, PENDING_OAUTH_MINUTES],
    );
  }

  /** Takes the pending connection a callback's state names, once: null when unknown, of another store, expired or used. */
  async take(kind: string, state: string): Promise<PendingOAuthRow | null> {
    const [row] = await this.db.execute<PendingOAuthRow[]>(
      `update ${this.table} set "used_at" = now() where "state_hash" = ? and "kind" = ? and "used_at" is null and "expires_at" > now()
       returning "id", "user_id", "kind", "code_verifier", "fields", "redirect_uri"`,
      [stateHashOf(state), kind],
    );
    if (!row) return null;
    return { ...row, fields: typeof row.fields === 'string' ? (JSON.parse(row.fields) as Record<string, unknown>) : row.fields };
  }
}
