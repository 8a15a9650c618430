import { Inject, Injectable } from '@nestjs/common';
import { ORM, schemaTable } from '@labeldesk/nest-orm';
import type { MikroORM } from '@mikro-orm/postgresql';

export interface Lease {
  granted: number;
  /** The bucket after the lease: what is left, below 1 when nothing could be granted. */
  tokensLeft: number;
}

/**
 * Each key's one token bucket (decision 075): a minute's requests at most, refilled smoothly. A lease is one UPDATE:
 * PostgreSQL locks the row and computes the refill and the grant from its latest version, so parallel leases from any
 * number of gateway replicas take from the bucket one after another and never grant more than it held. Time is the
 * database's (`statement_timestamp()`), never a replica's, and never runs backwards for a bucket.
 */
@Injectable()
export class ApiKeyBudgetRepository {
  constructor(@Inject(ORM) private readonly orm: MikroORM) {}

  private t(name: string): string {
    return schemaTable(this.orm, name);
  }

  /** Up to `want` requests from the live key's bucket; null when no live key has this hash. */
  async lease(keyHash: string, want: number, perMinute: number): Promise<Lease | null> {
    const em = this.orm.em.fork();
    const take = async (): Promise<Lease | undefined> => {
      const [row] = await em.execute<Array<{ granted: number; tokens: number | string }>>(
        `update ${this.t('api_key_budgets')} b
            set "tokens" = ${AVAILABLE} - ${GRANT}, "granted" = ${GRANT}, "refilled_at" = greatest(b."refilled_at", p."at")
           from (select ?::float8 as "cap", ?::float8 as "per_second", ?::int as "want", statement_timestamp() as "at") p,
                ${this.t('api_keys')} k
          where k."key_hash" = ? and k."revoked_at" is null and b."key_id" = k."id"
      returning b."granted", b."tokens"`,
        [perMinute, perMinute / 60, want, keyHash],
      );
      return row ? { granted: Number(row.granted), tokensLeft: Number(row.tokens) } : undefined;
    };
    const leased = await take();
    if (leased) return leased;
    // A key's first lease: its bucket starts full (a parallel first lease may have made it already).
    await em.execute(
      `insert into ${this.t('api_key_budgets')} ("key_id", "tokens", "refilled_at")
       select k."id", ?::float8, statement_timestamp() from ${this.t('api_keys')} k where k."key_hash" = ? and k."revoked_at" is null
       on conflict ("key_id") do nothing`,
      [perMinute, keyHash],
    );
    return (await take()) ?? null;
  }
}

/** What the bucket holds now: its tokens plus the refill since, at most a minute's worth (`p` is the lease's values). */
const AVAILABLE = `least(p."cap", b."tokens" + greatest(0, extract(epoch from p."at" - b."refilled_at")) * p."per_second")`;
/** What the lease takes: what it asked, or the whole requests the bucket holds. */
const GRANT = `least(p."want", floor(${AVAILABLE})::int)`;
