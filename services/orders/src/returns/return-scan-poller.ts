import { Inject, Injectable } from '@nestjs/common';
import { EVERY_OWNER } from '@labeldesk/nest-transport';
import { mapLimited, PeriodicTask } from '../common';
import { ORDERS_ENV, type OrdersEnv } from '../config';
import { OrderRepository } from '../orders';
import { MakeReturnUseCase } from './make-return.usecase';
import { ReturnLabelsRepository, type ReturnRow } from './return-labels.repository';
import { ReturnScans } from './return-scans';
import { VoidReturnUseCase } from './void-return.usecase';

/** Looks in flight at once (inside each carrier's own limits). */
const CONCURRENCY = 4;
/** Labels looked at in one round. */
const BATCH = 200;
/** A return purchase quiet this long was left by a worker that died: it is finished (or given back) here. */
const STALE_PURCHASE_SECONDS = 120;

/**
 * Every RETURN_SCAN_POLL_SECONDS: unused pay-on-use return labels are asked about at their carrier (charged at the
 * first scan), voided returns' pending refunds are asked about (credited once refunded: decision 125), and return
 * purchases a dead worker left are finished. Rows are claimed with `skip locked` and put off
 * while they are looked at, so replicas share the work.
 */
@Injectable()
export class ReturnScanPoller extends PeriodicTask<number> {
  constructor(
    private readonly returns: ReturnLabelsRepository,
    private readonly scans: ReturnScans,
    private readonly make: MakeReturnUseCase,
    private readonly orders: OrderRepository,
    private readonly voids: VoidReturnUseCase,
    @Inject(ORDERS_ENV) private readonly env: Pick<OrdersEnv, 'RETURN_SCAN_POLL_SECONDS'>,
  ) {
    super();
  }

  protected get everyMs(): number {
    return this.env.RETURN_SCAN_POLL_SECONDS * 1000;
  }

  /** One round now (tests); answers how many returns it looked at. */
  async poll(): Promise<number> {
    return (await this.runRound()) ?? 0;
  }

  protected async round(): Promise<number> {
    const due = await this.returns.claimDue(BATCH, Math.max(60, this.env.RETURN_SCAN_POLL_SECONDS * 2), STALE_PURCHASE_SECONDS);
    await mapLimited(due, CONCURRENCY, (row) => this.look(row).catch((error: unknown) => this.logger.warn(`return ${row.id}: ${error instanceof Error ? error.message : String(error)}`)));
    return due.length;
  }

  private async look(row: ReturnRow): Promise<void> {
    if (row.status === 'awaiting_scan') {
      await this.scans.check(row);
      return;
    }
    if (row.status === 'refund_pending') {
      await this.voids.checkRefund(row);
      return;
    }
    const order = await this.orders.findOwned(row.orderId, EVERY_OWNER);
    if (order) await this.make.finish(row, order);
  }
}
