import { ServiceMigration } from '@labeldesk/nest-orm';

interface Tier {
  fromWeight: number;
  toWeight: number;
  price: number;
}

/** The sample labels' default tiers as first seeded: the price doubled above 20 lb. Written out: a migration is frozen. */
const SEEDED: ReadonlyArray<{ before: Tier[]; after: Tier[] }> = [
  [850, 1_450, 2_950],
  [2_600, 4_900, 8_900],
  [575, 1_150, 2_400],
].map(([light = 0, middle = 0, heavy = 0]) => ({
  before: [
    { fromWeight: 1, toWeight: 5, price: light },
    { fromWeight: 6, toWeight: 20, price: middle },
    { fromWeight: 21, toWeight: 70, price: heavy },
  ],
  after: [
    { fromWeight: 1, toWeight: 5, price: light },
    { fromWeight: 6, toWeight: 19, price: middle },
    { fromWeight: 20, toWeight: 70, price: heavy },
  ],
}));

/**
 * The landing page promises that any weight from 20 lb up to 70 lb costs the same; the seeded defaults charged 20 lb
 * at the middle price. Tiers that are exactly as seeded (default services, and users' untouched copies of them) get
 * the one heavy price from 20 lb on. Prices an admin or a user changed are compared unequal and stay as they are.
 * Every scope changed gets a new catalogue version, so no replica quotes from what it kept.
 */
export class Migration003FlatHeavyDefaults extends ServiceMigration {
  override async up(): Promise<void> {
    const versions = this.table('catalog_versions');
    for (const { before, after } of SEEDED) {
      const was = JSON.stringify(before).replace(/'/g, "''");
      const now = JSON.stringify(after).replace(/'/g, "''");
      this.addSql(`
        with changed as (
          update ${this.table('default_services')} set "prices" = '${now}'::jsonb where "prices" = '${was}'::jsonb returning 1
        )
        insert into ${versions} ("scope", "version") select 'defaults', 1 from changed limit 1
        on conflict ("scope") do update set "version" = ${versions}."version" + 1`);
      this.addSql(`
        with changed as (
          update ${this.table('user_services')} set "prices" = '${now}'::jsonb where "prices" = '${was}'::jsonb returning "user_id"
        )
        insert into ${versions} ("scope", "version") select distinct "user_id"::text, 1 from changed
        on conflict ("scope") do update set "version" = ${versions}."version" + 1`);
    }
  }
}
