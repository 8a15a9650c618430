import { Inject, Injectable } from '@nestjs/common';
import { DomainError, ErrorCode, type LedgerEntry, type LedgerKind, type PostingResult } from '@labeldesk/contracts';
import { isUniqueViolation, ORM } from '@labeldesk/nest-orm';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';

export interface Posting {
  userId: string;
  kind: LedgerKind;
  /** Signed: positive adds to the balance, negative takes from it. */
  amountCents: number;
  reference: string;
  idempotencyKey: string;
  actorId?: string | null;
  reason?: string | null;
}

interface EntryRow {
  id: string;
  user_id: string;
  kind: LedgerKind;
  amount_cents: string | number;
  balance_after_cents: string | number;
  reference: string;
  idempotency_key: string;
  actor_id: string | null;
  reason: string | null;
  created_at: Date | string;
}

const toEntry = (row: EntryRow): LedgerEntry => ({
  id: row.id,
  userId: row.user_id,
  kind: row.kind,
  amountCents: Number(row.amount_cents),
  balanceAfterCents: Number(row.balance_after_cents),
  reference: row.reference,
  idempotencyKey: row.idempotency_key,
  actorId: row.actor_id,
  reason: row.reason,
  createdAt: new Date(row.created_at).toISOString(),
});

/** How each kind moves the account's totals besides the balance. */
const totalsDelta = (kind: LedgerKind, amountCents: number): { deposit: number; spent: number } => {
  switch (kind) {
    case 'deposit':
    case 'reversal':
      return { deposit: amountCents, spent: 0 };
    case 'label_purchase':
    case 'refund':
      return { deposit: 0, spent: -amountCents };
    default:
      return { deposit: 0, spent: 0 };
  }
};

/**
 * The ledger's only writer. One posting = one transaction: the entry and the account row change together,
 * the balance can never go below zero (a conditional update, re-checked under the row lock), and an
 * idempotency key is posted at most once (unique index), whatever the concurrency.
 */
@Injectable()
export class LedgerRepository {
  constructor(@Inject(ORM) private readonly orm: MikroORM) {}

  private get schema(): string {
    return this.orm.config.get('schema') ?? 'payments';
  }

  private table(name: string): string {
    return `"${this.schema}"."${name}"`;
  }

  async post(posting: Posting): Promise<PostingResult> {
    try {
      return await this.orm.em.fork().transactional((em) => this.postIn(em, posting));
    } catch (error) {
      // A concurrent posting with the same key won the race: answer what it posted.
      if (isUniqueViolation(error, 'ledger_entries_idempotency_key_unique')) {
        const existing = await this.findByKey(this.orm.em.fork(), posting.idempotencyKey);
        if (existing) return { entry: this.sameOrThrow(existing, posting), replayed: true };
      }
      throw error;
    }
  }

  /** Sets a balance to a target by posting the difference; no entry when it is already there. */
  async adjustTo(userId: string, targetCents: number, actorId: string, reason: string, idempotencyKey: string): Promise<LedgerEntry | null> {
    return this.orm.em.fork().transactional(async (em) => {
      const replay = await this.findByKey(em, idempotencyKey);
      if (replay) return replay;
      await this.ensureAccount(em, userId);
      const [row] = await em.execute<Array<{ balance_cents: string }>>(
        `select "balance_cents" from ${this.table('accounts')} where "user_id" = ? for update`,
        [userId],
      );
      const delta = targetCents - Number(row?.balance_cents ?? 0);
      if (delta === 0) return null;
      return (await this.postIn(em, { userId, kind: 'admin_adjustment', amountCents: delta, reference: `admin:${actorId}`, idempotencyKey, actorId, reason })).entry;
    });
  }

  async listEntries(userId: string, limit: number, kinds?: LedgerKind[]): Promise<LedgerEntry[]> {
    const byKind = kinds && kinds.length > 0 ? `and "kind" in (${kinds.map(() => '?').join(', ')})` : '';
    const rows = await this.orm.em
      .fork()
      .execute<EntryRow[]>(
        `select * from ${this.table('ledger_entries')} where "user_id" = ? ${byKind} order by "created_at" desc, "id" desc limit ?`,
        [userId, ...(kinds ?? []), limit],
      );
    return rows.map(toEntry);
  }

  private async postIn(em: EntityManager, posting: Posting): Promise<PostingResult> {
    const existing = await this.findByKey(em, posting.idempotencyKey);
    if (existing) return { entry: this.sameOrThrow(existing, posting), replayed: true };
    await this.ensureAccount(em, posting.userId);
    const totals = totalsDelta(posting.kind, posting.amountCents);
    const updated = await em.execute<Array<{ balance_cents: string }>>(
      `update ${this.table('accounts')}
         set "balance_cents" = "balance_cents" + ?, "total_deposit_cents" = "total_deposit_cents" + ?,
             "total_spent_cents" = "total_spent_cents" + ?, "updated_at" = now()
       where "user_id" = ? and "balance_cents" + ? >= 0
       returning "balance_cents"`,
      [posting.amountCents, totals.deposit, totals.spent, posting.userId, posting.amountCents],
    );
    if (updated.length === 0) {
      throw new DomainError(ErrorCode.PAYMENTS_INSUFFICIENT_FUNDS, 'Insufficient balance: please top up your account');
    }
    const [row] = await em.execute<EntryRow[]>(
      `insert into ${this.table('ledger_entries')}
         ("id", "user_id", "kind", "amount_cents", "balance_after_cents", "reference", "idempotency_key", "actor_id", "reason")
       values (?, ?, ?, ?, ?, ?, ?, ?, ?) returning *`,
      [randomUUID(), posting.userId, posting.kind, posting.amountCents, Number(updated[0]?.balance_cents), posting.reference, posting.idempotencyKey, posting.actorId ?? null, posting.reason ?? null],
    );
    if (!row) throw new Error('ledger insert returned no row');
    return { entry: toEntry(row), replayed: false };
  }

  private async ensureAccount(em: EntityManager, userId: string): Promise<void> {
    await em.execute(`insert into ${this.table('accounts')} ("user_id") values (?) on conflict ("user_id") do nothing`, [userId]);
  }

  private async findByKey(em: EntityManager, key: string): Promise<LedgerEntry | null> {
    const [row] = await em.execute<EntryRow[]>(`select * from ${this.table('ledger_entries')} where "idempotency_key" = ?`, [key]);
    return row ? toEntry(row) : null;
  }

  /** A key reused for a different posting is a caller bug; money must not move on a guess. */
  private sameOrThrow(entry: LedgerEntry, posting: Posting): LedgerEntry {
    if (entry.userId !== posting.userId || entry.amountCents !== posting.amountCents || entry.kind !== posting.kind) {
      throw new DomainError(ErrorCode.PAYMENTS_IDEMPOTENCY_MISMATCH, `Idempotency key ${posting.idempotencyKey} was already used for a different posting`);
    }
    return entry;
  }
}
