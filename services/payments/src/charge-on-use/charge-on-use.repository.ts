import { ledgerPostings } from '@labeldesk/nest-config';
import { Inject, Injectable } from '@nestjs/common';
import { DomainError, ErrorCode, type PostingResult } from '@labeldesk/contracts';
import { isUniqueViolation, ORM, schemaTable } from '@labeldesk/nest-orm';
import type { MikroORM } from '@mikro-orm/postgresql';
import { LEDGER_KEY_CONSTRAINT, LedgerRepository } from '../ledger/ledger.repository';

export interface UseCharge {
  userId: string;
  amountCents: number;
  reference: string;
  /** `use:<label>`: one charge per used label, whatever repeats it (decision 101). */
  idempotencyKey: string;
}

/**
 * The one posting that may take a balance below zero (decision 101): a pay-on-use label the carrier has scanned was
 * used, so its postage is owed whatever the balance is now. One transaction: the account row locked, the entry
 * appended with the balance after it; a key already posted answers that posting (never a second charge).
 */
@Injectable()
export class ChargeOnUseRepository {
  constructor(
    @Inject(ORM) private readonly orm: MikroORM,
    private readonly ledger: LedgerRepository,
  ) {}

  async charge(charge: UseCharge): Promise<PostingResult> {
    try {
      const result = await this.orm.em.fork().transactional(async (em) => {
        const existing = (await this.ledger.entriesByKeyIn(em, [charge.idempotencyKey])).get(charge.idempotencyKey);
        if (existing) return { entry: sameOrThrow(existing, charge), replayed: true };
        await em.execute(`insert into ${schemaTable(this.orm, 'accounts')} ("user_id") values (?) on conflict ("user_id") do nothing`, [charge.userId]);
        const [row] = await em.execute<Array<{ balance_cents: string }>>(
          `update ${schemaTable(this.orm, 'accounts')} set "balance_cents" = "balance_cents" - ?, "total_spent_cents" = "total_spent_cents" + ?, "updated_at" = now()
            where "user_id" = ? returning "balance_cents"`,
          [charge.amountCents, charge.amountCents, charge.userId],
        );
        if (!row) throw new Error(`account of ${charge.userId} missing after insert`);
        const [entry] = await this.ledger.appendIn(em, [
          { userId: charge.userId, kind: 'label_purchase', bucket: 'available', amountCents: -charge.amountCents, balanceAfterCents: Number(row.balance_cents), reference: charge.reference, idempotencyKey: charge.idempotencyKey },
        ]);
        if (!entry) throw new Error('ledger insert returned no row');
        return { entry, replayed: false };
      });
      if (!result.replayed) {
        ledgerPostings.inc({ kind: 'label_purchase' });
        await this.ledger.accountChanged(charge.userId);
      }
      return result;
    } catch (error) {
      // A concurrent charge with the same key won the race (its insert hit the unique index): answer its posting.
      if (isUniqueViolation(error, LEDGER_KEY_CONSTRAINT)) {
        const existing = await this.ledger.findEntry(charge.idempotencyKey);
        if (existing) return { entry: sameOrThrow(existing, charge), replayed: true };
      }
      throw error;
    }
  }
}

const sameOrThrow = (entry: PostingResult['entry'], charge: UseCharge): PostingResult['entry'] => {
  if (entry.userId !== charge.userId || entry.amountCents !== -charge.amountCents || entry.kind !== 'label_purchase') {
    throw new DomainError(ErrorCode.PAYMENTS_IDEMPOTENCY_MISMATCH, `Idempotency key ${charge.idempotencyKey} was already used for a different posting`);
  }
  return entry;
};
