import { Inject, Injectable } from '@nestjs/common';
import { ORM, queryBound, schemaTable, UNSYNCED_COMMIT, UNSYNCED_COMMIT_CTE } from '@labeldesk/nest-orm';
import type { MikroORM } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import type { CarrierId, CarrierRefs } from '../carrier.port';
import { Coalescer, jsonColumn, placeholders } from '../../database';

export type PurchaseState = 'sent' | 'bought' | 'refused' | 'unknown' | 'not_attempted';

export interface PurchaseRecord {
  idempotencyKey: string;
  carrier: CarrierId;
  state: PurchaseState;
  attemptId: string;
  refs: CarrierRefs;
  /** The last sign of life of the worker running this attempt (begun, refs remembered, settled, or its heartbeat). */
  aliveAt: Date;
}

interface PurchaseRow {
  idempotency_key: string;
  carrier: CarrierId;
  state: PurchaseState;
  attempt_id: string;
  refs: CarrierRefs | string;
  updated_at: Date | string;
}

const toRecord = (row: PurchaseRow): PurchaseRecord => ({
  idempotencyKey: row.idempotency_key,
  carrier: row.carrier,
  state: row.state,
  attemptId: row.attempt_id,
  refs: jsonColumn(row.refs),
  aliveAt: new Date(row.updated_at),
});

/**
 * The settlement of bought attempts as a step of another statement (a CTE), from the rows of `from` with the columns
 * "purchase_key" and "attempt_id" (rows with nulls settle nothing): the statement that stores labels settles the
 * attempts that bought them (LabelPurchaser.buyLeavingBoughtUnsettled, docs/decisions/063).
 */
export const settleBoughtSql = (table: (name: string) => string, from: string): string =>
  `update ${table('carrier_purchases')} p set "state" = 'bought', "updated_at" = now() from ${from} s
    where p."idempotency_key" = s."purchase_key" and p."attempt_id" = s."attempt_id" and p."state" = 'sent'`;

/**
 * The purchase journal: per idempotency key, which carrier was asked, what it answered so far and the carrier's ids it
 * handed out before buying. Written before the carrier is asked, so after a crash or on another replica a purchase
 * whose answer was lost is resolved at the same carrier, never bought again elsewhere.
 */
@Injectable()
export class PurchaseJournalRepository {
  constructor(@Inject(ORM) private readonly orm: MikroORM) {}

  private get table(): string {
    return schemaTable(this.orm, 'carrier_purchases');
  }

  async find(idempotencyKey: string): Promise<PurchaseRecord | null> {
    return this.finds.run(idempotencyKey);
  }

  // The steps every purchase takes (look up, begin a first attempt, settle), each one statement for all the
  // purchases that take it in the same turn (Coalescer).
  private readonly finds = new Coalescer<string, PurchaseRecord | null>(async (keys) => {
    const rows = await queryBound<PurchaseRow>(this.orm.em.fork(), `select * from ${this.table} where "idempotency_key" in (${placeholders(keys)})`, keys);
    const byKey = new Map(rows.map((row) => [row.idempotency_key, toRecord(row)]));
    return keys.map((key) => byKey.get(key) ?? null);
  });

  private readonly firstAttempts = new Coalescer<{ idempotencyKey: string; carrier: CarrierId; attemptId: string }, PurchaseRecord | null>(async (attempts) => {
    // Two calls for one key in a group: the first row inserted wins, the other conflicts and gets null, as it would
    // one statement later. Rows are matched back by attempt id, which is each call's own.
    const rows = await queryBound<PurchaseRow>(
      this.orm.em.fork(),
      `insert into ${this.table} ("idempotency_key", "carrier", "state", "attempt_id")
       values ${attempts.map(() => "(?, ?, 'sent', ?)").join(', ')}
       on conflict ("idempotency_key") do nothing
       returning *`,
      attempts.flatMap((a) => [a.idempotencyKey, a.carrier, a.attemptId]),
    );
    const byAttempt = new Map(rows.map((row) => [row.attempt_id, toRecord(row)]));
    return attempts.map((a) => byAttempt.get(a.attemptId) ?? null);
  });

