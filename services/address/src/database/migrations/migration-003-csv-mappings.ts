import { ServiceMigration } from '@labeldesk/nest-orm';

/**
 * Issue 24: how a user's marketplace export maps onto the bulk template, saved once per header signature and
 * used again on the next upload of the same export. The mapping is a small JSON object (at most one entry per
 * template column, each naming up to three file columns), checked by the contract before it is stored.
 */
export class Migration003CsvMappings extends ServiceMigration {
  override async up(): Promise<void> {
    this.addSql(`
      create table ${this.table('csv_mappings')} (
        "id" uuid primary key,
        "user_id" uuid not null,
        "signature" text not null check ("signature" ~ '^[0-9a-f]{16}$'),
        "mapping" jsonb not null,
        "created_at" timestamptz not null default now(),
        "updated_at" timestamptz not null default now(),
        constraint "csv_mappings_user_signature_unique" unique ("user_id", "signature")
      )`);
  }
}
