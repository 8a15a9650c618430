import { ErrorCode, type LedgerEntry } from '@labeldesk/contracts';
import type { AccountRepository } from '../accounts/account.repository';
import { LedgerController } from './ledger.controller';
import type { LedgerRepository, Posting } from './ledger.repository';

const userId = '6565c5d5-6f6c-4baf-a307-daaaaed3489f';
const debit: LedgerEntry = {
  id: 'e1', userId, kind: 'label_purchase', amountCents: -850, balanceAfterCents: 150, reference: 'order o1', idempotencyKey: 'label:o1:1', actorId: null, reason: null, createdAt: new Date().toISOString(),
};

const setup = () => {
  const posted: Posting[] = [];
  const ledger = {
    findEntry: jest.fn(async (key: string) => (key === debit.idempotencyKey ? debit : null)),
    post: jest.fn(async (posting: Posting) => {
      posted.push(posting);
      return { entry: { ...debit, kind: posting.kind, amountCents: posting.amountCents, idempotencyKey: posting.idempotencyKey }, replayed: false };
    }),
  };
  return { controller: new LedgerController(ledger as unknown as LedgerRepository, {} as AccountRepository), posted };
};

const orders = { service: 'orders' as const };
const credit = (change: Partial<{ amountCents: number; kind: 'refund' | 'deposit'; idempotencyKey: string; userId: string }> = {}) => ({
  userId, amountCents: 850, kind: 'refund' as const, reference: 'order o1 (label failed)', idempotencyKey: 'refund:o1:1', ...change,
});

describe('LedgerController.onCredit', () => {
  it('refunds a label payment of the same user and amount', async () => {
    const { controller, posted } = setup();
    await controller.onCredit(orders, credit());
    expect(posted).toEqual([expect.objectContaining({ kind: 'refund', amountCents: 850, idempotencyKey: 'refund:o1:1' })]);
  });

  it.each([
    ['a deposit sent from outside payments', credit({ kind: 'deposit', idempotencyKey: 'deposit:forged-1' })],
    ['a refund of no payment', credit({ idempotencyKey: 'refund:o2:1' })],
    ['a refund larger than the payment', credit({ amountCents: 5000 })],
    ['a refund of a payment of another user', credit({ userId: 'a1b2c3d4-0000-4000-8000-000000000000' })],
  ])('refuses %s and moves no money', async (_case, request) => {
    const { controller, posted } = setup();
    await expect(controller.onCredit(orders, request)).rejects.toMatchObject({ code: ErrorCode.FORBIDDEN });
    expect(posted).toEqual([]);
  });

  it.each([
    ['the user themselves', { userId, role: 'user' as const }],
    ['an admin', { userId, role: 'admin' as const }],
    ['another service', { service: 'pricing' as const }],
  ])('lets only orders refund or charge: %s moves no money', async (_case, caller) => {
    const { controller, posted } = setup();
    await expect(controller.onCredit(caller, credit())).rejects.toMatchObject({ code: ErrorCode.FORBIDDEN });
    expect(() => controller.onDebit(caller, { userId, amountCents: 850, kind: 'label_purchase', reference: 'order o1', idempotencyKey: 'label:o1:1' })).toThrow(
      expect.objectContaining({ code: ErrorCode.FORBIDDEN }),
    );
    expect(posted).toEqual([]);
  });
});
