import { Inject, Injectable } from '@nestjs/common';
import { labelMarginCents, type AdminOrderRow, type AdminOrdersQuery, type LabelCarrier, type LabelCosts } from '@labeldesk/contracts';
import { ORM, schemaTable } from '@labeldesk/nest-orm';
import type { MikroORM } from '@mikro-orm/postgresql';
import { labelsFileNames } from '../bulk';
import { BatchLabelsRepository, NO_LABEL_COSTS } from './batch-labels.repository';

const SINGLE_STATUSES: ReadonlySet<string> = new Set(['pending', 'completed', 'cancelled']);

interface Row {
  kind: 'single' | 'batch';
  id: string;
  user_id: string;
  created_at: Date;
  status: string;
  service_name: string | null;
  labels: string;
  total_count: string;
  failed_count: string;
  charged_cents: string;
  tracking_number: string | null;
  pdf_name: string | null;
  /** A batch's layout (`zpl`: its labels file is a .zpl, decision 047); null for single orders. */
  label_format: string | null;
  result_csv_name: string | null;
  auto_confirm_csv_name: string | null;
  failure_reason: string | null;
  /** A single order's label (batches: null, their costs are summed per page). */
  carrier: LabelCarrier | null;
  cost_cents: number | null;
  total: string;
  mode: 'live' | 'test';
}

/**
 * Single orders and batches of every user as one newest-first list, filtered in SQL (one statement, one page of
 * rows). A status only one kind has leaves the other kind out; a tracking number finds the single order with it or
 * the batch that holds that label; a carrier finds the single orders it sold and the batches with a label it sold. A
 * batch's costs are summed after paging, for the page's batches only.
 */
@Injectable()
export class AdminOrdersRepository {
  constructor(
    @Inject(ORM) private readonly orm: MikroORM,
    private readonly batchLabels: BatchLabelsRepository,
  ) {}

  private t(name: string): string {
    return schemaTable(this.orm, name);
  }

  async page(query: AdminOrdersQuery): Promise<{ items: AdminOrderRow[]; total: number }> {
    const parts = [this.singlePart(query), this.batchPart(query)].filter((part): part is Part => part !== null);
    if (parts.length === 0) return { items: [], total: 0 };
    const rows = await this.orm.em.fork().execute<Row[]>(
      `select *, count(*) over () as total from (${parts.map((p) => p.sql).join(' union all ')}) as found
       order by "created_at" desc, "id" limit ? offset ?`,
      [...parts.flatMap((p) => p.params), query.limit, (query.page - 1) * query.limit],
    );
    const batchCosts = await this.batchLabels.costsOf(rows.filter((row) => row.kind === 'batch').map((row) => row.id));
    const items = rows.map((row) => toRow(row, row.kind === 'batch' ? (batchCosts.get(row.id) ?? NO_LABEL_COSTS) : singleCosts(row)));
    return { items, total: Number(rows[0]?.total ?? (query.page > 1 ? await this.count(query) : 0)) };
  }

  private singlePart(query: AdminOrdersQuery): Part | null {
    if (query.kind === 'batch' || (query.status && !SINGLE_STATUSES.has(query.status))) return null;
    const { where, params } = filters('o', query, {
      byTracking: () => ['o."tracking_number" = ?', query.tracking],
      byCarrier: () => ['o."carrier" = ?', query.carrier],
    });
    return {
      sql: `select 'single' as kind, o."id", o."user_id", o."created_at", o."status", o."service_name",
              case when o."status" = 'completed' then 1 else 0 end as labels, 1 as total_count,
              case when o."status" = 'cancelled' then 1 else 0 end as failed_count,
              case when o."status" = 'completed' then coalesce(o."price_cents", 0) else 0 end as charged_cents,
              o."tracking_number", o."pdf_name", null::text as label_format, null as result_csv_name, null as auto_confirm_csv_name, o."failure_reason",
              case when o."status" = 'completed' then o."carrier" end as carrier, case when o."status" = 'completed' then o."cost_cents" end as cost_cents,
              o."mode"
            from ${this.t('orders')} o where ${where}`,
      params,
    };
  }

