import { ServiceMigration } from '@labeldesk/nest-orm';

/** A carrier's standing trouble (no funds upstream, not answering), shown to admins until it sells a label again. */
export class Migration008CarrierAlerts extends ServiceMigration {
  override async up(): Promise<void> {
    this.addSql(`
      create table ${this.table('carrier_alerts')} (
        "carrier" text primary key,
        "reason" text not null check ("reason" in ('upstream_funds', 'unavailable')),
        "message" text not null,
        "since" timestamptz not null default now(),
        "last_seen" timestamptz not null default now()
      )`);
  }
}
