import { Inject, Injectable } from '@nestjs/common';
import type { LabelToVoid } from '../carriers';
import { ORDERS_ENV, type OrdersEnv } from '../config';
import { LabelVoidsRepository, type LabelVoid } from './label-voids.repository';
import { PeriodicTask } from '../common';
import { VoidSettlement } from './void-settlement';

/** Voids and refunds asked about at once per round. */
const ROUND = 50;

/**
 * Takes every void to its end, the way DepositReconciler takes invoices: a void the carrier did not answer is asked
 * again, a pending refund is asked about until the carrier says refunded or rejected. Each replica claims its voids
 * with SKIP LOCKED, so two never ask about the same one.
 */
@Injectable()
export class RefundReconciler extends PeriodicTask<number> {
  constructor(
    private readonly voids: LabelVoidsRepository,
    private readonly settlement: VoidSettlement,
    @Inject(ORDERS_ENV) private readonly env: Pick<OrdersEnv, 'REFUND_RECONCILE_SECONDS'>,
  ) {
    super();
  }

  protected get everyMs(): number {
    return this.env.REFUND_RECONCILE_SECONDS * 1000;
  }

  /** Asks about every void that is due; answers how many it looked at (0 while a sweep is running here). */
  async sweep(): Promise<number> {
    return (await this.runRound()) ?? 0;
  }

  protected async round(): Promise<number> {
    let seen = 0;
    for (;;) {
      const due = await this.voids.claimDue(ROUND, this.env.REFUND_RECONCILE_SECONDS);
      if (due.length === 0) break;
      seen += due.length;
      await Promise.all(due.map((v) => this.check(v).catch((error: unknown) => this.logger.warn(`void ${v.id}: ${error instanceof Error ? error.message : String(error)}`))));
      if (due.length < ROUND) break;
    }
    return seen;
  }

  async check(v: LabelVoid): Promise<void> {
    if (v.state === 'void_requested') {
      await this.settlement.voidAtCarrier(v);
      return;
    }
    const carrier = this.settlement.carrierOf(v);
    if (!carrier) return;
    const answer = await carrier.refundStatus({ trackingNumber: v.trackingNumber, carrierRefs: v.carrierRefs, purchasedAt: v.purchasedAt, refundRef: v.refundRef, requestedAt: v.requestedAt });
    switch (answer.kind) {
      case 'refunded':
        await this.settlement.creditThen(v, ['refund_pending'], 'refunded');
        return;
      case 'refund_rejected':
        await this.voids.move(v.id, ['refund_pending'], { state: 'refund_rejected', reason: answer.reason, nextCheckAt: null });
        return;
      case 'retry': {
        // A rejection that passes (asked too soon after the purchase): the refund is asked for again.
        const [label] = await this.settlement.toCarrier([v]);
        const again = await carrier.void(label as LabelToVoid);
        if (again.kind === 'voided') await this.settlement.creditThen(v, ['refund_pending'], 'refunded');
        else if (again.kind === 'refused') await this.voids.move(v.id, ['refund_pending'], { state: 'refund_rejected', reason: again.message, nextCheckAt: null });
        else await this.voids.move(v.id, ['refund_pending'], { state: 'refund_pending', refundRef: again.kind === 'refund_pending' ? again.refundRef : null, nextCheckAt: this.settlement.nextCheck(v.checks) });
        return;
      }
      case 'refund_pending':
      case 'unknown':
        await this.voids.move(v.id, ['refund_pending'], { state: 'refund_pending', nextCheckAt: this.settlement.nextCheck(v.checks) });
        return;
    }
  }
}
