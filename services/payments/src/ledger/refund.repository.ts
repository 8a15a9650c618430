import { ledgerPostings } from '@labeldesk/nest-config';
import { Inject, Injectable } from '@nestjs/common';
import { DomainError, ErrorCode, type LedgerEntry, type PostingResult } from '@labeldesk/contracts';
import { isUniqueViolation, ORM, schemaTable } from '@labeldesk/nest-orm';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { toEntry, type EntryRow } from './ledger-entry.mapper';
import { LEDGER_KEY_CONSTRAINT, LedgerRepository } from './ledger.repository';

/** A refund as the ledger posts it: money back to the available balance for one earlier charge. */
export interface RefundPosting {
  userId: string;
  /** Positive: what goes back to the balance. */
  amountCents: number;
  reference: string;
  idempotencyKey: string;
  /** The idempotency key of the charge it gives money back for. */
  chargeKey: string;
}

/**
 * Decides whether a refund not posted yet may be, from the charge it names (null when no entry has that key) and what
 * the refunds already pointing at it gave back; throws to refuse. Called under the charge's row lock.
 */
export type RefundCheck = (charge: LedgerEntry | null, refundedCents: number) => asserts charge is LedgerEntry;

/**
 * Refunds linked to their charge (docs/decisions/042-refund-points-at-its-charge.md): each in one transaction that
 * first locks the charge's entry (`for update`), so the refunds of one charge run one at a time and each reads what
 * the ones before it committed. Under that lock a refund already posted under its key is answered as a replay (a
 * retried refund is never refused for having gone through), and only then does the caller's check see the charge and
 * what its refunds gave back so far. The account row and the entry are written through the ledger's `moveIn` and
 * `appendIn`, as holds do.
 */
@Injectable()
export class RefundRepository {
  constructor(
    @Inject(ORM) private readonly orm: MikroORM,
    private readonly ledger: LedgerRepository,
  ) {}

  private get table(): string {
    return schemaTable(this.orm, 'ledger_entries');
  }

  async post(refund: RefundPosting, check: RefundCheck): Promise<PostingResult> {
    const run = () => this.orm.em.fork().transactional((em) => this.postIn(em, refund, check));
    let result: PostingResult;
    try {
      result = await run();
    } catch (error) {
      // The key was taken at the same moment by a posting outside this charge's lock (one naming another charge, or
      // not a refund at all). That posting has committed by now: running again answers it as a replay or a mismatch.
      if (!isUniqueViolation(error, LEDGER_KEY_CONSTRAINT)) throw error;
      result = await run();
    }
    // Counted once committed: a transaction that rolled back posted nothing.
    if (!result.replayed) {
      ledgerPostings.inc({ kind: 'refund' });
      await this.ledger.accountChanged(refund.userId);
    }
    return result;
  }

  private async postIn(em: EntityManager, refund: RefundPosting, check: RefundCheck): Promise<PostingResult> {
    // The lock comes first: a refund of this charge committed meanwhile (under this key or another) is seen below.
    const [chargeRow] = await em.execute<EntryRow[]>(`select * from ${this.table} where "idempotency_key" = ? for update`, [refund.chargeKey]);
    const charge = chargeRow ? toEntry(chargeRow) : null;
    const [existing] = await em.execute<EntryRow[]>(`select * from ${this.table} where "idempotency_key" = ?`, [refund.idempotencyKey]);
    if (existing) return { entry: this.sameOrThrow(existing, refund, charge), replayed: true };
    check(charge, await this.refundedCentsIn(em, charge?.id ?? null));
    const moved = await this.ledger.moveIn(em, refund.userId, { availableCents: refund.amountCents, heldCents: 0, spentCents: -refund.amountCents });
    // The charge took this user's money, so their account row exists; and a credit cannot take a bucket below zero.
    if (!moved) throw new DomainError(ErrorCode.INTERNAL, `The account of ${refund.userId} is missing for a refund of ${refund.chargeKey}`);
    const [entry] = await this.ledger.appendIn(em, [
      {
        userId: refund.userId,
        kind: 'refund',
        bucket: 'available',
        amountCents: refund.amountCents,
        balanceAfterCents: moved.availableCents,
        reference: refund.reference,
        idempotencyKey: refund.idempotencyKey,
        refundOf: charge.id,
      },
    ]);
    if (!entry) throw new Error('ledger insert returned no row');
    return { entry, replayed: false };
  }

  /** What the refunds pointing at a charge gave back so far. */
  private async refundedCentsIn(em: EntityManager, chargeId: string | null): Promise<number> {
    if (chargeId === null) return 0;
    const [row] = await em.execute<Array<{ refunded_cents: string | number }>>(
      `select coalesce(sum("amount_cents"), 0) as "refunded_cents" from ${this.table} where "refund_of" = ?`,
      [chargeId],
    );
    return Number(row?.refunded_cents ?? 0);
  }

  /** A key reused for other money, another user or another charge is a caller bug; money must not move on a guess. */
  private sameOrThrow(existing: EntryRow, refund: RefundPosting, charge: LedgerEntry | null): LedgerEntry {
    const entry = toEntry(existing);
    if (entry.kind !== 'refund' || entry.userId !== refund.userId || entry.amountCents !== refund.amountCents) {
      throw new DomainError(ErrorCode.PAYMENTS_IDEMPOTENCY_MISMATCH, `Idempotency key ${refund.idempotencyKey} was already used for a different posting`);
    }
    if (existing.refund_of !== (charge?.id ?? null)) {
      throw new DomainError(ErrorCode.PAYMENTS_IDEMPOTENCY_MISMATCH, `Idempotency key ${refund.idempotencyKey} was already used for a refund of another charge`);
    }
    return entry;
  }
}
