import { ServiceMigration } from '@labeldesk/nest-orm';

/**
 * A SKU's one weight was ambiguous: a package of 4 units was declared at one unit's weight. The weight now says
 * it is per unit, and a packaging weight is added once per package. Existing SKUs keep their meaning: what they
 * saved is read as the weight of one unit, with no packaging (0).
 */
export class Migration002SkuUnitWeight extends ServiceMigration {
  override async up(): Promise<void> {
    this.addSql(`alter table ${this.table('skus')} rename column "weight" to "unit_weight"`);
    this.addSql(
      `alter table ${this.table('skus')} add column "packaging_weight" double precision not null default 0 constraint "skus_packaging_weight_check" check ("packaging_weight" >= 0)`,
    );
  }
}
