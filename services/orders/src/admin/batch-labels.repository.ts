import { Inject, Injectable } from '@nestjs/common';
import { labelMarginCents, type AdminBatchLabels, type AdminBatchLabelsQuery, type LabelCarrier, type LabelCosts } from '@labeldesk/contracts';
import { ORM, schemaTable } from '@labeldesk/nest-orm';
import type { MikroORM } from '@mikro-orm/postgresql';

interface CostsRow {
  bulk_order_id: string;
  labels: string;
  carriers: LabelCarrier[] | null;
  cost_cents: string | null;
  margin_cents: string | null;
  without_cost: string;
}

interface LabelRow {
  id: string;
  row_no: number;
  recipient: string | null;
  service_name: string;
  tracking_number: string | null;
  carrier: LabelCarrier | null;
  price_cents: number;
  cost_cents: number | null;
}

/** A row with no bought label: nothing sold, nothing to cost. */
export const NO_LABEL_COSTS: LabelCosts = { carriers: [], costCents: null, marginCents: null, labelsWithoutCost: 0 };
const numberOrNull = (value: string | null): number | null => (value === null ? null : Number(value));

/**
 * A batch's bought labels (items that succeeded: bought and charged) as an admin weighs them: which carrier sold each,
 * what it cost us, and the sums over the batch. Sums leave labels without a recorded cost out (SQL's sum skips nulls)
 * and count them apart.
 */
@Injectable()
export class BatchLabelsRepository {
  constructor(@Inject(ORM) private readonly orm: MikroORM) {}

  private t(name: string): string {
    return schemaTable(this.orm, name);
  }

  /** The costs of each batch's bought labels, in one statement for a page of batches; a batch with none has no cost. */
  async costsOf(batchIds: readonly string[]): Promise<Map<string, LabelCosts>> {
    const rows = await this.costRows(batchIds);
    const costs = new Map<string, LabelCosts>(batchIds.map((id) => [id, NO_LABEL_COSTS]));
    for (const row of rows) costs.set(row.bulk_order_id, toCosts(row));
    return costs;
  }

  /** One page of a batch's bought labels in row order, with the costs of all of them; null when there is no such batch. */
  async labels(bulkOrderId: string, page: AdminBatchLabelsQuery): Promise<AdminBatchLabels | null> {
    const em = this.orm.em.fork();
    const [batch] = await em.execute<Array<{ id: string }>>(`select "id" from ${this.t('bulk_orders')} where "id" = ? and "status" <> 'draft'`, [bulkOrderId]);
    if (!batch) return null;
    const [[costs], rows] = await Promise.all([
      this.costRows([bulkOrderId]),
      em.execute<LabelRow[]>(
        `select "id", "row_no", "data" #>> '{receiver,receiver_name}' as "recipient", "service_name", "tracking_number", "carrier", "price_cents", "cost_cents"
         from ${this.t('bulk_items')} where "bulk_order_id" = ? and "status" = 'succeeded' order by "row_no" limit ? offset ?`,
        [bulkOrderId, page.limit, (page.page - 1) * page.limit],
      ),
    ]);
    return {
      items: rows.map((row) => ({
        itemId: row.id,
        // Rows are stored from 0; people count the file's rows from 1, as the failed labels do.
        row: row.row_no + 1,
        recipient: row.recipient ?? '',
        serviceName: row.service_name,
        trackingNumber: row.tracking_number,
        carrier: row.carrier,
        priceCents: row.price_cents,
        costCents: row.cost_cents,
        marginCents: labelMarginCents(row.price_cents, row.cost_cents),
      })),
      total: Number(costs?.labels ?? 0),
      costs: costs ? toCosts(costs) : NO_LABEL_COSTS,
    };
  }

  private costRows(batchIds: readonly string[]): Promise<CostsRow[]> {
    if (batchIds.length === 0) return Promise.resolve([]);
    return this.orm.em.fork().execute<CostsRow[]>(
      `select "bulk_order_id", count(*) as "labels", array_agg(distinct "carrier" order by "carrier") filter (where "carrier" is not null) as "carriers",
              sum("cost_cents") as "cost_cents", sum("price_cents" - "cost_cents") as "margin_cents", count(*) filter (where "cost_cents" is null) as "without_cost"
       from ${this.t('bulk_items')} where "bulk_order_id" in (${batchIds.map(() => '?').join(', ')}) and "status" = 'succeeded'
       group by "bulk_order_id"`,
      [...batchIds],
    );
  }
}

const toCosts = (row: CostsRow): LabelCosts => ({
  carriers: row.carriers ?? [],
  costCents: numberOrNull(row.cost_cents),
  marginCents: numberOrNull(row.margin_cents),
  labelsWithoutCost: Number(row.without_cost),
});
