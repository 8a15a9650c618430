import { ServiceMigration } from '@labeldesk/nest-orm';

/**
 * Decision 124: an event's mode is a column, written with the event by outboxInsert (the label's or the batch's mode;
 * `live` for the balance's), so a key's list of its mode's events is read in the new index's order instead of parsing
 * each body. Events written before it are read once here: only a test label's body says `"mode": "test"`, so the
 * update touches those few rows (the text test spares parsing the rest). The previous release's replicas insert
 * without the column during a rolling update (their test labels' events read live until they are gone: decision 124).
 */
export class Migration049EventModes extends ServiceMigration {
  override async up(): Promise<void> {
    const events = this.table('customer_events');
    this.addSql(`alter table ${events} add column if not exists "mode" text not null default 'live' constraint "customer_events_mode_check" check ("mode" in ('live', 'test'))`);
    this.addSql(`update ${events} set "mode" = 'test' where "mode" = 'live' and "body" like '%"mode": "test"%' and "body"::jsonb->'data'->>'mode' = 'test'`);
    this.addSql(`create index if not exists "customer_events_user_mode_newest_idx" on ${events} ("user_id", "mode", "created_at" desc, "id" desc)`);
  }
}
