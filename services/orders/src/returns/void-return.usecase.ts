import { Inject, Injectable, Logger } from '@nestjs/common';
import { DomainError, ErrorCode, type AnyCaller, type ReturnLabel } from '@labeldesk/contracts';
import { RpcClient } from '@labeldesk/nest-transport';
import { CARRIER_REGISTRY, type CarrierAdapter, type CarrierRegistry, type LabelToVoid, type TrackingReport } from '../carriers';
import { ORDERS_ENV, type OrdersEnv } from '../config';
import { refundPrepaidCharge } from './make-return.usecase';
import { ReturnLabelsRepository, type ReturnRow } from './return-labels.repository';
import { ReturnLinksRepository } from './return-links.repository';
import { isBought, ownedReturn, toReturnLabel, type BoughtReturn } from './return-label.mapper';
import { firstUsingScan } from './return-scans';

const NOT_FOUND = 'Return label not found';

/**
 * Voids a return label the buyer has not used (decision 123): asked of the carrier that sold it (USPS: `DELETE
 * /labels/v3/label/{trackingNumber}`, Labels 3.9.13's cancel, which takes return labels as any label), then a prepaid
 * charge is given back once, under `refund:return:<id>` (the key a refused purchase uses: the seller is refunded at
 * most once). A label the carrier scanned (or already charged on use) is refused and nothing moves; a carrier that does
 * not answer leaves the label as it was. USPS bills a return label only at its first scan, so a cancel USPS answers as
 * a refund request (after its Shipping Services File) costs us nothing either: the seller is refunded then too.
 *
 * A carrier that refunds later (EasyPost's refund is `submitted`, then `refunded` or `rejected`; the sandbox's after its
 * refund days) leaves a prepaid return `refund_pending` with nothing credited (decision 125): the return poller asks
 * about it (`checkRefund`) as the refund reconciler asks about outbound labels, and credits it once, when the carrier
 * says refunded, under the same `refund:return:<id>` key; a rejection is final and credits nothing.
 */
@Injectable()
export class VoidReturnUseCase {
  private readonly logger = new Logger(VoidReturnUseCase.name);

  constructor(
    private readonly returns: ReturnLabelsRepository,
    private readonly links: ReturnLinksRepository,
    private readonly rpc: RpcClient,
    @Inject(CARRIER_REGISTRY) private readonly registry: CarrierRegistry,
    @Inject(ORDERS_ENV) private readonly env: Pick<OrdersEnv, 'RETURN_SCAN_POLL_SECONDS'>,
  ) {}

  async void(caller: AnyCaller, returnId: string): Promise<ReturnLabel> {
    const row = await ownedReturn(this.returns, caller, returnId, NOT_FOUND);
    if (!isBought(row)) throw new DomainError(ErrorCode.CONFLICT, 'This return label is still being made: try again in a moment.');
    if (row.status === 'voided' || row.status === 'refund_pending') return this.shown(row);
    if (row.status === 'refund_rejected') throw new DomainError(ErrorCode.ORDERS_LABEL_NOT_VOIDABLE, `The carrier refused the refund of this return label: ${(row.refundReason ?? 'no reason given').replace(/[.\s]+$/, '')}.`);
    if (row.status === 'charged' || row.scannedAt) throw new DomainError(ErrorCode.ORDERS_LABEL_NOT_VOIDABLE, 'This return label was used (the carrier scanned it): it cannot be voided.');
    const carrier = row.carrier && this.registry.get(row.carrier);
    if (!carrier || !row.purchasedAt) throw new DomainError(ErrorCode.ORDERS_LABEL_NOT_VOIDABLE, `The carrier that sold this return label (${row.carrier ?? 'unknown'}) is not connected now: ask support to void it.`);
    const label = { trackingNumber: row.trackingNumber, carrierRefs: row.carrierRefs, purchasedAt: row.purchasedAt };

    // Where the parcel is now, before any money moves: a scan may have come since the last look.
    const scannedAt = firstUsingScan(await this.tracked(carrier.track(label), row));
    if (scannedAt) throw new DomainError(ErrorCode.ORDERS_LABEL_NOT_VOIDABLE, `This return label was used (the carrier scanned it on ${scannedAt.toISOString().slice(0, 10)}): it cannot be voided.`);

    const outcome = await carrier.void(label);
    if (outcome.kind === 'refused') throw new DomainError(ErrorCode.ORDERS_LABEL_NOT_VOIDABLE, `The carrier did not void this return label: ${outcome.message}`);
    if (outcome.kind === 'unknown') throw new DomainError(ErrorCode.ORDERS_CARRIER_FAILED, `The carrier did not answer the void of this return label; nothing changed, try again later: ${outcome.message}`);
    if (outcome.kind === 'refund_pending' && row.payment === 'prepaid') {
      // The carrier pays the label back later (or not): the seller is credited when it does, never before.
      if (!(await this.returns.markRefundPending(row.id, outcome.refundRef, this.nextCheck(0)))) this.logger.warn(`return ${row.id}: its refund was asked for but it had left prepaid meanwhile`);
    } else {
      if (row.payment === 'prepaid') await refundPrepaidCharge(this.rpc, row, 'voided');
      if (!(await this.returns.markVoided(row.id))) this.logger.warn(`return ${row.id} was voided at its carrier but had left prepaid/awaiting_scan meanwhile`);
    }
    return this.reread(row);
  }

