import { ErrorCode, type LedgerEntry } from '@labeldesk/contracts';
import type { HandlerPolicy } from '@labeldesk/contracts';
import { enforceHandlerAccess, HANDLER_ACCESS } from '@labeldesk/nest-transport';
import type { AccountRepository } from '../accounts/account.repository';
import { LedgerController } from './ledger.controller';
import type { LedgerRepository, Posting } from './ledger.repository';
import type { RefundCheck, RefundPosting, RefundRepository } from './refund.repository';
import { AdjustBalanceUseCase } from './usecases/adjust-balance.usecase';
import { RefundChargeUseCase } from './usecases/refund-charge.usecase';

const userId = '6565c5d5-6f6c-4baf-a307-daaaaed3489f';
const debit: LedgerEntry = {
  id: 'e1', userId, kind: 'label_purchase', amountCents: -850, balanceAfterCents: 150, reference: 'order o1', idempotencyKey: 'label:o1:1', actorId: null, reason: null, createdAt: new Date().toISOString(),
};

/** The controller over the real use cases and a ledger holding one label payment, which runs a refund's check as the refund repository does. */
const setup = () => {
  const posted: Posting[] = [];
  const answer = (posting: Posting) => ({ entry: { ...debit, kind: posting.kind, amountCents: posting.amountCents, idempotencyKey: posting.idempotencyKey }, replayed: false });
  const ledger = {
    post: jest.fn(async (posting: Posting) => {
      posted.push(posting);
      return answer(posting);
    }),
  } as unknown as LedgerRepository;
  const refunds = {
    post: jest.fn(async (refund: RefundPosting, check: RefundCheck) => {
      const charge = refund.chargeKey === debit.idempotencyKey ? debit : null;
      check(charge, 0);
      const posting: Posting = { userId: refund.userId, kind: 'refund', amountCents: refund.amountCents, reference: refund.reference, idempotencyKey: refund.idempotencyKey };
      posted.push(posting);
      return answer(posting);
    }),
  } as unknown as RefundRepository;
  const accounts = {} as AccountRepository;
  return { controller: new LedgerController(ledger, new RefundChargeUseCase(refunds), new AdjustBalanceUseCase(ledger, accounts)), posted, refunds };
};

const orders = { service: 'orders' as const };
type Credit = Parameters<LedgerController['onCredit']>[1];
const credit = (change: Partial<{ amountCents: number; idempotencyKey: string; refundOf: string; userId: string }> = {}): Credit => ({
  userId, amountCents: 850, kind: 'refund', reference: 'order o1 (label failed)', idempotencyKey: 'refund:o1:1', refundOf: 'label:o1:1', ...change,
});
const forgedDeposit: Credit = { userId, amountCents: 850, kind: 'deposit', reference: 'forged', idempotencyKey: 'deposit:forged-1' };

describe('LedgerController.onCredit', () => {
  it('pays an approved insurance claim as a claim_payout under the claim\'s own key, not as a refund of a charge', async () => {
    const { controller, posted, refunds } = setup();
    await controller.onCredit(orders, { userId, amountCents: 12_345, kind: 'claim_payout', reference: 'claim c1 on label 9400', idempotencyKey: 'claim:c1-payout' });
    expect(posted).toEqual([{ userId, kind: 'claim_payout', amountCents: 12_345, reference: 'claim c1 on label 9400', idempotencyKey: 'claim:c1-payout' }]);
    expect(refunds.post).not.toHaveBeenCalled();
  });

  it('refunds a label payment of the same user, named by its key', async () => {
    const { controller, posted, refunds } = setup();
    await controller.onCredit(orders, credit());
    expect(refunds.post).toHaveBeenCalledWith(expect.objectContaining({ idempotencyKey: 'refund:o1:1', chargeKey: 'label:o1:1' }), expect.any(Function));
    expect(posted).toEqual([expect.objectContaining({ kind: 'refund', amountCents: 850, idempotencyKey: 'refund:o1:1' })]);
  });

  it.each([
    ['a deposit sent from outside payments', forgedDeposit],
    ['a refund of no payment', credit({ refundOf: 'label:o2:1' })],
    ['a refund larger than the payment', credit({ amountCents: 5000 })],
    ['a refund of a payment of another user', credit({ userId: 'a1b2c3d4-0000-4000-8000-000000000000' })],
  ])('refuses %s and moves no money', async (_case, request) => {
    const { controller, posted } = setup();
    await expect(controller.onCredit(orders, request)).rejects.toMatchObject({ code: ErrorCode.FORBIDDEN });
    expect(posted).toEqual([]);
  });

  it('no longer reads the charge from the shape of the refund key: a refund key naming a paid label refunds nothing by itself', async () => {
    const { controller, posted } = setup();
    await expect(controller.onCredit(orders, credit({ idempotencyKey: 'refund:o1:1', refundOf: 'label:o9:1' }))).rejects.toMatchObject({ code: ErrorCode.FORBIDDEN });
    expect(posted).toEqual([]);
  });

  it.each([
    ['the user themselves', { userId, role: 'user' as const }],
    ['an admin', { userId, role: 'admin' as const }],
    ['another service', { service: 'pricing' as const }],
  ])('lets only orders refund or charge: %s is refused before the handler runs', (_case, caller) => {
    // Who may is declared on the contracts and enforced by CallerGuard before the handler runs (decision 080).
    for (const handler of [LedgerController.prototype.onCredit, LedgerController.prototype.onDebit]) {
      const policy = Reflect.getMetadata(HANDLER_ACCESS, handler) as HandlerPolicy;
      expect(() => enforceHandlerAccess(policy, caller, credit())).toThrow(expect.objectContaining({ code: ErrorCode.FORBIDDEN }));
      expect(() => enforceHandlerAccess(policy, orders, credit())).not.toThrow();
    }
  });
});

describe('LedgerController.onAdjust', () => {
  it('refuses an admin changing their own balance, and anyone who is not an admin', async () => {
    const { controller, posted } = setup();
    const edit = { userId, newBalanceCents: 100_000, reason: 'mine', idempotencyKey: 'adjust:own-1' };
    await expect(controller.onAdjust({ userId, role: 'admin' }, edit)).rejects.toMatchObject({ code: ErrorCode.VALIDATION_FAILED, message: 'You cannot change your own balance' });
    // Who may adjust is declared on the contract and enforced by CallerGuard before the handler runs (decision 080).
    const policy = Reflect.getMetadata(HANDLER_ACCESS, LedgerController.prototype.onAdjust) as HandlerPolicy;
    const other = { ...edit, userId: 'a1b2c3d4-0000-4000-8000-000000000000' };
    expect(() => enforceHandlerAccess(policy, { userId, role: 'user' }, other)).toThrow(expect.objectContaining({ code: ErrorCode.FORBIDDEN }));
    expect(() => enforceHandlerAccess(policy, { service: 'orders' }, other)).toThrow(expect.objectContaining({ code: ErrorCode.FORBIDDEN }));
    expect(() => enforceHandlerAccess(policy, { userId, role: 'admin' }, other)).not.toThrow();
    expect(posted).toEqual([]);
  });
});
