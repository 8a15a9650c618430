import { Injectable } from '@nestjs/common';
import type { BulkStatus } from '@labeldesk/contracts';
import type { BulkFileRow, BulkFileRowWithLabel, BulkOrderRow } from './bulk.rows';
import { SAMPLE_LABEL_CARRIERS } from '../carriers';
import { placeholders } from '../database';
import { type OutboxEvent, outboxInsert } from '../webhooks';
import { BulkSql } from './bulk-sql';

/** Rows per read of wide rows: results stay well under a megabyte. */
const READ_PAGE = 500;
/** Rows per read when each carries its label file (a few kB): a page stays under a megabyte. */
const LABEL_PAGE = 200;

const BATCH_COMPLETED: OutboxEvent = {
  type: 'batch.completed',
  from: 'done src',
  eventId: `'batch.completed:' || src."id" || ':' || src."round"`,
  data: `jsonb_build_object('orderId', src."id", 'status', src."status", 'round', src."round", 'totalCount', src."total_count", 'processedCount', src."processed_count",
           'failedCount', src."failed_count", 'chargedCents', src."charged_cents")`,
};

/**
 * A batch's files: the batch claimed (with a lease) to build them or reopened to build them again, its rows read page
 * by page in row order or by SKU, and the files kept on the batch when built.
 */
@Injectable()
export class BulkFilesRepository extends BulkSql {
  /**
   * Whether the batch's labels are samples (sold by a carrier of sample labels; rows from before carriers were recorded
   * were too); null before any label.
   */
  async hasSampleLabels(orderId: string): Promise<boolean | null> {
    const samples = SAMPLE_LABEL_CARRIERS;
    const sampleCarrier = samples.length > 0 ? ` or "carrier" in (${samples.map(() => '?').join(', ')})` : '';
    const [row] = await this.em().execute<Array<{ sample: boolean | null }>>(
      `select bool_or("carrier" is null${sampleCarrier}) as "sample" from ${this.t('bulk_items')}
        where "bulk_order_id" = ? and "status" in ('labelled', 'succeeded')`,
      [...samples, orderId],
    );
    return row?.sample ?? null;
  }

  /**
   * Whether any row names a marketplace order item (an Amazon report's order-item-id): only then is the Amazon
   * confirmation TSV made, since a Shopify export or a typed batch has nothing to confirm there (issue 49, defect 9).
   */
  async hasOrderItemIds(orderId: string): Promise<boolean> {
    const [row] = await this.em().execute<Array<{ any: boolean }>>(
      `select exists (select 1 from ${this.t('bulk_items')} where "bulk_order_id" = ? and coalesce("data" #>> '{package,order_item_id}', '') <> '') as "any"`,
      [orderId],
    );
    return row?.any === true;
  }

  /**
   * Takes a batch into generating_files for this worker (or one whose earlier worker died while generating),
   * with a lease so no other replica builds the same files at the same time.
   */
  async claimForFiles(orderId: string | null, leaseSeconds: number): Promise<BulkOrderRow | null> {
    const open = `not exists (select 1 from ${this.t('bulk_items')} i where i."bulk_order_id" = b."id" and i."status" in ('pending', 'labelled'))`;
    const [row] = await this.em().execute<BulkOrderRow[]>(
      `update ${this.t('bulk_orders')} set "status" = 'generating_files', "lease_until" = now() + make_interval(secs => ?), "stuck_at" = coalesce("stuck_at", now()), "updated_at" = now()
       where "id" = (
         select b."id" from ${this.t('bulk_orders')} b
         where ${orderId ? 'b."id" = ? and' : ''} (
           (b."status" in ('processing', 'retrying_failed') and ${open})
           or (b."status" = 'generating_files' and (b."lease_until" is null or b."lease_until" < now()))
         )
         order by b."created_at" limit 1 for update skip locked
       ) returning *`,
      orderId ? [leaseSeconds, orderId] : [leaseSeconds],
    );
    return row ?? null;
  }

  /** Marks a batch for a rebuild of its files (Regenerate Files); answers false when it is not in a state that has files. */
  async reopenForFiles(orderId: string, from: readonly BulkStatus[]): Promise<boolean> {
    const rows = await this.em().execute<Array<{ id: string }>>(
      `update ${this.t('bulk_orders')} set "status" = 'generating_files', "lease_until" = null, "stuck_at" = null, "updated_at" = now()
       where "id" = ? and "status" in (${placeholders(from)}) and ("status" <> 'generating_files' or "lease_until" is null or "lease_until" < now()) returning "id"`,
      [orderId, ...from],
    );
    return rows.length > 0;
  }

