import { ServiceMigration } from '@labeldesk/nest-orm';

/**
 * Carrier answers we could not read after a purchase or a SCAN form (issue 42). A form the carrier may have made is
 * kept `unconfirmed` (its labels stay claimed and count as manifested, what the carrier said kept beside it), never
 * released and asked again. The operator's alert for such answers has a table of its own beside `carrier_alerts`:
 * a sale says nothing about a label or form nobody could read, so it must not clear it, and it must not replace a
 * funds alert, which `carrier_alerts` keeps one per carrier.
 */
export class Migration016UnreadableAnswers extends ServiceMigration {
  override async up(): Promise<void> {
    // The name PostgreSQL (and PGlite) gave the inline check of migration 010.
    this.addSql(`alter table ${this.table('scan_forms')} drop constraint "scan_forms_state_check"`);
    this.addSql(`alter table ${this.table('scan_forms')} add constraint "scan_forms_state_check" check ("state" in ('pending', 'created', 'unconfirmed'))`);
    this.addSql(`alter table ${this.table('scan_forms')} add column "carrier_answer" text null`);
    this.addSql(`
      create table ${this.table('carrier_unreadable_alerts')} (
        "carrier" text primary key,
        "message" text not null,
        "since" timestamptz not null default now(),
        "last_seen" timestamptz not null default now()
      )`);
  }
}
