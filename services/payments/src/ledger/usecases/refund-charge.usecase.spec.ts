import { DomainError, ErrorCode, type LedgerEntry } from '@labeldesk/contracts';
import type { RefundCheck, RefundPosting, RefundRepository } from '../refund.repository';
import { assertRefundable, RefundChargeUseCase, type RefundRequest } from './refund-charge.usecase';

const userId = '6565c5d5-6f6c-4baf-a307-daaaaed3489f';
const otherUserId = 'a1b2c3d4-0000-4000-8000-000000000000';
const entry = (change: Partial<LedgerEntry>): LedgerEntry => ({
  id: 'charge-1', userId, kind: 'label_purchase', amountCents: -850, bucket: 'available', balanceAfterCents: 150, reference: 'order o1',
  idempotencyKey: 'label:o1:1', actorId: null, reason: null, createdAt: new Date().toISOString(), ...change,
});
const debit = entry({});
const capture = entry({ id: 'charge-2', bucket: 'held', amountCents: -1200, idempotencyKey: 'bulk-item:item-7', reference: 'label of item 7' });
const refund = (change: Partial<RefundRequest> = {}): RefundRequest => ({
  userId, amountCents: 850, reference: 'order o1 (label failed)', idempotencyKey: 'refund:o1:1', refundOf: 'label:o1:1', ...change,
});

const refusalOf = (request: RefundRequest, charge: LedgerEntry | null, refundedCents: number): DomainError | null => {
  try {
    assertRefundable(request, charge, refundedCents);
    return null;
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
};

describe('assertRefundable', () => {
  it("allows a refund of a single label's debit, in full", () => {
    expect(refusalOf(refund(), debit, 0)).toBeNull();
  });

  it("allows a refund of a batch label's capture from its hold, named by the bulk item's key", () => {
    expect(refusalOf(refund({ amountCents: 1200, idempotencyKey: 'refund:bulk-item:item-7', refundOf: capture.idempotencyKey }), capture, 0)).toBeNull();
  });

  it('allows partial refunds as long as together they stay within the charge', () => {
    expect(refusalOf(refund({ amountCents: 600 }), debit, 0)).toBeNull();
    expect(refusalOf(refund({ amountCents: 250 }), debit, 600)).toBeNull();
  });

  it.each([
    ['a charge that was never posted', null, 'A refund must point at a label payment: nothing was posted under label:o1:1'],
    ['a deposit', entry({ kind: 'deposit', amountCents: 5000 }), 'A refund must point at a label payment: label:o1:1 is an entry of kind deposit'],
    ['a hold, which set money aside but charged nothing', entry({ kind: 'hold', amountCents: -850 }), 'A refund must point at a label payment: label:o1:1 is an entry of kind hold'],
    ['another refund', entry({ kind: 'refund', amountCents: 850 }), 'A refund must point at a label payment: label:o1:1 is an entry of kind refund'],
    ['an admin adjustment down', entry({ kind: 'admin_adjustment', amountCents: -850 }), 'A refund must point at a label payment: label:o1:1 is an entry of kind admin_adjustment'],
    ["another user's label payment", entry({ userId: otherUserId }), "A refund must point at a label payment of the same user: label:o1:1 is another user's"],
  ])('refuses a refund of %s as forbidden', (_case, charge, message) => {
    expect(refusalOf(refund(), charge, 0)).toMatchObject({ code: ErrorCode.FORBIDDEN, message });
  });

  it('refuses as forbidden a refund of more than the charge ever took', () => {
    expect(refusalOf(refund({ amountCents: 851 }), debit, 0)).toMatchObject({
      code: ErrorCode.FORBIDDEN,
      message: 'A refund of $8.51 is more than label payment label:o1:1 took ($8.50)',
    });
  });

  it('refuses as a conflict a refund the earlier refunds of the same charge leave no room for, saying what is left', () => {
    expect(refusalOf(refund({ idempotencyKey: 'refund:o1:1:again' }), debit, 850)).toMatchObject({
      code: ErrorCode.CONFLICT,
      message: 'Label payment label:o1:1 took $8.50 and $8.50 of it was refunded already: $0.00 is left, not $8.50. Nothing was refunded.',
    });
    expect(refusalOf(refund({ amountCents: 300 }), debit, 600)).toMatchObject({ code: ErrorCode.CONFLICT });
  });
});

describe('RefundChargeUseCase', () => {
  /** A repository that finds the charge by the key the refund names and runs the use case's check, as the real one does under the charge's lock. */
  const setup = (charges: LedgerEntry[], refundedCents = 0) => {
    const asked: RefundPosting[] = [];
    const posted: RefundPosting[] = [];
    const repository = {
      post: async (posting: RefundPosting, check: RefundCheck) => {
        asked.push(posting);
        const charge = charges.find((c) => c.idempotencyKey === posting.chargeKey) ?? null;
        check(charge, refundedCents);
        posted.push(posting);
        return { entry: entry({ id: 'refund-1', kind: 'refund', amountCents: posting.amountCents, idempotencyKey: posting.idempotencyKey }), replayed: false };
      },
    } as unknown as RefundRepository;
    return { useCase: new RefundChargeUseCase(repository), asked, posted };
  };

  it('asks the ledger for the charge by the key the refund names, never by its own key', async () => {
    const { useCase, posted } = setup([debit, capture]);
    await useCase.execute(refund({ amountCents: 1200, idempotencyKey: 'refund:o1:1', refundOf: 'bulk-item:item-7' }));
    expect(posted).toEqual([{ userId, amountCents: 1200, reference: 'order o1 (label failed)', idempotencyKey: 'refund:o1:1', chargeKey: 'bulk-item:item-7' }]);
  });

  it('posts nothing when the charge refuses the refund', async () => {
    const { useCase, asked, posted } = setup([debit], 850);
    await expect(useCase.execute(refund({ idempotencyKey: 'refund:o1:2' }))).rejects.toMatchObject({ code: ErrorCode.CONFLICT });
    await expect(useCase.execute(refund({ userId: otherUserId }))).rejects.toMatchObject({ code: ErrorCode.FORBIDDEN });
    expect(asked).toHaveLength(2);
    expect(posted).toEqual([]);
  });
});
