import { ServiceMigration } from '@labeldesk/nest-orm';

/**
 * A version per part of the catalogue ('defaults', or a user's id for their copies), raised in the same transaction as
 * every write to it. Quotes cache what they read per version, so a change committed by any replica is seen by the very
 * next quote on every replica (ShippingServiceRepository.catalogVersions, QuotePricesCache).
 */
export class Migration002CatalogVersions extends ServiceMigration {
  override async up(): Promise<void> {
    this.addSql(`
      create table ${this.table('catalog_versions')} (
        "scope" text primary key,
        "version" bigint not null
      )`);
  }
}

/** Ordered list of this service's migrations, applied at start in its own schema. */
