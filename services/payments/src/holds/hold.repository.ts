import { ledgerPostings } from '@labeldesk/nest-config';
import { Inject, Injectable } from '@nestjs/common';
import { DomainError, ErrorCode, insufficientBalanceMessage, type Hold, type HoldCapture } from '@labeldesk/contracts';
import { isUniqueViolation, ORM, schemaTable } from '@labeldesk/nest-orm';
import { EVERY_OWNER, ownerCondition, type OwnerScope } from '@labeldesk/nest-transport';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { LEDGER_KEY_CONSTRAINT, LedgerRepository, type NewEntry } from '../ledger/ledger.repository';
import { planCaptures } from './capture-plan';
import { leftCents, toHold, type HoldRow } from './hold.mapper';

export interface HoldRequest {
  userId: string;
  holdId: string;
  amountCents: number;
  reference: string;
}

/** The one answer for a hold that does not exist and for another user's. */
export const holdNotFound = (holdId: string): string => `Hold ${holdId} not found`;

const notFound = (holdId: string) => new DomainError(ErrorCode.NOT_FOUND, holdNotFound(holdId));

/** A holdId is the hold's idempotency key: the same one again must mean the same hold. */
const sameHoldOrThrow = (hold: Hold, request: HoldRequest): Hold => {
  if (hold.userId !== request.userId || hold.amountCents !== request.amountCents) {
    throw new DomainError(ErrorCode.PAYMENTS_IDEMPOTENCY_MISMATCH, `Hold ${request.holdId} was already placed for a different user or amount`);
  }
  return hold;
};

/**
 * Holds move money between an account's two buckets (docs/decisions/009-ledger-holds.md). Each operation is one
 * transaction; capture and release lock the hold row first, so they run one at a time per hold. Account rows and
 * entries are written through the ledger repository in the same transaction.
 */
@Injectable()
export class HoldRepository {
  constructor(
    @Inject(ORM) private readonly orm: MikroORM,
    private readonly ledger: LedgerRepository,
  ) {}

  private get table(): string {
    return schemaTable(this.orm, 'ledger_holds');
  }

  find(holdId: string): Promise<Hold | null> {
    return this.findOwned(holdId, EVERY_OWNER);
  }

  /** The hold if its owner is in the caller's scope, filtered in the query: another user's is not found, as a missing one. */
  async findOwned(holdId: string, scope: OwnerScope): Promise<Hold | null> {
    const owner = ownerCondition(scope, '"user_id"');
    const [row] = await this.orm.em.fork().execute<HoldRow[]>(`select * from ${this.table} where "hold_id" = ?${owner.sql}`, [holdId, ...owner.values]);
    return row ? toHold(row) : null;
  }

  /** Available → held. Idempotent by holdId, also when the same hold is placed at the same moment. */
  async place(request: HoldRequest): Promise<Hold> {
    try {
      const hold = await this.orm.em.fork().transactional((em) => this.placeIn(em, request));
      await this.ledger.accountChanged(hold.userId);
      return hold;
    } catch (error) {
      // The same holdId placed concurrently: answer the hold that won, or refuse a different one.
      if (isUniqueViolation(error)) {
        const existing = await this.find(request.holdId);
        if (existing) return sameHoldOrThrow(existing, request);
      }
      throw error;
    }
  }

  /** Held → spent, one label per capture key; the whole request or nothing. */
  async capture(holdId: string, captures: HoldCapture[]): Promise<{ hold: Hold; capturedCount: number }> {
    const run = async () => {
      const result = await this.orm.em.fork().transactional((em) => this.captureIn(em, holdId, captures));
      ledgerPostings.inc({ kind: 'label_purchase' }, result.capturedCount);
      if (result.capturedCount > 0) await this.ledger.accountChanged(result.hold.userId);
      return result;
    };
    try {
      return await run();
    } catch (error) {
      // A key was posted at the same moment outside this hold's lock (a plain debit, another hold). That
      // posting has committed by now, so running again sees it as a replay (or a mismatch).
      if (isUniqueViolation(error, LEDGER_KEY_CONSTRAINT)) return run();
      throw error;
    }
  }

  /** Held → available for whatever the hold has left, and closes it; a closed hold gives nothing more. */
  async release(holdId: string): Promise<{ hold: Hold; releasedCents: number }> {
    const result = await this.orm.em.fork().transactional((em) => this.releaseIn(em, holdId));
    if (result.releasedCents > 0) await this.ledger.accountChanged(result.hold.userId);
    return result;
  }

