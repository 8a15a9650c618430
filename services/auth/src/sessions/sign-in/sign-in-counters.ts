import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { ORM, schemaTable } from '@labeldesk/nest-orm';
import type { MikroORM } from '@mikro-orm/postgresql';

export interface CounterBump {
  key: string;
  /** Length of the window a fresh count opens; it starts at the first failure. */
  windowSeconds: number;
}

/** Failure counts in fixed windows, shared by every auth replica (both run modes keep them in PostgreSQL). */
export interface SignInCounterStore {
  /** Adds one to each key in one statement (a key whose window has ended starts over at 1) and answers the counts. */
  bump(bumps: readonly CounterBump[]): Promise<Map<string, number>>;
  /** Takes one back from a key still in its window (an attempt counted up front turned out right). */
  takeBack(key: string): Promise<void>;
  clear(keys: readonly string[]): Promise<void>;
  /** Removes counts whose window has ended; answers how many. */
  sweep(): Promise<number>;
}

export const SIGN_IN_COUNTERS = Symbol('SIGN_IN_COUNTERS');

const SWEEP_INTERVAL_MS = 10 * 60_000;

/** The store in the auth schema. Time is the database's `now()`, so replicas with skewed clocks agree. */
@Injectable()
export class SignInCounterRepository implements SignInCounterStore {
  constructor(@Inject(ORM) private readonly orm: MikroORM) {}

  private get table(): string {
    return schemaTable(this.orm, 'sign_in_counters');
  }

  async bump(bumps: readonly CounterBump[]): Promise<Map<string, number>> {
    if (bumps.length === 0) return new Map();
    const rows = await this.orm.em.fork().execute<Array<{ key: string; failures: number }>>(
      `insert into ${this.table} as c ("key", "failures", "expires_at")
       values ${bumps.map(() => `(?, 1, now() + ?::integer * interval '1 second')`).join(', ')}
       on conflict ("key") do update set
         "failures" = case when c."expires_at" <= now() then 1 else c."failures" + 1 end,
         "expires_at" = case when c."expires_at" <= now() then excluded."expires_at" else c."expires_at" end
       returning "key", "failures"`,
      bumps.flatMap((bump) => [bump.key, bump.windowSeconds]),
    );
    return new Map(rows.map((row) => [row.key, Number(row.failures)]));
  }

  async takeBack(key: string): Promise<void> {
    await this.orm.em
      .fork()
      .execute(`update ${this.table} set "failures" = greatest("failures" - 1, 0) where "key" = ? and "expires_at" > now()`, [key]);
  }

  async clear(keys: readonly string[]): Promise<void> {
    if (keys.length === 0) return;
    await this.orm.em.fork().execute(`delete from ${this.table} where "key" in (${keys.map(() => '?').join(', ')})`, [...keys]);
  }

  async sweep(): Promise<number> {
    const rows = await this.orm.em.fork().execute<Array<{ key: string }>>(`delete from ${this.table} where "expires_at" <= now() returning "key"`);
    return rows.length;
  }
}

/** Counts whose window has ended are dead rows: every replica deletes them now and then (a no-op when another did). */
@Injectable()
export class SignInCounterSweeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(SignInCounterSweeper.name);
  private timer: NodeJS.Timeout | null = null;

  constructor(@Inject(SIGN_IN_COUNTERS) private readonly counters: SignInCounterStore) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => {
      this.counters.sweep().catch((error: unknown) => this.logger.warn(`sign-in counters not swept: ${String(error)}`));
    }, SWEEP_INTERVAL_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
