import { Injectable } from '@nestjs/common';
import { DomainError, effectiveRateRule, ErrorCode, PricingRpc, type ApiMode, type AvailableService, type FieldIssue, type RateRule } from '@labeldesk/contracts';
import { RpcClient } from '@labeldesk/nest-transport';
import { randomUUID } from 'node:crypto';
import { courierCarrying, courierMismatch, type LabelShipment, toShipment } from '../../carriers';
import { BulkRates } from '../../rates';
import { BulkStagingRepository } from '../bulk-staging.repository';
import type { NewBulkItem, StagedRowSummary } from '../bulk.rows';
import { ruleRowItems, type RuleRow } from './rule-rows';

/** A batch refused for its rows: how many, the first one's words, and each (the first 1,000) by its field. */
export const rowsRefused = (issues: readonly FieldIssue[]): DomainError =>
  new DomainError(ErrorCode.VALIDATION_FAILED, `${issues.length} row(s) cannot be bought: ${issues[0]?.message ?? ''}`, issues.slice(0, 1000));

/** One quote per distinct (service, weight, carrier cost, country abroad: its group's tiers, decision 116): thousands of rows share a few. */
const quoteKey = (serviceName: string, weightLb: number, costCents: number | undefined, country: string | undefined) =>
  `${serviceName.toLowerCase()}|${weightLb}|${costCents ?? ''}|${abroad(country) ?? ''}`;

/** The receiver's country when abroad; at home none, so home rows share their quotes as before. */
const abroad = (country: string | undefined): string | undefined => (country && country !== 'US' ? country : undefined);

/** The rows' items and what their rate rules saved (null when no row is under a rule). */
export interface PricedRows {
  items: NewBulkItem[];
  savedCents: number | null;
}

/**
 * Prices a batch's rows before anything is bought (decision 086). A row of its own service is checked against the
 * services the user may buy and priced by pricing's quote; a service priced from the carrier's cost is quoted with the
 * cost of a rate for the row's parcel. A row under a rate rule is rated with its parcel and bought at the offered rate
 * its rule picks. Every row's problem is reported at once, by row, and nothing is priced for a batch with one.
 */
@Injectable()
export class BulkRowPricer {
  constructor(
    private readonly rpc: RpcClient,
    private readonly rates: BulkRates,
    private readonly staging: BulkStagingRepository,
  ) {}

  /** `mode`: a test batch's costs and rule rows' rates are the sandbox's (decision 124); live when absent. */
  async price(request: { userId: string; orderId: string; rateRule?: RateRule | undefined; mode?: ApiMode }, rows: readonly StagedRowSummary[]): Promise<PricedRows> {
    const ruled: Array<{ row: StagedRowSummary; rule: NonNullable<ReturnType<typeof effectiveRateRule>> }> = [];
    const own: StagedRowSummary[] = [];
    for (const row of rows) {
      const rule = effectiveRateRule(row.serviceName, request.rateRule);
      if (rule) ruled.push({ row, rule });
      else own.push(row);
    }
    const shipments = ruled.length > 0 ? await this.shipmentsOf(request.orderId, ruled.map(({ row }) => row)) : new Map<number, LabelShipment>();
    const ruleRows: RuleRow[] = ruled.map(({ row, rule }) => ({ row, rule, parcelKey: this.rates.keyOf(shipments.get(row.rowNo)!) }));
    // The rule rows' rates are asked while the own-service rows are checked and quoted.
    const [offered, ownPriced] = await Promise.all([
      ruleRows.length > 0 ? this.rates.offeredRates(request.userId, [...shipments.values()], request.mode) : Promise.resolve(new Map()),
      this.priceOwnServices(request, own),
    ]);
    const fromRules = ruleRowItems(request.userId, ruleRows, offered);
    const issues = [...ownPriced.issues, ...fromRules.issues].sort((a, b) => rowOf(a) - rowOf(b));
    if (issues.length > 0) throw rowsRefused(issues);
    const items = [...ownPriced.items, ...fromRules.items].sort((a, b) => a.rowNo - b.rowNo);
    return { items, savedCents: ruleRows.length > 0 ? fromRules.items.reduce((sum, item) => sum + (item.savedCents ?? 0), 0) : null };
  }

  private async shipmentsOf(orderId: string, rows: readonly StagedRowSummary[]): Promise<Map<number, LabelShipment>> {
    const parcels = await this.staging.stagedParcels(orderId, rows.map((row) => row.rowNo));
    const shipments = new Map<number, LabelShipment>();
    for (const row of rows) {
      const parcel = parcels.get(row.rowNo);
      // Summaries and parcels are read from the same staged rows: a missing one is a bug, never a free label.
      if (!parcel) throw new DomainError(ErrorCode.INTERNAL, `Row ${row.rowNo + 1} has no parcel to rate`);
      shipments.set(row.rowNo, toShipment({ serviceUid: '', ...parcel }, null));
    }
    return shipments;
  }

