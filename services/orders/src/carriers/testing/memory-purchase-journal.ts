import { randomUUID } from 'node:crypto';
import type { CarrierId, CarrierRefs } from '../carrier.port';
import type { PurchaseJournalRepository, PurchaseRecord, PurchaseState } from '../purchase/purchase-journal.repository';

/** The states a new attempt may replace (the SQL's `where "state" in (…)`): nothing was bought. */
const REPLACEABLE: readonly PurchaseState[] = ['not_attempted', 'refused'];

/**
 * The purchase journal kept in memory with the same conditions as its SQL: an attempt begins only when the key has
 * no row, or its row bought nothing and `replacing` names its current attempt; refs and states are written only to
 * the current attempt.
 */
export class MemoryPurchaseJournal implements Pick<PurchaseJournalRepository, 'find' | 'begin' | 'remember' | 'settle'> {
  private readonly rows = new Map<string, PurchaseRecord>();
  /** Every attempt begun, in order, as it was begun. */
  readonly begun: PurchaseRecord[] = [];

  async find(idempotencyKey: string): Promise<PurchaseRecord | null> {
    const row = this.rows.get(idempotencyKey);
    return row ? copy(row) : null;
  }

  async begin(idempotencyKey: string, carrier: CarrierId, replacing: string | null): Promise<PurchaseRecord | null> {
    const row = this.rows.get(idempotencyKey);
    if (row && !(REPLACEABLE.includes(row.state) && row.attemptId === replacing)) return null;
    const started: PurchaseRecord = { idempotencyKey, carrier, state: 'sent', attemptId: randomUUID(), refs: {}, aliveAt: new Date() };
    this.rows.set(idempotencyKey, started);
    this.begun.push(copy(started));
    return copy(started);
  }

  async remember(attempt: PurchaseRecord, refs: CarrierRefs): Promise<void> {
    const row = this.current(attempt);
    if (!row) throw new Error(`purchase ${attempt.idempotencyKey}: attempt ${attempt.attemptId} is no longer current, not buying`);
    row.refs = { ...row.refs, ...refs };
  }

  async settle(attempt: PurchaseRecord, state: Exclude<PurchaseState, 'sent'>): Promise<void> {
    const row = this.current(attempt);
    if (row) {
      row.state = state;
      row.aliveAt = new Date();
    }
  }

  async touch(attempts: readonly PurchaseRecord[]): Promise<void> {
    for (const attempt of attempts) {
      const row = this.current(attempt);
      if (row?.state === 'sent') row.aliveAt = new Date();
    }
  }

  /** Arranges the row an earlier run (or another replica) left. */
  put(record: PurchaseRecord): void {
    this.rows.set(record.idempotencyKey, copy(record));
  }

  private current(attempt: PurchaseRecord): PurchaseRecord | undefined {
    const row = this.rows.get(attempt.idempotencyKey);
    return row?.attemptId === attempt.attemptId ? row : undefined;
  }
}

const copy = (record: PurchaseRecord): PurchaseRecord => ({ ...record, refs: { ...record.refs }, aliveAt: new Date(record.aliveAt) });
