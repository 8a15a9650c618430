import { ServiceMigration } from '@labeldesk/nest-orm';

/**
 * Issue 45: a label names the courier carrying it (USPS, UPS…), which is not the label carrier that sold it (EasyPost
 * sells several). The `labels` view gains the order's `courier` as its last column (a view may only grow at its end,
 * so a replica of the previous release reads it unchanged); rows from before couriers were chosen were USPS's.
 */
export class Migration018LabelCourier extends ServiceMigration {
  override async up(): Promise<void> {
    this.addSql(`
      create or replace view ${this.table('labels')} as
        select 'single'::text as "label_kind", o."id" as "label_id", o."id" as "order_id", o."user_id", coalesce(o."carrier", 'sandbox') as "carrier",
               o."tracking_number", coalesce(o."carrier_refs", '{}'::jsonb) as "carrier_refs", coalesce(o."label_bought_at", o."updated_at") as "purchased_at",
               coalesce(o."price_cents", 0) as "amount_cents", 'label:' || o."id" || ':' || o."attempt" as "charge_key",
               o."service_name", o."receiver"->>'receiver_name' as "receiver_name", null::integer as "row_no",
               o."courier" as "courier"
          from ${this.table('orders')} o where o."status" = 'completed' and o."tracking_number" is not null
        union all
        select 'bulk', i."id", i."bulk_order_id", i."user_id", coalesce(i."carrier", 'sandbox'),
               i."tracking_number", coalesce(i."carrier_refs", '{}'::jsonb), coalesce(i."label_bought_at", i."updated_at"),
               i."price_cents", 'bulk-item:' || i."id",
               i."service_name", i."data"->'receiver'->>'receiver_name', i."row_no" + 1,
               coalesce(i."data"->>'courier', 'usps')
          from ${this.table('bulk_items')} i where i."status" = 'succeeded' and i."tracking_number" is not null`);
  }
}
