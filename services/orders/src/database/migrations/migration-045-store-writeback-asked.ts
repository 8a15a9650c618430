import { ServiceMigration } from '@labeldesk/nest-orm';

/**
 * Decision 117: the write-back round reads only imported orders a label was asked for (`label_asked_at`, set by the
 * single purchase's insert, or a batch row's claim, `bulk_order_id`), through a partial index of those not yet sent,
 * instead of every imported order each tick. Nullable with no default: the previous release's replicas buy without
 * setting it, and the round's hourly pass marks what they bought. Orders bought before are marked here.
 */
export class Migration045StoreWritebackAsked extends ServiceMigration {
  override async up(): Promise<void> {
    this.addSql(`alter table ${this.table('store_orders')} add column if not exists "label_asked_at" timestamptz null`);
    this.addSql(
      `update ${this.table('store_orders')} s set "label_asked_at" = o."created_at" from ${this.table('orders')} o
        where s."label_asked_at" is null and o."user_id" = s."user_id" and o."idempotency_key" = 'store-order:' || s."id"::text`,
    );
    this.addSql(
      `create index if not exists "store_orders_writeback_asked_idx" on ${this.table('store_orders')} ("writeback_next_at")
        where "writeback_sent_at" is null and ("label_asked_at" is not null or "bulk_order_id" is not null)`,
    );
  }
}