  /** The batch's end, with its batch.completed webhook queued by the same statement (once per round: rebuilt files send none). */
  async finishFiles(orderId: string, status: BulkStatus, files: { labelFileId: string | null; resultFileId: string; confirmFileId: string | null; labelName: string | null; resultCsvName: string; autoConfirmCsvName: string | null }): Promise<BulkOrderRow | null> {
    const [row] = await this.em().execute<BulkOrderRow[]>(
      `with done as (
         update ${this.t('bulk_orders')} set "status" = ?, "pdf_file_id" = ?, "result_file_id" = ?, "confirm_file_id" = ?, "pdf_name" = ?, "result_csv_name" = ?, "auto_confirm_csv_name" = ?,
           "lease_until" = null, "stuck_at" = null, "error" = null, "updated_at" = now()
         where "id" = ? and "status" = 'generating_files' returning *
       ), hooks as (${outboxInsert((name) => this.t(name), BATCH_COMPLETED)})
       select * from done`,
      [status, files.labelFileId, files.resultFileId, files.confirmFileId, files.labelName, files.resultCsvName, files.autoConfirmCsvName, orderId],
    );
    return row ?? null;
  }

  /** Items in pages (keyset), without their labels: for the result files. */
  itemsInOrder(orderId: string, pageSize = READ_PAGE): AsyncGenerator<BulkFileRow> {
    return this.fileRows(orderId, pageSize, '');
  }

  /**
   * Items in pages as itemsInOrder reads them, each bought one with its label file: the result files and the labels
   * printed in row order from one read of the items, not one read each.
   */
  itemsWithLabels(orderId: string, pageSize = LABEL_PAGE): AsyncGenerator<BulkFileRowWithLabel> {
    return this.fileRows(orderId, pageSize, `, case when "status" = 'succeeded' then "label_pdf" end as "label_pdf"`);
  }

  private async *fileRows<Row extends BulkFileRow>(orderId: string, pageSize: number, moreColumns: string): AsyncGenerator<Row> {
    for (const [from, to] of await this.rowSpans('bulk_items', orderId, pageSize)) {
      const rows = await this.em().execute<Row[]>(
        `select "row_no", "status", "service_name", "price_cents", "tracking_number", "error"${moreColumns},
                "data" #>> '{package,order_id}' as "order_id", "data" #>> '{package,order_item_id}' as "order_item_id",
                "data" #>> '{package,sku_number}' as "sku_number", coalesce("data" #>> '{receiver,receiver_name}', '') as "recipient",
                coalesce(("data" #>> '{package,quantity}')::int, 1) as "quantity"
         from ${this.t('bulk_items')} where "bulk_order_id" = ? and "row_no" between ? and ? order by "row_no"`,
        [orderId, from, to],
      );
      for (const row of rows) yield row;
    }
  }

  /**
   * The bought labels' files (PDF or ZPL) by SKU (no SKU first, then by row), a page at a time so memory stays flat.
   * Labels in row order come with their items (itemsWithLabels).
   */
  async *labelFilesBySku(orderId: string, pageSize = LABEL_PAGE): AsyncGenerator<Buffer> {
    // The order first (a row number each, without the labels), then the labels a page of row numbers at a time.
    // Sorting by SKU in each page's statement sorted every bought row of the batch, labels and all, per page.
    const order = await this.em().execute<Array<{ row_no: number }>>(
      `select "row_no" from ${this.t('bulk_items')} where "bulk_order_id" = ? and "status" = 'succeeded' order by coalesce("sku", ''), "row_no"`,
      [orderId],
    );
    for (let i = 0; i < order.length; i += pageSize) {
      const page = order.slice(i, i + pageSize).map((row) => row.row_no);
      const rows = await this.em().execute<Array<{ row_no: number; label_pdf: Buffer }>>(
        `select "row_no", "label_pdf" from ${this.t('bulk_items')} where "bulk_order_id" = ? and "status" = 'succeeded' and "row_no" in (${placeholders(page)})`,
        [orderId, ...page],
      );
      const byRow = new Map(rows.map((row) => [row.row_no, row.label_pdf]));
      for (const rowNo of page) {
        const label = byRow.get(rowNo);
        if (label) yield label;
      }
    }
  }
}
