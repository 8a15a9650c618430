import { ServiceMigration } from '@labeldesk/nest-orm';

/**
 * Issue 46: a SKU's customs defaults (decision 100), from which a bulk row abroad fills its customs items. Three
 * nullable columns: existing SKUs have none, and a rolling update's older replicas neither read nor write them.
 * The checks repeat the contract's rules so no other writer can store what a carrier would refuse.
 */
export class Migration005SkuCustoms extends ServiceMigration {
  override async up(): Promise<void> {
    this.addSql(`alter table ${this.table('skus')}
      add column "hs_tariff_number" text null constraint "skus_hs_tariff_number_check" check ("hs_tariff_number" ~ '^[0-9]{6,10}$'),
      add column "origin_country" text null constraint "skus_origin_country_check" check ("origin_country" ~ '^[A-Z]{2}$'),
      add column "value_cents" integer null constraint "skus_value_cents_check" check ("value_cents" > 0)`);
  }
}