  /** Rows of their own service: checked, then priced by the user's prices (issues rather than a throw, to report with the rule rows'). */
  private async priceOwnServices(request: { userId: string; orderId: string; mode?: ApiMode }, rows: readonly StagedRowSummary[]): Promise<{ items: NewBulkItem[]; issues: FieldIssue[] }> {
    if (rows.length === 0) return { items: [], issues: [] };
    const { services } = await this.rpc.call(PricingRpc.availableServices, { userId: request.userId }, { asService: true });
    const byName = new Map(services.map((s) => [s.name.toLowerCase(), s]));
    const issues: FieldIssue[] = [];
    // Named by the row's place in the upload: rows left out (already shipped) leave gaps in `rows`.
    rows.forEach(({ rowNo, serviceName, weightLb }) => {
      const service = byName.get(serviceName.toLowerCase());
      if (!service) issues.push({ path: `orderData.${rowNo}.service_name`, message: `Row ${rowNo + 1}: service "${serviceName}" is not available to you` });
      else if (weightLb > service.maxWeight) {
        issues.push({ path: `orderData.${rowNo}.package.package_weight`, message: `Row ${rowNo + 1}: weight ${weightLb} lb is over the ${service.maxWeight} lb maximum of ${service.name}` });
      }
    });
    if (issues.length > 0) return { items: [], issues };
    const costs = new Map<number, number>();
    const prices = await this.quote(request.userId, rows, costs).catch(async (error: unknown) => {
      if (!(error instanceof DomainError && error.code === ErrorCode.PRICING_COST_NEEDED)) throw error;
      // A service priced from the carrier's cost: each row is quoted with the cost of its service for its parcel.
      for (const [rowNo, cost] of await this.costsOf(request.orderId, rows, byName, request.mode)) costs.set(rowNo, cost);
      return this.quote(request.userId, rows, costs).catch((again: unknown) => {
        if (again instanceof DomainError && again.code === ErrorCode.PRICING_COST_NEEDED) throw rowsRefused(uncosted(rows, costs, again.message));
        throw again;
      });
    });
    const items = rows.map((row): NewBulkItem => {
      const price = prices.get(quoteKey(row.serviceName, row.weightLb, costs.get(row.rowNo), row.receiver?.country));
      // A missing price is an error, never a free label.
      if (!price) throw new DomainError(ErrorCode.INTERNAL, `Row ${row.rowNo + 1} has no price`);
      // Pricing names the service's uid, and so its courier: a row's label must be of the row's courier, if it names one.
      const courier = row.courier ?? courierCarrying(price.serviceUid);
      const mismatch = courierMismatch(courier, price);
      if (mismatch) issues.push({ path: `orderData.${row.rowNo}.courier`, message: `Row ${row.rowNo + 1}: ${mismatch}` });
      return { id: randomUUID(), userId: request.userId, rowNo: row.rowNo, serviceName: price.serviceName, serviceUid: price.serviceUid, courier, priceCents: price.priceCents, sku: row.sku, savedCents: null };
    });
    return { items: issues.length > 0 ? [] : items, issues };
  }

  private async quote(userId: string, rows: readonly StagedRowSummary[], costs: ReadonlyMap<number, number>) {
    const pairs = new Map<string, { serviceName: string; weightLb: number; costCents?: number; country?: string }>();
    for (const row of rows) {
      const costCents = costs.get(row.rowNo);
      const country = abroad(row.receiver?.country);
      pairs.set(quoteKey(row.serviceName, row.weightLb, costCents, country), {
        serviceName: row.serviceName,
        weightLb: row.weightLb,
        ...(costCents === undefined ? {} : { costCents }),
        ...(country === undefined ? {} : { country }),
      });
    }
    const unique = [...pairs.values()];
    const quote = await this.rpc.call(PricingRpc.quote, { userId, items: unique }, { asService: true });
    return new Map(unique.map((pair, i) => [quoteKey(pair.serviceName, pair.weightLb, pair.costCents, pair.country), quote.items[i]]));
  }

  /** What the carrier charges for each row's own service on its parcel, where a carrier rates it (rows it does not rate stay uncosted). */
  private async costsOf(orderId: string, rows: readonly StagedRowSummary[], byName: ReadonlyMap<string, AvailableService>, mode?: ApiMode): Promise<Map<number, number>> {
    const shipments = await this.shipmentsOf(orderId, rows);
    const rated = await this.rates.carrierRates([...shipments.values()], mode);
    const costs = new Map<number, number>();
    for (const row of rows) {
      const uid = byName.get(row.serviceName.toLowerCase())?.uid;
      const rate = rated.get(this.rates.keyOf(shipments.get(row.rowNo)!))?.find((r) => r.serviceUid === uid);
      if (rate) costs.set(row.rowNo, rate.costCents);
    }
    return costs;
  }
}

/**
 * Rows pricing cannot price because no carrier rated their service for their parcel, and their price is the carrier's
 * cost plus a markup: those whose service pricing's refusal names (all rows without a cost when it names none).
 */
const uncosted = (rows: readonly StagedRowSummary[], costs: ReadonlyMap<number, number>, refusal: string): FieldIssue[] => {
  const without = rows.filter((row) => !costs.has(row.rowNo));
  const named = without.filter((row) => refusal.toLowerCase().includes(row.serviceName.toLowerCase()));
  return (named.length > 0 ? named : without).map((row) => ({
    path: `orderData.${row.rowNo}.service_name`,
    message: `Row ${row.rowNo + 1}: no carrier rated ${row.serviceName} for this parcel, and its price is the carrier's cost plus a markup`,
  }));
};

const rowOf = (issue: FieldIssue): number => Number(issue.path.split('.')[1] ?? 0);
