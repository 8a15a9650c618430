import { ErrorCode, type Caller } from '@labeldesk/contracts';
import { ownerFilterOf, type OwnerScope } from '@labeldesk/nest-transport';
import type { PaymentProvider } from '../providers/payment-provider.port';
import { TestPaymentProvider } from '../providers/test/test-payment.provider';
import { DepositEntity } from './deposit.entity';
import type { DepositRepository } from './deposit.repository';
import { DepositsController } from './deposits.controller';
import type { CreateTopUpUseCase } from './usecases/create-top-up.usecase';
import type { ReceivePaymentNotificationUseCase } from './usecases/receive-payment-notification.usecase';
import { SettleTestInvoiceUseCase } from './usecases/settle-test-invoice.usecase';

const OWNER = '6565c5d5-6f6c-4baf-a307-daaaaed3489f';
const STRANGER = 'a1b2c3d4-0000-4000-8000-000000000000';
const INVOICE = 'test_0123456789abcdef0123';
const NO_SUCH_INVOICE = 'test_ffffffffffffffffffff';
const expiresAt = new Date('2026-11-29T12:00:00Z');

/** The owner's open test invoice; the repository's owner-scoped read as its query runs it. */
const setup = () => {
  const deposit = Object.assign(new DepositEntity(), { id: '0b4f9d8e-1c2a-4f5e-9d3b-2a1c4e5f6a7b', userId: OWNER, amountCents: 2500, provider: 'test', status: 'New', invoiceId: INVOICE });
  const deposits = {
    findOwnedByInvoiceId: jest.fn(async (invoiceId: string, scope: OwnerScope) => {
      const owner = ownerFilterOf(scope).userId;
      return deposit.invoiceId === invoiceId && (owner === undefined || owner === deposit.userId) ? deposit : null;
    }),
  } as unknown as DepositRepository;
  const provider = Object.assign(Object.create(TestPaymentProvider.prototype) as TestPaymentProvider, {
    details: jest.fn(async (id: string) => ({ id, amountCents: 2500, status: 'New' as const, expiresAt })),
    settle: jest.fn(async () => true),
  });
  const settle = new SettleTestInvoiceUseCase(provider as PaymentProvider, deposits, {} as ReceivePaymentNotificationUseCase);
  return { controller: new DepositsController(deposits, {} as CreateTopUpUseCase, {} as ReceivePaymentNotificationUseCase, settle), provider };
};

const stranger: Caller = { userId: STRANGER, role: 'user' };
const notFound = { code: ErrorCode.NOT_FOUND, message: 'Invoice not found' };

describe('DepositsController test invoices', () => {
  it('shows the invoice to its owner and to an admin', async () => {
    for (const caller of [{ userId: OWNER, role: 'user' }, { userId: STRANGER, role: 'admin' }] satisfies Caller[]) {
      await expect(setup().controller.onGetTestInvoice(caller, { invoiceId: INVOICE })).resolves.toEqual({ id: INVOICE, amount: 2500, status: 'New', expiresAt: expiresAt.toISOString() });
    }
  });

  it("answers not found for another user's invoice, as for one that does not exist, without asking the provider", async () => {
    const { controller, provider } = setup();
    await expect(controller.onGetTestInvoice(stranger, { invoiceId: INVOICE })).rejects.toMatchObject(notFound);
    await expect(controller.onGetTestInvoice(stranger, { invoiceId: NO_SUCH_INVOICE })).rejects.toMatchObject(notFound);
    expect(provider.details).not.toHaveBeenCalled();
  });

  it("refuses to settle another user's invoice with the same not found, as one that does not exist, and settles nothing", async () => {
    const { controller, provider } = setup();
    await expect(controller.onSettleTestInvoice(stranger, { invoiceId: INVOICE, outcome: 'paid' })).rejects.toMatchObject(notFound);
    await expect(controller.onSettleTestInvoice(stranger, { invoiceId: NO_SUCH_INVOICE, outcome: 'paid' })).rejects.toMatchObject(notFound);
    expect(provider.settle).not.toHaveBeenCalled();
  });

  it("refuses an admin whose powers are withheld another user's invoice with the 403 that says why", async () => {
    const withheld: Caller = { userId: STRANGER, role: 'admin', adminPowersWithheld: true };
    const { controller, provider } = setup();
    await expect(controller.onGetTestInvoice(withheld, { invoiceId: INVOICE })).rejects.toMatchObject({ code: ErrorCode.AUTH_TWO_FACTOR_ENROLMENT_REQUIRED });
    await expect(controller.onSettleTestInvoice(withheld, { invoiceId: INVOICE, outcome: 'paid' })).rejects.toMatchObject({ code: ErrorCode.AUTH_TWO_FACTOR_ENROLMENT_REQUIRED });
    expect(provider.settle).not.toHaveBeenCalled();
  });
});