  // A settlement lost in a crash leaves the attempt 'sent', and the next purchase with its key asks the same carrier
  // what became of it: its commit need not wait for the disk (one sync less a group, decision 061). Anything stored
  // after it (the label with its item, a charge) takes it to the disk first.
  private readonly settlements = new Coalescer<{ attempt: PurchaseRecord; state: Exclude<PurchaseState, 'sent'> }, void>(async (settled) => {
    await this.orm.em.fork().execute(
      `with ${UNSYNCED_COMMIT_CTE}
       update ${this.table} p set "state" = v."state", "updated_at" = now()
         from (values ${settled.map(() => '(?::text, ?::uuid, ?::text)').join(', ')}) as v("idempotency_key", "attempt_id", "state"), ${UNSYNCED_COMMIT}
        where p."idempotency_key" = v."idempotency_key" and p."attempt_id" = v."attempt_id"`,
      settled.flatMap(({ attempt, state }) => [attempt.idempotencyKey, attempt.attemptId, state]),
    );
    return settled.map(() => undefined);
  });

  /**
   * Starts an attempt with this carrier, only if the key has no attempt yet or its last one provably bought nothing
   * or was refused (`replacing` = that attempt's id, so two workers cannot both start one). Null when someone else got there first.
   */
  async begin(idempotencyKey: string, carrier: CarrierId, replacing: string | null): Promise<PurchaseRecord | null> {
    const attemptId = randomUUID();
    if (replacing === null) return this.firstAttempts.run({ idempotencyKey, carrier, attemptId });
    const [row] = await this.orm.em.fork().execute<PurchaseRow[]>(
      `insert into ${this.table} ("idempotency_key", "carrier", "state", "attempt_id") values (?, ?, 'sent', ?)
       on conflict ("idempotency_key") do update set "carrier" = excluded."carrier", "state" = 'sent', "attempt_id" = excluded."attempt_id",
              "refs" = '{}', "sent_at" = now(), "updated_at" = now()
        where ${this.table}."state" in ('not_attempted', 'refused') and ${this.table}."attempt_id" = ?
       returning *`,
      [idempotencyKey, carrier, attemptId, replacing ?? attemptId],
    );
    return row ? toRecord(row) : null;
  }

  /** The carrier's ids of this attempt (merged into what it already handed out). */
  async remember(attempt: PurchaseRecord, refs: CarrierRefs): Promise<void> {
    const kept = await this.rememberings.run({ attempt, refs });
    // The refs are what makes a lost answer resolvable: if they cannot be kept, the buy must not be sent.
    if (!kept) throw new Error(`purchase ${attempt.idempotencyKey}: attempt ${attempt.attemptId} is no longer current, not buying`);
  }

  private readonly rememberings = new Coalescer<{ attempt: PurchaseRecord; refs: CarrierRefs }, boolean>(async (calls) => {
    const kept: boolean[] = [];
    // An attempt's refs twice in one statement would be merged once (an update changes a row once): such a call goes
    // in a statement of its own after the others.
    for (let rest = calls; rest.length > 0; ) {
      const seen = new Set<string>();
      const group = rest.filter((call) => !seen.has(call.attempt.attemptId) && seen.add(call.attempt.attemptId));
      rest = rest.filter((call) => !group.includes(call));
      const rows = await this.orm.em.fork().execute<Array<{ attempt_id: string }>>(
        `update ${this.table} p set "refs" = p."refs" || v."refs", "updated_at" = now()
           from (values ${group.map(() => '(?::text, ?::uuid, ?::jsonb)').join(', ')}) as v("idempotency_key", "attempt_id", "refs")
          where p."idempotency_key" = v."idempotency_key" and p."attempt_id" = v."attempt_id"
          returning p."attempt_id"`,
        group.flatMap(({ attempt, refs }) => [attempt.idempotencyKey, attempt.attemptId, JSON.stringify(refs)]),
      );
      const updated = new Set(rows.map((row) => row.attempt_id));
      for (const call of group) kept[calls.indexOf(call)] = updated.has(call.attempt.attemptId);
    }
    return kept;
  });

  /** The heartbeat of a worker's attempts still running: they are in flight, not abandoned. */
  async touch(attempts: readonly PurchaseRecord[]): Promise<void> {
    if (attempts.length === 0) return;
    await this.orm.em.fork().execute(
      `update ${this.table} set "updated_at" = now() where "state" = 'sent' and "attempt_id" in (${attempts.map(() => '?').join(', ')})`,
      attempts.map((attempt) => attempt.attemptId),
    );
  }

  async settle(attempt: PurchaseRecord, state: Exclude<PurchaseState, 'sent'>): Promise<void> {
    await this.settlements.run({ attempt, state });
  }
}