  private batchPart(query: AdminOrdersQuery): Part | null {
    if (query.kind === 'single' || query.status === 'pending' || query.status === 'cancelled') return null;
    const { where, params } = filters('b', query, {
      byTracking: () => [`exists (select 1 from ${this.t('bulk_items')} i where i."bulk_order_id" = b."id" and i."tracking_number" = ?)`, query.tracking],
      byCarrier: () => [`exists (select 1 from ${this.t('bulk_items')} i where i."bulk_order_id" = b."id" and i."status" = 'succeeded' and i."carrier" = ?)`, query.carrier],
    });
    return {
      // The matched tracking number is shown on the batch's row: its placeholder comes first in the statement.
      sql: `select 'batch' as kind, b."id", b."user_id", b."created_at", b."status", null as service_name,
              b."processed_count" as labels, b."total_count", b."failed_count", b."charged_cents",
              ?::text as tracking_number, b."pdf_name", b."label_format", b."result_csv_name", b."auto_confirm_csv_name", b."error" as failure_reason,
              null as carrier, null::integer as cost_cents, b."mode"
            from ${this.t('bulk_orders')} b where b."status" <> 'draft' and ${where}`,
      params: [query.tracking ?? null, ...params],
    };
  }

  /** A page past the end has no row to carry the total: count without one. */
  private async count(query: AdminOrdersQuery): Promise<number> {
    const first = await this.page({ ...query, page: 1, limit: 1 });
    return first.total;
  }
}

interface Part {
  sql: string;
  params: unknown[];
}

/** A kind's own condition for a filter, and its value. */
type KindCondition = () => [string, unknown];

/** The filters both kinds share, on table alias `a`; the kind gives its own tracking and carrier conditions. */
const filters = (a: string, query: AdminOrdersQuery, own: { byTracking: KindCondition; byCarrier: KindCondition }): { where: string; params: unknown[] } => {
  const where = ['true'];
  const params: unknown[] = [];
  const add = (condition: string, value: unknown) => {
    where.push(condition);
    params.push(value);
  };
  if (query.userId) add(`${a}."user_id" = ?`, query.userId);
  if (query.status) add(`${a}."status" = ?`, query.status);
  if (query.from) add(`${a}."created_at" >= (?::date at time zone 'utc')`, query.from);
  if (query.to) add(`${a}."created_at" < ((?::date + 1) at time zone 'utc')`, query.to);
  if (query.tracking) add(...own.byTracking());
  if (query.carrier) add(...own.byCarrier());
  return { where: where.join(' and '), params };
};

/** A single order's one label: bought (completed) with or without a recorded cost, or none. */
const singleCosts = (row: Row): LabelCosts => {
  if (row.status !== 'completed') return NO_LABEL_COSTS;
  return {
    carriers: row.carrier ? [row.carrier] : [],
    costCents: row.cost_cents,
    marginCents: labelMarginCents(Number(row.charged_cents), row.cost_cents),
    labelsWithoutCost: row.cost_cents === null ? 1 : 0,
  };
};

const toRow = (row: Row, costs: LabelCosts): AdminOrderRow => ({
  ...costs,
  kind: row.kind,
  id: row.id,
  userId: row.user_id,
  createdAt: new Date(row.created_at).toISOString(),
  status: row.status,
  serviceName: row.service_name,
  labels: Number(row.labels),
  totalCount: Number(row.total_count),
  failedCount: Number(row.failed_count),
  chargedCents: Number(row.charged_cents),
  trackingNumber: row.tracking_number,
  // Named as on the customer's own batch (a single order's label_format here is null: its label is the wire's pdfName).
  ...labelsFileNames(row),
  resultCSVName: row.result_csv_name,
  autoConfirmCSVName: row.auto_confirm_csv_name,
  failureReason: row.failure_reason,
  mode: row.mode,
});
