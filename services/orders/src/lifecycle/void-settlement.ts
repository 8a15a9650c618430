import { Inject, Injectable, Logger } from '@nestjs/common';
import { CARRIER_REGISTRY, type CarrierAdapter, type CarrierRegistry, type LabelToVoid, type VoidOutcome } from '../carriers';
import { ORDERS_ENV, type OrdersEnv } from '../config';
import type { VoidState } from './label-state';
import { LabelManifestsRepository } from './label-manifests.repository';
import { LabelVoidsRepository, type LabelVoid } from './label-voids.repository';
import { RefundCredit } from './refund-credit';
import { VoidStamper } from './void-stamp';

/** Where a void stands after a carrier's answer was applied; `refused` means the claim was taken back. */
export type Settled = { state: VoidState } | { state: 'refused'; reason: string };

/**
 * Applies a carrier's answer to a void, the same way whether the customer, the daily job or the reconciler asked.
 * The money moves before the state: a crash between the two leaves the void in its earlier state, and the reconciler
 * asks again and credits again, which the ledger answers as a replay (one credit per label, decision 042).
 */
@Injectable()
export class VoidSettlement {
  private readonly logger = new Logger(VoidSettlement.name);

  constructor(
    private readonly voids: LabelVoidsRepository,
    private readonly credit: RefundCredit,
    private readonly stamper: VoidStamper,
    @Inject(CARRIER_REGISTRY) private readonly registry: CarrierRegistry,
    @Inject(ORDERS_ENV) private readonly env: Pick<OrdersEnv, 'REFUND_RECONCILE_SECONDS'>,
    private readonly manifests: LabelManifestsRepository,
  ) {}

  carrierOf(v: Pick<LabelVoid, 'carrier'>): CarrierAdapter | undefined {
    return this.registry.get(v.carrier);
  }

  /** Asks the carrier to void a claimed label and applies its answer. */
  async voidAtCarrier(v: LabelVoid): Promise<Settled> {
    const carrier = this.carrierOf(v);
    if (!carrier) return { state: v.state };
    const [label] = await this.toCarrier([v]);
    const outcome = await carrier.void(label as LabelToVoid);
    return this.apply(v, outcome);
  }

  /**
   * The labels as their carrier is asked to void them: with the instant each went on a SCAN form, since a form
   * manifests its labels at once (the sandbox then answers with a refund request, as USPS does).
   */
  async toCarrier(voids: readonly LabelVoid[]): Promise<LabelToVoid[]> {
    const manifested = await this.manifests.manifestedAt(voids.map((v) => ({ kind: v.kind, labelId: v.labelId })));
    return voids.map((v) => ({ trackingNumber: v.trackingNumber, carrierRefs: v.carrierRefs, purchasedAt: v.purchasedAt, manifestedAt: manifested.get(`${v.kind}:${v.labelId}`) ?? null }));
  }

  /** Applies the answer to a `void_requested` void. */
  async apply(v: LabelVoid, outcome: VoidOutcome): Promise<Settled> {
    switch (outcome.kind) {
      case 'voided': {
        const settled = await this.creditThen(v, ['void_requested'], 'voided');
        this.stampVoid(v);
        return settled;
      }
      case 'refund_pending':
        await this.voids.move(v.id, ['void_requested'], { state: 'refund_pending', refundRef: outcome.refundRef, nextCheckAt: this.nextCheck(0) });
        this.stampVoid(v);
        return { state: 'refund_pending' };
      case 'refused':
        // Nothing was asked of the carrier's money: the label is as it was, and no timer will act on it.
        await this.voids.release(v.id);
        return { state: 'refused', reason: outcome.message };
      case 'unknown':
        this.logger.warn(`void of ${v.trackingNumber}: no answer from ${v.carrier}, will ask again: ${outcome.message}`);
        return { state: 'void_requested' };
    }
  }

  /** Credits the label's price, then records the final state; a failed credit leaves the void for the reconciler. */
  async creditThen(v: LabelVoid, from: readonly VoidState[], to: 'voided' | 'refunded'): Promise<Settled> {
    try {
      await this.credit.credit(v);
    } catch (error) {
      this.logger.error(`credit of void ${v.id} failed, the reconciler will retry`, error instanceof Error ? error.stack : String(error));
      return { state: v.state };
    }
    await this.voids.move(v.id, from, { state: to, nextCheckAt: null });
    return { state: to };
  }

  /**
   * The carrier took the void: the label's files say VOID from now on. Not awaited: a batch's merged files are rebuilt
   * meanwhile (the voids of one batch arriving together share a rebuild), and a failed stamp never undoes a void.
   */
  private stampVoid(v: LabelVoid): void {
    this.stamper.stamp(v).catch((error: unknown) => this.logger.error(`VOID stamp of ${v.kind} label ${v.labelId} failed`, error instanceof Error ? error.stack : String(error)));
  }

  /** When a pending refund is asked about again: the reconcile period, doubling with each check up to six hours. */
  nextCheck(checks: number): Date {
    const seconds = Math.min(6 * 3600, this.env.REFUND_RECONCILE_SECONDS * 2 ** Math.min(checks, 16));
    return new Date(Date.now() + seconds * 1000);
  }
}
