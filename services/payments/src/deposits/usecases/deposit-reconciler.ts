import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { PAYMENTS_ENV, type PaymentsEnv } from '../../config/env.schema';
import { PAYMENT_PROVIDER, type PaymentProvider } from '../../providers/payment-provider.port';
import { DepositRepository } from '../deposit.repository';
import { ApplyInvoiceUseCase } from './apply-invoice.usecase';

/** How long after creation an open deposit is still read again (BTCPay watches a day past expiry by default). */
const WATCH_DAYS = 3;

/**
 * Webhooks are an optimisation: every open deposit is read again from the provider on a timer and applied with
 * the same code, so a lost or never-sent webhook never loses a deposit.
 */
@Injectable()
export class DepositReconciler implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(DepositReconciler.name);
  private timer: NodeJS.Timeout | null = null;
  private running = false;

  constructor(
    private readonly deposits: DepositRepository,
    private readonly apply: ApplyInvoiceUseCase,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    @Inject(PAYMENTS_ENV) private readonly env: PaymentsEnv,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.reconcile(), this.env.RECONCILE_INTERVAL_SECONDS * 1000);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
  }

  /** One pass over the open deposits; answers how many changed state. */
  async reconcile(): Promise<number> {
    if (this.running) return 0;
    this.running = true;
    let changed = 0;
    try {
      const open = await this.deposits.openSince(new Date(Date.now() - WATCH_DAYS * 86_400_000), 500);
      for (const deposit of open) {
        try {
          const invoice = deposit.invoiceId ? await this.provider.getInvoice(deposit.invoiceId) : (await this.provider.findByOrderId(deposit.id))[0];
          if (!invoice) continue;
          if (!deposit.invoiceId) await this.deposits.update(deposit.id, { invoiceId: invoice.id });
          const fresh = (await this.deposits.findById(deposit.id)) ?? deposit;
          const outcome = await this.apply.execute(fresh, invoice);
          if (outcome === 'credited' || outcome === 'reversed' || fresh.status !== invoice.status) changed++;
        } catch (error) {
          this.logger.warn(`reconciling deposit ${deposit.id} failed: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
    } finally {
      this.running = false;
    }
    return changed;
  }
}
