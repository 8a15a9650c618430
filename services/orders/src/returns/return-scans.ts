import { Inject, Injectable, Logger } from '@nestjs/common';
import { ChargeOnUseRpc, type TrackingStatusValue } from '@labeldesk/contracts';
import { RpcClient, type CallOptions } from '@labeldesk/nest-transport';
import { CARRIER_REGISTRY, type CarrierRegistry, type TrackingReport } from '../carriers';
import { ORDERS_ENV, type OrdersEnv } from '../config';
import { modeField, onUseChargeKey } from './make-return.usecase';
import type { ReturnRow } from './return-labels.repository';
import { ReturnLabelsRepository } from './return-labels.repository';

const AS_ORDERS: CallOptions = { asService: true };
/** Days a return label counts as just made, looked at often. */
const FRESH_DAYS = 3;

/** A scan with one of these statuses does not use a label (as for outbound labels: carriers/carrier.port.ts). */
const UNUSED: ReadonlySet<TrackingStatusValue> = new Set(['pre_transit', 'unknown', 'cancelled']);

/** The carrier's first scan that uses the label, or null while it is unused. */
export const firstUsingScan = (report: TrackingReport): Date | null => {
  const using = report.events.filter((event) => !UNUSED.has(event.status)).map((event) => event.occurredAt.getTime());
  return using.length === 0 ? null : new Date(Math.min(...using));
};

/**
 * Charges a pay-on-use return label once its carrier has scanned it (decision 101). The charge goes through payments
 * under `use:<returnId>`, one posting per key: asked twice (a repeated scan, a replica racing, a restart between the
 * charge and the mark) it answers the first posting and moves nothing more. The row is marked after the charge, so a
 * crash in between only means asking payments again.
 */
@Injectable()
export class ReturnScans {
  private readonly logger = new Logger(ReturnScans.name);

  constructor(
    private readonly returns: ReturnLabelsRepository,
    private readonly rpc: RpcClient,
    @Inject(CARRIER_REGISTRY) private readonly registry: CarrierRegistry,
    @Inject(ORDERS_ENV) private readonly env: Pick<OrdersEnv, 'TRACKING_REFRESH_SECONDS' | 'RETURN_SCAN_POLL_SECONDS'>,
  ) {}

  /** Asks the label's carrier; answers whether the label was charged by this look (false: unused, or no answer). */
  async check(row: ReturnRow): Promise<boolean> {
    const carrier = row.carrier && this.registry.get(row.carrier);
    if (!carrier || !row.trackingNumber || !row.purchasedAt) return false;
    let report: TrackingReport | null;
    try {
      report = await carrier.track({ trackingNumber: row.trackingNumber, carrierRefs: row.carrierRefs, purchasedAt: row.purchasedAt });
    } catch (error) {
      this.logger.warn(`tracking of return ${row.id}: ${error instanceof Error ? error.message : String(error)}`);
      report = null;
    }
    const scannedAt = report && firstUsingScan(report);
    if (!scannedAt) {
      await this.returns.checkLater(row.id, this.nextLookSeconds(row.purchasedAt));
      return false;
    }
    await this.charge(row, scannedAt);
    return true;
  }

  /** Posts the label's one charge and marks it charged (both idempotent). */
  async charge(row: ReturnRow, scannedAt: Date): Promise<void> {
    if (row.priceCents > 0) {
      await this.rpc.call(
        ChargeOnUseRpc.charge,
        { userId: row.userId, amountCents: row.priceCents, reference: `return label ${row.id} (order ${row.orderId}) used`, idempotencyKey: onUseChargeKey(row.id), ...modeField(row.mode) },
        AS_ORDERS,
      );
    }
    await this.returns.markCharged(row.id, scannedAt);
  }

  /**
   * A label just made is looked at every RETURN_SCAN_POLL_SECONDS (a buyer often ships within days); after
   * FRESH_DAYS, as outbound labels are, every TRACKING_REFRESH_SECONDS, for as long as it is unused: a return used
   * months later is still charged, so it is never given up on.
   */
  private nextLookSeconds(purchasedAt: Date): number {
    const fresh = Date.now() - purchasedAt.getTime() < FRESH_DAYS * 86_400_000;
    return fresh ? this.env.RETURN_SCAN_POLL_SECONDS : Math.max(this.env.TRACKING_REFRESH_SECONDS, this.env.RETURN_SCAN_POLL_SECONDS);
  }
}
