import { Inject, Injectable } from '@nestjs/common';
import { ORM, schemaTable } from '@labeldesk/nest-orm';
import type { MikroORM } from '@mikro-orm/postgresql';
import { createHash, randomBytes } from 'node:crypto';

/** 32 bytes: 256 random bits, 43 base64url characters (decision 101). */
const TOKEN_BYTES = 32;

export const newReturnToken = (): string => randomBytes(TOKEN_BYTES).toString('base64url');

/** What is kept of a token: its SHA-256, so the table alone opens no label. */
export const returnTokenHash = (token: string): string => createHash('sha256').update(token).digest('hex');

export interface ReturnLinkRow {
  returnId: string;
  createdAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
}

interface Row {
  return_id: string;
  created_at: Date | string;
  expires_at: Date | string;
  revoked_at: Date | string | null;
}

const toLink = (row: Row): ReturnLinkRow => ({
  returnId: row.return_id,
  createdAt: new Date(row.created_at),
  expiresAt: new Date(row.expires_at),
  revokedAt: row.revoked_at === null ? null : new Date(row.revoked_at),
});

/** Buyers' links to return labels: at most one live per return, found by the hash of its token. */
@Injectable()
export class ReturnLinksRepository {
  constructor(@Inject(ORM) private readonly orm: MikroORM) {}

  private t(): string {
    return schemaTable(this.orm, 'return_links');
  }

  private get db() {
    return this.orm.em.getConnection();
  }

  /** A new link for the return, every earlier one turned off in the same statement; answers the token, once. */
  async issue(returnId: string, userId: string, days: number): Promise<ReturnLinkRow & { token: string }> {
    const token = newReturnToken();
    const rows = await this.db.execute<Row[]>(
      `with revoked as (
         update ${this.t()} set "revoked_at" = now() where "return_id" = ? and "revoked_at" is null
       )
       insert into ${this.t()} ("token_hash", "return_id", "user_id", "expires_at") values (?, ?, ?, now() + make_interval(days => ?))
       returning *`,
      [returnId, returnTokenHash(token), returnId, userId, days],
    );
    const row = rows[0];
    if (!row) throw new Error(`no return link was written for ${returnId}`);
    return { ...toLink(row), token };
  }

  /** Turns the return's live link off; false when it had none. */
  async revoke(returnId: string): Promise<boolean> {
    const rows = await this.db.execute<Array<{ return_id: string }>>(`update ${this.t()} set "revoked_at" = now() where "return_id" = ? and "revoked_at" is null returning "return_id"`, [returnId]);
    return rows.length > 0;
  }

  /** The return a token opens now: null for a token unknown, revoked or expired. */
  async liveReturnOf(token: string): Promise<ReturnLinkRow | null> {
    const rows = await this.db.execute<Row[]>(`select * from ${this.t()} where "token_hash" = ? and "revoked_at" is null and "expires_at" > now()`, [returnTokenHash(token)]);
    return rows[0] ? toLink(rows[0]) : null;
  }

  /** Each return's latest link (live or not), by return id. */
  async latestOf(returnIds: readonly string[]): Promise<Map<string, ReturnLinkRow>> {
    if (returnIds.length === 0) return new Map();
    const rows = await this.db.execute<Row[]>(
      `select distinct on ("return_id") * from ${this.t()} where "return_id" in (${returnIds.map(() => '?').join(', ')}) order by "return_id", "created_at" desc`,
      [...returnIds],
    );
    return new Map(rows.map((row) => [row.return_id, toLink(row)]));
  }
}
