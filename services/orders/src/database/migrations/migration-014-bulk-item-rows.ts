import { ServiceMigration } from '@labeldesk/nest-orm';

/**
 * Bulk items made narrower (docs/decisions/059, docs/benchmarks.md issue 25).
 *
 * An item no longer copies its uploaded row: the row stays in `bulk_staged_rows`, written once, and the item holds
 * only what changes as it is bought, so claiming and storing a label rewrite ~0.3 kB instead of ~1.3 kB. Items of
 * batches submitted before keep their copy (`data`), which readers take first; the `labels` view does the same.
 *
 * An item keeps its label in its own row when the row fits in a page: at PostgreSQL's default a row over ~2 kB has its
 * label compressed (in vain: its drawing is deflated already) and moved to the TOAST table, two chunks and two index
 * entries a label, which the merged PDF then reads back an index look-up a label. Larger labels still move out of line.
 */
export class Migration014BulkItemRows extends ServiceMigration {
  override async up(): Promise<void> {
    this.addSql(`alter table ${this.table('bulk_items')} alter column "data" drop not null`);
    this.addSql(`alter table ${this.table('bulk_items')} set (toast_tuple_target = 8160)`);
    this.addSql(`
      create or replace view ${this.table('labels')} as
        select 'single'::text as "label_kind", o."id" as "label_id", o."id" as "order_id", o."user_id", coalesce(o."carrier", 'sandbox') as "carrier",
               o."tracking_number", coalesce(o."carrier_refs", '{}'::jsonb) as "carrier_refs", coalesce(o."label_bought_at", o."updated_at") as "purchased_at",
               coalesce(o."price_cents", 0) as "amount_cents", 'label:' || o."id" || ':' || o."attempt" as "charge_key",
               o."service_name", o."receiver"->>'receiver_name' as "receiver_name", null::integer as "row_no"
          from ${this.table('orders')} o where o."status" = 'completed' and o."tracking_number" is not null
        union all
        select 'bulk', i."id", i."bulk_order_id", i."user_id", coalesce(i."carrier", 'sandbox'),
               i."tracking_number", coalesce(i."carrier_refs", '{}'::jsonb), coalesce(i."label_bought_at", i."updated_at"),
               i."price_cents", 'bulk-item:' || i."id",
               i."service_name", coalesce(i."data", s."data")->'receiver'->>'receiver_name', i."row_no" + 1
          from ${this.table('bulk_items')} i
          left join ${this.table('bulk_staged_rows')} s on s."bulk_order_id" = i."bulk_order_id" and s."row_no" = i."row_no"
         where i."status" = 'succeeded' and i."tracking_number" is not null`);
  }
}
