import { Inject, Injectable, Logger } from '@nestjs/common';
import { DomainError, ErrorCode } from '@labeldesk/contracts';
import { AccountRepository } from '../../accounts/account.repository';
import { LedgerRepository } from '../../ledger/ledger.repository';
import { EventOutboxRepository } from '../../outbox/event-outbox.repository';
import { EventRelay } from '../../outbox/event-relay';
import { PAYMENT_PROVIDER, type PaymentProvider, type ProviderInvoice } from '../../providers/payment-provider.port';
import { FirstTopUpBonus } from '../../referral-bonus/first-top-up-bonus';
import type { DepositEntity } from '../deposit.entity';
import { DepositRepository } from '../deposit.repository';

export type ApplyOutcome = 'credited' | 'reversed' | 'recorded' | 'ignored';

/**
 * The only code that credits a deposit. It is handed an invoice freshly read from the provider (never a webhook's
 * word), checks it really is this deposit's, and moves the deposit to the invoice's state:
 * - Settled → one credit of the amount we asked for (ledger key `deposit:<invoiceId>`), however often it runs; a
 *   customer's first credited top-up may owe a referral bonus, recorded with the credit (decision 087).
 *   A manually marked settlement is credited too: the store owner confirmed it by hand (decision 008).
 * - Invalid after a credit → a reversal (`reversal:<invoiceId>`), as much as the balance still holds.
 * - New / Processing / Expired → recorded; Processing is never credited (it can fall back to New).
 * - Expired but paid late → recorded with a note for a person; it is credited if the store owner marks it Settled.
 */
@Injectable()
export class ApplyInvoiceUseCase {
  private readonly logger = new Logger(ApplyInvoiceUseCase.name);

  constructor(
    private readonly deposits: DepositRepository,
    private readonly ledger: LedgerRepository,
    private readonly accounts: AccountRepository,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    private readonly outbox: EventOutboxRepository,
    private readonly relay: EventRelay,
    private readonly firstTopUpBonus: FirstTopUpBonus,
  ) {}

  async execute(deposit: DepositEntity, invoice: ProviderInvoice): Promise<ApplyOutcome> {
    const mismatch = this.mismatch(deposit, invoice);
    if (mismatch) {
      this.logger.error(`invoice ${invoice.id} does not match deposit ${deposit.id}: ${mismatch}; nothing credited`);
      await this.deposits.update(deposit.id, { note: `Invoice does not match: ${mismatch}` });
      return 'ignored';
    }
    switch (invoice.status) {
      case 'Settled':
        return this.credit(deposit, invoice);
      case 'Invalid':
        return this.invalidate(deposit, invoice);
      case 'New':
      case 'Processing':
      case 'Expired': {
        if (deposit.status === 'Settled' || deposit.status === 'Invalid') return 'ignored'; // settled states only move by Settled/Invalid
        const note = invoice.status === 'Expired' && invoice.additionalStatus === 'PaidLate' ? 'Paid after the invoice expired: waiting for review by support' : deposit.note;
        await this.deposits.update(deposit.id, { status: invoice.status, additionalStatus: invoice.additionalStatus, note });
        return 'recorded';
      }
      default:
        return 'ignored';
    }
  }

