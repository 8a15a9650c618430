import { Inject, Injectable } from '@nestjs/common';
import { ORM, schemaTable } from '@labeldesk/nest-orm';
import type { MikroORM } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import type { CarrierId, CarrierRefs } from '../carrier.port';
import { jsonColumn } from '../../database/sql-values';

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
    const [row] = await this.orm.em.fork().execute<PurchaseRow[]>(`select * from ${this.table} where "idempotency_key" = ?`, [idempotencyKey]);
    return row ? toRecord(row) : null;
  }

  /**
   * Starts an attempt with this carrier, only if the key has no attempt yet or its last one provably bought nothing
   * or was refused (`replacing` = that attempt's id, so two workers cannot both start one). Null when someone else got there first.
   */
  async begin(idempotencyKey: string, carrier: CarrierId, replacing: string | null): Promise<PurchaseRecord | null> {
    const attemptId = randomUUID();
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
    const [row] = await this.orm.em.fork().execute<Array<{ idempotency_key: string }>>(
      `update ${this.table} set "refs" = "refs" || ?::jsonb, "updated_at" = now() where "idempotency_key" = ? and "attempt_id" = ? returning "idempotency_key"`,
      [JSON.stringify(refs), attempt.idempotencyKey, attempt.attemptId],
    );
    // The refs are what makes a lost answer resolvable: if they cannot be kept, the buy must not be sent.
    if (!row) throw new Error(`purchase ${attempt.idempotencyKey}: attempt ${attempt.attemptId} is no longer current, not buying`);
  }

  /** The heartbeat of a worker's attempts still running: they are in flight, not abandoned. */
  async touch(attempts: readonly PurchaseRecord[]): Promise<void> {
    if (attempts.length === 0) return;
    await this.orm.em.fork().execute(
      `update ${this.table} set "updated_at" = now() where "state" = 'sent' and "attempt_id" in (${attempts.map(() => '?').join(', ')})`,
      attempts.map((attempt) => attempt.attemptId),
    );
  }

  async settle(attempt: PurchaseRecord, state: Exclude<PurchaseState, 'sent'>): Promise<void> {
    await this.orm.em.fork().execute(
      `update ${this.table} set "state" = ?, "updated_at" = now() where "idempotency_key" = ? and "attempt_id" = ?`,
      [state, attempt.idempotencyKey, attempt.attemptId],
    );
  }
}
