import { ledgerPostings } from '@labeldesk/nest-config';
import { Inject, Injectable, Optional } from '@nestjs/common';
import { DomainError, ErrorCode, type LedgerBucket, type LedgerEntry, type LedgerKind, type PostingResult } from '@labeldesk/contracts';
import { isUniqueViolation, ORM, queryBound, schemaTable } from '@labeldesk/nest-orm';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { AccountChangesPublisher } from '../accounts/account-changes.publisher';
import { toEntry, type EntryRow } from './ledger-entry.mapper';

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

/** Signed changes to one account row, applied together; each bucket must stay at or above zero. */
export interface AccountMove {
  availableCents: number;
  heldCents: number;
  depositCents?: number;
  spentCents?: number;
}

export interface Balances {
  availableCents: number;
  heldCents: number;
}

/** One entry appended in a transaction that has already moved its account row by the same amount. */
export interface NewEntry {
  userId: string;
  kind: LedgerKind;
  bucket: LedgerBucket;
  amountCents: number;
  /** The bucket's balance once this entry is applied. */
  balanceAfterCents: number;
  reference: string;
  idempotencyKey: string;
  actorId?: string | null;
  reason?: string | null;
  /** A refund's charge: the id of the label charge it gives money back for (decision 042). */
  refundOf?: string | null;
}

export const LEDGER_KEY_CONSTRAINT = 'ledger_entries_idempotency_key_unique';

const ENTRY_COLUMNS = ['id', 'user_id', 'kind', 'bucket', 'amount_cents', 'balance_after_cents', 'reference', 'idempotency_key', 'actor_id', 'reason', 'refund_of'];

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
 * The ledger's only writer: `accounts` and `ledger_entries` change nowhere else. One posting = one transaction (a
 * debit: one statement, atomic on its own): the entry and the account row change together, no bucket can go below zero (a conditional update, re-checked
 * under the row lock), and an idempotency key is posted at most once (unique index), whatever the concurrency.
 * Holds (`HoldRepository`) and refunds (`RefundRepository`) run their own transactions through `moveIn` and `appendIn`.
 */
@Injectable()
export class LedgerRepository {
  constructor(
    @Inject(ORM) private readonly orm: MikroORM,
    /** Absent in tests that use the repository alone. */
    @Optional() private readonly changes?: AccountChangesPublisher,
  ) {}

  /** After a commit that changed the user's account: gateways forget the summary they keep (decision 025). */
  async accountChanged(userId: string): Promise<void> {
    await this.changes?.changed(userId);
  }

  private table(name: string): string {
    return schemaTable(this.orm, name);
  }

  /**
   * Posts to the available bucket (debits, credits, deposits, reversals). `alsoInTransaction` writes what must land
   * with the entry or not at all (a deposit's `credited` mark); it runs only when this call posts the entry.
   */
  async post(posting: Posting, alsoInTransaction?: (em: EntityManager) => Promise<void>): Promise<PostingResult> {
    try {
      const result =
        posting.amountCents < 0 && !alsoInTransaction
          ? await this.debitInOneStatement(posting)
          : await this.orm.em.fork().transactional(async (em) => {
              const posted = await this.postIn(em, posting);
              if (alsoInTransaction) await alsoInTransaction(em);
              return posted;
            });
      if (!result.replayed) {
        ledgerPostings.inc({ kind: posting.kind });
        await this.accountChanged(posting.userId);
      }
      return result;
    } catch (error) {
      // A concurrent posting with the same key won the race: answer what it posted.
      if (isUniqueViolation(error, LEDGER_KEY_CONSTRAINT)) {
        const existing = await this.findByKey(this.orm.em.fork(), posting.idempotencyKey);
        if (existing) return { entry: this.sameOrThrow(existing, posting), replayed: true };
      }
      throw error;
    }
  }

