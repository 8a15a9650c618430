import { Inject, Injectable, Logger } from '@nestjs/common';
import { DomainError, ErrorCode, type AnyCaller, type ReturnLabel } from '@labeldesk/contracts';
import { foundInScope, ownerScopeOf, RpcClient } from '@labeldesk/nest-transport';
import { CARRIER_REGISTRY, type CarrierRegistry, type TrackingReport } from '../carriers';
import { refundPrepaidCharge } from './make-return.usecase';
import { ReturnLabelsRepository, type ReturnRow } from './return-labels.repository';
import { ReturnLinksRepository } from './return-links.repository';
import { isBought, toReturnLabel, type BoughtReturn } from './return-label.mapper';
import { firstUsingScan } from './return-scans';

const NOT_FOUND = 'Return label not found';

/**
 * Voids a return label the buyer has not used (decision 123): asked of the carrier that sold it (USPS: `DELETE
 * /labels/v3/label/{trackingNumber}`, Labels 3.9.13's cancel, which takes return labels as any label), then a prepaid
 * charge is given back once, under `refund:return:<id>` (the key a refused purchase uses: the seller is refunded at
 * most once). A label the carrier scanned (or already charged on use) is refused and nothing moves; a carrier that does
 * not answer leaves the label as it was. USPS bills a return label only at its first scan, so a cancel USPS answers as
 * a refund request (after its Shipping Services File) costs us nothing either: the seller is refunded then too.
 */
@Injectable()
export class VoidReturnUseCase {
  private readonly logger = new Logger(VoidReturnUseCase.name);

  constructor(
    private readonly returns: ReturnLabelsRepository,
    private readonly links: ReturnLinksRepository,
    private readonly rpc: RpcClient,
    @Inject(CARRIER_REGISTRY) private readonly registry: CarrierRegistry,
  ) {}

  async void(caller: AnyCaller, returnId: string): Promise<ReturnLabel> {
    const scope = ownerScopeOf(caller);
    const row = foundInScope(await this.returns.find(returnId, scope), scope, NOT_FOUND);
    if (!isBought(row)) throw new DomainError(ErrorCode.CONFLICT, 'This return label is still being made: try again in a moment.');
    if (row.status === 'voided') return this.shown(row);
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
    if (row.payment === 'prepaid') await refundPrepaidCharge(this.rpc, row, 'voided');
    if (!(await this.returns.markVoided(row.id))) this.logger.warn(`return ${row.id} was voided at its carrier but had left prepaid/awaiting_scan meanwhile`);
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
