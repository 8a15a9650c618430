import { ServiceMigration } from '@labeldesk/nest-orm';

/**
 * Issue 46: a SKU's declared value for insurance (decision 122), one unit's, from which a bulk row whose own column is
 * blank insures its units. One nullable column: existing SKUs have none, and older replicas neither read nor write it.
 * The check repeats the contract's (above 0, at most the $5,000 one label may be insured for).
 */
export class Migration006SkuDeclaredValue extends ServiceMigration {
  override async up(): Promise<void> {
    this.addSql(`alter table ${this.table('skus')}
      add column "declared_value_cents" integer null constraint "skus_declared_value_cents_check" check ("declared_value_cents" > 0 and "declared_value_cents" <= 500000)`);
  }
}
