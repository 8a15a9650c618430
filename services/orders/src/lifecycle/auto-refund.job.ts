import { Inject, Injectable } from '@nestjs/common';
import { ORDERS_ENV, type OrdersEnv } from '../config';
import { underJobLock } from './job-lock';
import { isUsed } from './label-state';
import { LabelVoidsRepository } from './label-voids.repository';
import { PeriodicTask } from '../common';
import { TrackingRefresh } from './tracking-refresh';
import { VoidLabelUseCase } from './void-label.usecase';

const PAGE = 100;
const DAY_MS = 86_400_000;

export interface AutoRefundRun {
  /** False when another replica held the lock, so this one did nothing. */
  ran: boolean;
  looked: number;
  voided: number;
  refundPending: number;
  /** Scanned on the way (used), refused by the carrier, or voided by someone else meanwhile. */
  skipped: number;
}

/**
 * Gives back unused labels automatically: every label with no carrier scan `AUTO_REFUND_DAYS` after purchase (and
 * still inside the void window) is voided as if its owner had asked. One replica runs it at a time (a PostgreSQL
 * advisory lock); running it twice voids nothing twice (one void per label).
 */
@Injectable()
export class AutoRefundJob extends PeriodicTask<AutoRefundRun> {
  constructor(
    private readonly voids: LabelVoidsRepository,
    private readonly tracking: TrackingRefresh,
    private readonly voider: VoidLabelUseCase,
    @Inject(ORDERS_ENV) private readonly env: Pick<OrdersEnv, 'AUTO_REFUND_DAYS' | 'AUTO_REFUND_EVERY_SECONDS' | 'VOID_WINDOW_DAYS' | 'DATABASE_URL'>,
  ) {
    super();
  }

  protected get everyMs(): number | null {
    return this.env.AUTO_REFUND_DAYS === 0 ? null : this.env.AUTO_REFUND_EVERY_SECONDS * 1000;
  }

  protected round(): Promise<AutoRefundRun> {
    return this.run();
  }

  async run(now = new Date()): Promise<AutoRefundRun> {
    const idle: AutoRefundRun = { ran: false, looked: 0, voided: 0, refundPending: 0, skipped: 0 };
    if (this.env.AUTO_REFUND_DAYS === 0) return idle;
    const done = await underJobLock(this.env.DATABASE_URL, 'labeldesk-orders:auto-refund', () => this.refundUnused(now));
    if (done) this.logger.log(`automatic refund: ${done.looked} labels looked at, ${done.voided} voided, ${done.refundPending} refunds asked, ${done.skipped} skipped`);
    return done ?? idle;
  }

  private async refundUnused(now: Date): Promise<AutoRefundRun> {
    const run: AutoRefundRun = { ran: true, looked: 0, voided: 0, refundPending: 0, skipped: 0 };
    const boughtBefore = new Date(now.getTime() - this.env.AUTO_REFUND_DAYS * DAY_MS);
    let boughtAfter = new Date(now.getTime() - this.env.VOID_WINDOW_DAYS * DAY_MS);
    const seen = new Set<string>();
    for (;;) {
      const page = (await this.voids.unusedUnvoided(boughtAfter, boughtBefore, PAGE)).filter((l) => !seen.has(`${l.kind}:${l.labelId}`));
      if (page.length === 0) return run;
      for (const label of page) {
        seen.add(`${label.kind}:${label.labelId}`);
        run.looked++;
        const tracked = await this.tracking.refresh(label);
        if (tracked && (tracked.used || isUsed(tracked.status))) {
          run.skipped++;
          continue;
        }
        const result = await this.voider.voidOne(label, 'auto', null);
        if (!result.ok) run.skipped++;
        else if (result.state === 'voided') run.voided++;
        else run.refundPending++;
      }
      // Labels bought at the same instant as the last one are looked at again and passed over by `seen`.
      boughtAfter = new Date((page[page.length - 1]?.purchasedAt ?? boughtAfter).getTime() - 1);
    }
  }
}
