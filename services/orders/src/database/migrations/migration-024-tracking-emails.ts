import { ServiceMigration } from '@labeldesk/nest-orm';

/**
 * Issue 49, "Buyers told" (decision 095): tracking e-mails to a label's receiver. `tracking_email_settings` is a
 * seller's switch (off by default), the name the mails are sent under and their texts (null: the default text).
 * `tracking_emails` is the record of every mail, claimed before it is sent: one row per label and kind at most (the
 * unique key is the exactly-once gate across retries and replicas), with the random token of its unsubscribe link.
 * `tracking_email_unsubscribes` is every receiver address that asked one seller for no more mails.
 */
export class Migration024TrackingEmails extends ServiceMigration {
  override async up(): Promise<void> {
    this.addSql(`
      create table ${this.table('tracking_email_settings')} (
        "user_id" uuid primary key,
        "enabled" boolean not null default false,
        "enabled_at" timestamptz null,
        "sender_name" text null,
        "purchased_subject" text null,
        "purchased_body" text null,
        "delivered_subject" text null,
        "delivered_body" text null,
        "updated_at" timestamptz not null default now()
      )`);
    this.addSql(`
      create table ${this.table('tracking_emails')} (
        "id" uuid primary key,
        "label_kind" text not null check ("label_kind" in ('single', 'bulk')),
        "label_id" uuid not null,
        "kind" text not null check ("kind" in ('purchased', 'delivered')),
        "user_id" uuid not null,
        "email" text not null,
        "unsubscribe_token" text not null,
        "state" text not null check ("state" in ('sending', 'sent', 'retry', 'failed', 'skipped')),
        "attempts" integer not null default 1,
        "next_attempt_at" timestamptz null,
        "error" text null,
        "created_at" timestamptz not null default now(),
        "sent_at" timestamptz null,
        constraint "tracking_emails_label_kind_unique" unique ("label_kind", "label_id", "kind")
      )`);
    this.addSql(`create unique index "tracking_emails_unsubscribe_idx" on ${this.table('tracking_emails')} ("unsubscribe_token")`);
    this.addSql(`create index "tracking_emails_retry_idx" on ${this.table('tracking_emails')} ("next_attempt_at") where "state" = 'retry'`);
    this.addSql(`
      create table ${this.table('tracking_email_unsubscribes')} (
        "user_id" uuid not null,
        "email" text not null,
        "created_at" timestamptz not null default now(),
        primary key ("user_id", "email")
      )`);
  }
}
