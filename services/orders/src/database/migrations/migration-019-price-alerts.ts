import { ServiceMigration } from '@labeldesk/nest-orm';

/**
 * Issue 45: a customer's price under the carrier's cost keeps that service out of a comparison, and the admin is told,
 * one alert per carrier and service (the latest parcel's words), standing a week after it was last seen.
 */
export class Migration019PriceAlerts extends ServiceMigration {
  override async up(): Promise<void> {
    this.addSql(`
      create table ${this.table('carrier_price_alerts')} (
        "carrier" text not null,
        "service_uid" text not null,
        "message" text not null,
        "since" timestamptz not null default now(),
        "last_seen" timestamptz not null default now(),
        primary key ("carrier", "service_uid")
      )`);
  }
}