  /** Sets a balance to a target by posting the difference; no entry when it is already there. */
  async adjustTo(userId: string, targetCents: number, actorId: string, reason: string, idempotencyKey: string): Promise<LedgerEntry | null> {
    let posted = false;
    const entry = await this.orm.em.fork().transactional(async (em) => {
      const replay = await this.findByKey(em, idempotencyKey);
      if (replay) return replay;
      await this.ensureAccount(em, userId);
      const [row] = await em.execute<Array<{ balance_cents: string }>>(
        `select "balance_cents" from ${this.table('accounts')} where "user_id" = ? for update`,
        [userId],
      );
      const delta = targetCents - Number(row?.balance_cents ?? 0);
      if (delta === 0) return null;
      const result = await this.postIn(em, { userId, kind: 'admin_adjustment', amountCents: delta, reference: `admin:${actorId}`, idempotencyKey, actorId, reason });
      posted = !result.replayed;
      return result.entry;
    });
    // Counted once committed: a transaction that rolled back posted nothing.
    if (posted) {
      ledgerPostings.inc({ kind: 'admin_adjustment' });
      await this.accountChanged(userId);
    }
    return entry;
  }

  /** The entry posted under a key, if any. */
  findEntry(idempotencyKey: string): Promise<LedgerEntry | null> {
    return this.findByKey(this.orm.em.fork(), idempotencyKey);
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

  /**
   * Changes an account row in the caller's transaction (locking it until commit); null, with nothing changed,
   * when the account is missing or a bucket would go below zero.
   */
  async moveIn(em: EntityManager, userId: string, move: AccountMove): Promise<Balances | null> {
    const [row] = await em.execute<Array<{ balance_cents: string; held_cents: string }>>(
      `update ${this.table('accounts')}
         set "balance_cents" = "balance_cents" + ?, "held_cents" = "held_cents" + ?,
             "total_deposit_cents" = "total_deposit_cents" + ?, "total_spent_cents" = "total_spent_cents" + ?, "updated_at" = now()
       where "user_id" = ? and "balance_cents" + ? >= 0 and "held_cents" + ? >= 0
       returning "balance_cents", "held_cents"`,
      [move.availableCents, move.heldCents, move.depositCents ?? 0, move.spentCents ?? 0, userId, move.availableCents, move.heldCents],
    );
    return row ? { availableCents: Number(row.balance_cents), heldCents: Number(row.held_cents) } : null;
  }

  /** Both buckets as they are now (zeros for a user with no account row). */
  async balancesIn(em: EntityManager, userId: string): Promise<Balances> {
    const [row] = await em.execute<Array<{ balance_cents: string; held_cents: string }>>(
      `select "balance_cents", "held_cents" from ${this.table('accounts')} where "user_id" = ?`,
      [userId],
    );
    return { availableCents: Number(row?.balance_cents ?? 0), heldCents: Number(row?.held_cents ?? 0) };
  }

  /** Appends entries in the caller's transaction, in one statement; a key already posted fails the whole transaction. */
  async appendIn(em: EntityManager, entries: NewEntry[]): Promise<LedgerEntry[]> {
    if (entries.length === 0) return [];
    const values = entries.map(() => `(${ENTRY_COLUMNS.map(() => '?').join(', ')})`).join(', ');
    const params = entries.flatMap((e) => [
      randomUUID(), e.userId, e.kind, e.bucket, e.amountCents, e.balanceAfterCents, e.reference, e.idempotencyKey, e.actorId ?? null, e.reason ?? null, e.refundOf ?? null,
    ]);
    // Bound (queryBound): a capture posts hundreds of entries at once.
    const rows = await queryBound<EntryRow>(em, `insert into ${this.table('ledger_entries')} (${ENTRY_COLUMNS.map((c) => `"${c}"`).join(', ')}) values ${values} returning *`, params);
    return rows.map(toEntry);
  }

  /** The entries already posted under any of these keys, by key. */
  async entriesByKeyIn(em: EntityManager, keys: string[]): Promise<Map<string, LedgerEntry>> {
    if (keys.length === 0) return new Map();
    const rows = await queryBound<EntryRow>(em, `select * from ${this.table('ledger_entries')} where "idempotency_key" in (${keys.map(() => '?').join(', ')})`, keys);
    return new Map(rows.map((row) => [row.idempotency_key, toEntry(row)]));
  }

  /**
   * A debit (every label bought) in one statement, atomic on its own: the entry already posted under its key, or else
   * the account moved under its row lock (the balance re-checked, as `moveIn` does) and the entry appended with the
   * balance after. The same result as `postIn` in a transaction, in one round trip instead of five (BEGIN, lookup,
   * update, insert, COMMIT). A concurrent posting of the same key fails the insert on the unique index, undoing the
   * move with it, and `post` answers that posting as a replay. A debit needs no account row: without one there is
   * nothing to take.
   */
  private async debitInOneStatement(posting: Posting): Promise<PostingResult> {
    const totals = totalsDelta(posting.kind, posting.amountCents);
    // Through the entity manager, so that a unique violation arrives as the ORM's exception `post` recognises.
    const rows = await this.orm.em.fork().execute<Array<EntryRow & { posted_now: boolean }>>(
      `with "existing" as (
         select * from ${this.table('ledger_entries')} where "idempotency_key" = ?
       ), "moved" as (
         update ${this.table('accounts')}
            set "balance_cents" = "balance_cents" + ?::bigint, "total_deposit_cents" = "total_deposit_cents" + ?::bigint,
                "total_spent_cents" = "total_spent_cents" + ?::bigint, "updated_at" = now()
          where "user_id" = ? and "balance_cents" + ?::bigint >= 0 and not exists (select 1 from "existing")
          returning "balance_cents"
       ), "appended" as (
         insert into ${this.table('ledger_entries')} (${ENTRY_COLUMNS.map((c) => `"${c}"`).join(', ')})
         select ?::uuid, ?::uuid, ?::text, 'available', ?::bigint, "moved"."balance_cents", ?::text, ?::text, ?::uuid, ?::text, null::uuid from "moved"
         returning *
       )
       select *, false as "posted_now" from "existing" union all select *, true as "posted_now" from "appended"`,
      [
        posting.idempotencyKey,
        posting.amountCents, totals.deposit, totals.spent, posting.userId, posting.amountCents,
        randomUUID(), posting.userId, posting.kind, posting.amountCents, posting.reference, posting.idempotencyKey, posting.actorId ?? null, posting.reason ?? null,
      ],
    );
    const [row] = rows;
    if (!row) throw new DomainError(ErrorCode.PAYMENTS_INSUFFICIENT_FUNDS, 'Insufficient balance: please top up your account');
    const entry = toEntry(row);
    return row.posted_now ? { entry, replayed: false } : { entry: this.sameOrThrow(entry, posting), replayed: true };
  }

  private async postIn(em: EntityManager, posting: Posting): Promise<PostingResult> {
    const existing = await this.findByKey(em, posting.idempotencyKey);
    if (existing) return { entry: this.sameOrThrow(existing, posting), replayed: true };
    // A debit needs no new account row: without one there is nothing to take, and the update below says so.
    if (posting.amountCents >= 0) await this.ensureAccount(em, posting.userId);
    const totals = totalsDelta(posting.kind, posting.amountCents);
    const moved = await this.moveIn(em, posting.userId, { availableCents: posting.amountCents, heldCents: 0, depositCents: totals.deposit, spentCents: totals.spent });
    if (!moved) {
      throw new DomainError(ErrorCode.PAYMENTS_INSUFFICIENT_FUNDS, 'Insufficient balance: please top up your account');
    }
    const [entry] = await this.appendIn(em, [{ ...posting, bucket: 'available', balanceAfterCents: moved.availableCents }]);
    if (!entry) throw new Error('ledger insert returned no row');
    return { entry, replayed: false };
  }

  private async ensureAccount(em: EntityManager, userId: string): Promise<void> {
    await em.execute(`insert into ${this.table('accounts')} ("user_id") values (?) on conflict ("user_id") do nothing`, [userId]);
  }

  private async findByKey(em: EntityManager, key: string): Promise<LedgerEntry | null> {
    return (await this.entriesByKeyIn(em, [key])).get(key) ?? null;
  }

  /** A key reused for a different posting is a caller bug; money must not move on a guess. */
  private sameOrThrow(entry: LedgerEntry, posting: Posting): LedgerEntry {
    if (entry.userId !== posting.userId || entry.amountCents !== posting.amountCents || entry.kind !== posting.kind) {
      throw new DomainError(ErrorCode.PAYMENTS_IDEMPOTENCY_MISMATCH, `Idempotency key ${posting.idempotencyKey} was already used for a different posting`);
    }
    return entry;
  }
}