  private async placeIn(em: EntityManager, request: HoldRequest): Promise<Hold> {
    const [existing] = await em.execute<HoldRow[]>(`select * from ${this.table} where "hold_id" = ?`, [request.holdId]);
    if (existing) return sameHoldOrThrow(toHold(existing), request);
    // The hold row goes first: a concurrent place of the same holdId waits on it and then replays, instead of
    // competing for the balance and being told it is insufficient.
    const [row] = await em.execute<HoldRow[]>(
      `insert into ${this.table} ("hold_id", "user_id", "amount_cents", "reference") values (?, ?, ?, ?) returning *`,
      [request.holdId, request.userId, request.amountCents, request.reference],
    );
    if (!row) throw new Error('hold insert returned no row');
    const moved = await this.ledger.moveIn(em, request.userId, { availableCents: -request.amountCents, heldCents: request.amountCents });
    if (!moved) {
      const { availableCents } = await this.ledger.balancesIn(em, request.userId);
      throw new DomainError(ErrorCode.PAYMENTS_INSUFFICIENT_FUNDS, insufficientBalanceMessage('this order', request.amountCents, availableCents));
    }
    const common = { userId: request.userId, kind: 'hold' as const, reference: request.reference };
    await this.ledger.appendIn(em, [
      { ...common, bucket: 'available', amountCents: -request.amountCents, balanceAfterCents: moved.availableCents, idempotencyKey: `hold:${request.holdId}` },
      { ...common, bucket: 'held', amountCents: request.amountCents, balanceAfterCents: moved.heldCents, idempotencyKey: `hold:${request.holdId}:held` },
    ]);
    return toHold(row);
  }

  private async captureIn(em: EntityManager, holdId: string, captures: HoldCapture[]): Promise<{ hold: Hold; capturedCount: number }> {
    const hold = await this.lockIn(em, holdId);
    const posted = await this.ledger.entriesByKeyIn(em, [...new Set(captures.map((c) => c.idempotencyKey))]);
    const plan = planCaptures(hold, captures, posted);
    if (plan.fresh.length === 0) return { hold, capturedCount: 0 };
    const moved = await this.ledger.moveIn(em, hold.userId, { availableCents: 0, heldCents: -plan.totalCents, spentCents: plan.totalCents });
    if (!moved) throw new DomainError(ErrorCode.INTERNAL, `The held balance of hold ${holdId}'s account is below what the hold has left`);
    let heldAfter = moved.heldCents + plan.totalCents;
    const entries = plan.fresh.map((capture): NewEntry => {
      heldAfter -= capture.amountCents;
      return {
        userId: hold.userId,
        kind: 'label_purchase',
        bucket: 'held',
        amountCents: -capture.amountCents,
        balanceAfterCents: heldAfter,
        reference: capture.reference,
        idempotencyKey: capture.idempotencyKey,
      };
    });
    await this.ledger.appendIn(em, entries);
    const updated = await this.updateIn(em, holdId, `"captured_cents" = "captured_cents" + ?`, [plan.totalCents]);
    return { hold: updated, capturedCount: plan.fresh.length };
  }

  private async releaseIn(em: EntityManager, holdId: string): Promise<{ hold: Hold; releasedCents: number }> {
    const hold = await this.lockIn(em, holdId);
    if (hold.status === 'closed') return { hold, releasedCents: 0 };
    const left = leftCents(hold);
    if (left > 0) {
      const moved = await this.ledger.moveIn(em, hold.userId, { availableCents: left, heldCents: -left });
      if (!moved) throw new DomainError(ErrorCode.INTERNAL, `The held balance of hold ${holdId}'s account is below what the hold has left`);
      const common = { userId: hold.userId, kind: 'release' as const, reference: hold.reference };
      await this.ledger.appendIn(em, [
        { ...common, bucket: 'held', amountCents: -left, balanceAfterCents: moved.heldCents, idempotencyKey: `release:${holdId}:held` },
        { ...common, bucket: 'available', amountCents: left, balanceAfterCents: moved.availableCents, idempotencyKey: `release:${holdId}` },
      ]);
    }
    const closed = await this.updateIn(em, holdId, `"released_cents" = "released_cents" + ?, "status" = 'closed'`, [left]);
    return { hold: closed, releasedCents: left };
  }

  /** The hold, locked until the transaction ends: captures and the release of one hold never interleave. */
  private async lockIn(em: EntityManager, holdId: string): Promise<Hold> {
    const [row] = await em.execute<HoldRow[]>(`select * from ${this.table} where "hold_id" = ? for update`, [holdId]);
    if (!row) throw notFound(holdId);
    return toHold(row);
  }

  private async updateIn(em: EntityManager, holdId: string, set: string, params: number[]): Promise<Hold> {
    const [row] = await em.execute<HoldRow[]>(`update ${this.table} set ${set}, "updated_at" = now() where "hold_id" = ? returning *`, [...params, holdId]);
    if (!row) throw notFound(holdId);
    return toHold(row);
  }
}