  /** The credit, the deposit's `credited` mark and its webhook event are written in one transaction: never one without the others. */
  private async credit(deposit: DepositEntity, invoice: ProviderInvoice): Promise<ApplyOutcome> {
    const notes = [invoice.additionalStatus === 'PaidOver' ? 'Overpaid: the extra was not credited, contact support' : null, invoice.additionalStatus === 'Marked' ? 'Marked paid by the store' : null].filter(Boolean);
    const settled: Partial<DepositEntity> = { status: 'Settled', additionalStatus: invoice.additionalStatus, credited: true, note: notes.join('; ') || null };
    let bonusPending = false;
    const posted = await this.ledger.post(
      {
        userId: deposit.userId,
        kind: 'deposit',
        amountCents: deposit.amountCents,
        reference: `${this.provider.kind === 'test' ? 'TEST MONEY: ' : ''}invoice ${invoice.id}`,
        idempotencyKey: `deposit:${invoice.id}`,
      },
      async (em) => {
        await this.deposits.updateIn(em, deposit.id, settled);
        // The customer's balance.credited webhook commits with the credit (docs/decisions/051).
        await this.outbox.addIn(em, {
          eventId: `balance.credited:deposit:${invoice.id}`,
          userId: deposit.userId,
          type: 'balance.credited',
          data: { kind: 'deposit', depositId: deposit.id, invoiceId: invoice.id, amountCents: deposit.amountCents, currency: deposit.currency },
        });
        // A first top-up's referral bonus is owed from the moment it is credited, and only if it is (decision 087).
        bonusPending = await this.firstTopUpBonus.recordIn(em, deposit);
      },
    );
    if (!posted.replayed) this.relay.nudge();
    await this.firstTopUpBonus.afterCommit(bonusPending);
    // A replay (posted before): the mark went with that posting; a later status (e.g. Marked) is still recorded.
    if (posted.replayed) await this.deposits.update(deposit.id, settled);
    return posted.replayed ? 'recorded' : 'credited';
  }

  private async invalidate(deposit: DepositEntity, invoice: ProviderInvoice): Promise<ApplyOutcome> {
    if (!deposit.credited || deposit.reversed) {
      await this.deposits.update(deposit.id, { status: 'Invalid', additionalStatus: invoice.additionalStatus });
      return 'recorded';
    }
    const reversed = await this.reverse(deposit, invoice.id);
    const note = reversed < deposit.amountCents ? `Reversed ${reversed} of ${deposit.amountCents} cents: the rest was already spent` : 'Payment invalidated: the credit was reversed';
    await this.deposits.update(deposit.id, { status: 'Invalid', additionalStatus: invoice.additionalStatus, reversed: true, note });
    return 'reversed';
  }

  /**
   * Takes back up to the credited amount without taking the balance below zero; returns what it took. The key allows
   * one reversal per invoice, so a reversal already posted (an earlier run that crashed before marking the deposit, or
   * a concurrent delivery) is answered as it was, never recomputed from today's balance.
   */
  private async reverse(deposit: DepositEntity, invoiceId: string): Promise<number> {
    const key = `reversal:${invoiceId}`;
    for (let attempt = 0; attempt < 5; attempt++) {
      const earlier = await this.ledger.findEntry(key);
      if (earlier) return -earlier.amountCents;
      const [summary] = await this.accounts.summaries([deposit.userId]);
      const amount = Math.min(deposit.amountCents, summary?.balanceCents ?? 0);
      if (amount === 0) {
        // Nothing left may mean a concurrent run has just reversed it (its entry committed before this balance read).
        const concurrent = await this.ledger.findEntry(key);
        return concurrent ? -concurrent.amountCents : 0;
      }
      try {
        const posted = await this.ledger.post({ userId: deposit.userId, kind: 'reversal', amountCents: -amount, reference: `invoice ${invoiceId} invalidated`, idempotencyKey: key });
        return -posted.entry.amountCents;
      } catch (error) {
        // Spent in the meantime (read the balance again), or a concurrent run posted its own amount (answer that one).
        const retry = error instanceof DomainError && (error.code === ErrorCode.PAYMENTS_INSUFFICIENT_FUNDS || error.code === ErrorCode.PAYMENTS_IDEMPOTENCY_MISMATCH);
        if (!retry) throw error;
      }
    }
    throw new DomainError(ErrorCode.INTERNAL, `Could not reverse invoice ${invoiceId}`);
  }

  private mismatch(deposit: DepositEntity, invoice: ProviderInvoice): string | null {
    if (invoice.storeId !== this.provider.storeId) return `store ${invoice.storeId}`;
    if (invoice.orderId !== deposit.id) return `orderId ${invoice.orderId ?? 'missing'}`;
    if (deposit.invoiceId !== null && deposit.invoiceId !== invoice.id) return `invoice id ${invoice.id}`;
    if (invoice.currency !== deposit.currency) return `currency ${invoice.currency}`;
    if (invoice.amountCents !== deposit.amountCents) return `amount ${invoice.amountCents}`;
    return null;
  }
}