  /**
   * Asks the carrier where a voided return's pending refund stands (the return poller, decision 125): refunded is
   * credited once and the return becomes `voided`; rejected is final (`refund_rejected`, nothing credited); a rejection
   * that passes asks the refund again; anything else is asked about later, less often each time. The credit comes
   * before the state, so a crash between them asks again and the ledger answers the same key's first posting.
   */
  async checkRefund(row: ReturnRow): Promise<ReturnRow['status']> {
    const carrier = row.carrier && this.registry.get(row.carrier);
    if (!carrier || !row.trackingNumber || !row.purchasedAt) {
      this.logger.warn(`return ${row.id}: its carrier (${row.carrier ?? 'unknown'}) is not connected, its refund is asked about later`);
      await this.returns.refundLater(row.id, this.nextCheck(row.refundChecks + 1));
      return row.status;
    }
    const label: LabelToVoid = { trackingNumber: row.trackingNumber, carrierRefs: row.carrierRefs, purchasedAt: row.purchasedAt };
    const answer = await carrier.refundStatus({ ...label, refundRef: row.refundRef, requestedAt: row.voidedAt ?? row.updatedAt });
    switch (answer.kind) {
      case 'refunded':
        return this.refunded(row);
      case 'refund_rejected':
        await this.returns.markRefundRejected(row.id, answer.reason);
        return 'refund_rejected';
      case 'retry':
        return this.askAgain(carrier, label, row);
      case 'refund_pending':
      case 'unknown':
        await this.returns.refundLater(row.id, this.nextCheck(row.refundChecks + 1));
        return 'refund_pending';
    }
  }

  private async askAgain(carrier: CarrierAdapter, label: LabelToVoid, row: ReturnRow): Promise<ReturnRow['status']> {
    const again = await carrier.void(label);
    if (again.kind === 'voided') return this.refunded(row);
    if (again.kind === 'refused') {
      await this.returns.markRefundRejected(row.id, again.message);
      return 'refund_rejected';
    }
    await this.returns.refundLater(row.id, this.nextCheck(row.refundChecks + 1), again.kind === 'refund_pending' ? again.refundRef : null);
    return 'refund_pending';
  }

  private async refunded(row: ReturnRow): Promise<ReturnRow['status']> {
    if (row.payment === 'prepaid') await refundPrepaidCharge(this.rpc, row, 'refunded by the carrier');
    await this.returns.markVoided(row.id);
    return 'voided';
  }

  /** When a pending refund is asked about again: the poll period, doubling with each check up to six hours. */
  private nextCheck(checks: number): Date {
    const seconds = Math.min(6 * 3600, this.env.RETURN_SCAN_POLL_SECONDS * 2 ** Math.min(checks, 16));
    return new Date(Date.now() + seconds * 1000);
  }

  private async reread(row: BoughtReturn): Promise<ReturnLabel> {
    const now = await this.returns.find(row.id, { everyOwner: true });
    return this.shown(now && isBought(now) ? now : row);
  }

  /** The carrier's tracking; a look that fails refuses the void (nothing moves until the parcel is known unused). */
  private async tracked(report: Promise<TrackingReport | null>, row: ReturnRow): Promise<TrackingReport> {
    try {
      const read = await report;
      if (read) return read;
    } catch (error) {
      this.logger.warn(`tracking of return ${row.id} before its void: ${error instanceof Error ? error.message : String(error)}`);
    }
    throw new DomainError(ErrorCode.ORDERS_CARRIER_FAILED, 'The carrier could not say whether this return label was used; nothing changed, try again later.');
  }

  private async shown(row: BoughtReturn): Promise<ReturnLabel> {
    return toReturnLabel(row, (await this.links.latestOf([row.id])).get(row.id));
  }
}
