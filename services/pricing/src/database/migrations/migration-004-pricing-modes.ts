import { ServiceMigration } from '@labeldesk/nest-orm';

/**
 * How each service is priced (issue 45, decision 085): by its weight tiers (every row so far) or as the carrier's cost
 * plus a markup, on the defaults and on every user's copy (the per-user override). Additive only: the previous
 * release's replicas, still serving during a rolling update, neither read nor write these columns, and what they insert
 * gets the defaults ('tiers', no markup), which is what they price by.
 *
 * The percent is kept in basis points (12.5 % = 1250), an integer: the price is then computed in integer arithmetic,
 * exact to the cent, and Postgres answers integers as numbers (a numeric column comes back as a string).
 */
export class Migration004PricingModes extends ServiceMigration {
  override async up(): Promise<void> {
    for (const table of ['default_services', 'user_services']) {
      this.addSql(`
        alter table ${this.table(table)}
          add column "pricing_mode" text not null default 'tiers' check ("pricing_mode" in ('tiers', 'cost_markup')),
          add column "markup_basis_points" integer not null default 0 check ("markup_basis_points" between 0 and 50000),
          add column "markup_cents" integer not null default 0 check ("markup_cents" between 0 and 100000)`);
    }
  }
}
