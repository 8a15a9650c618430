import { ServiceMigration } from '@labeldesk/nest-orm';

/**
 * Weight tiers per country group abroad (decision 116) on the defaults and on every user's copy: `{group: tiers}`, a
 * group left out having none (priced by the service's own mode). Additive only: the previous release's replicas neither
 * read nor write the column, and what they insert gets `{}`, which prices as they do. Number 005 is test mode's.
 */
export class Migration006CountryGroupPrices extends ServiceMigration {
  override async up(): Promise<void> {
    for (const table of ['default_services', 'user_services']) {
      this.addSql(`alter table ${this.table(table)} add column "group_prices" jsonb not null default '{}'::jsonb check (jsonb_typeof("group_prices") = 'object')`);
    }
  }
}
