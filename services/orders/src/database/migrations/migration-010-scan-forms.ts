import { ServiceMigration } from '@labeldesk/nest-orm';

/**
 * SCAN forms (USPS PS Form 5630, docs/decisions/046). One row per form; `scan_form_labels` one row per label on a
 * form, unique per label: inserting them is the claim that keeps a label off a second form, and a form's rows never
 * change afterwards, so a repeated download answers the same file.
 */
export class Migration010ScanForms extends ServiceMigration {
  override async up(): Promise<void> {
    this.addSql(`
      create table ${this.table('scan_forms')} (
        "id" uuid primary key,
        "user_id" uuid not null,
        "carrier" text not null,
        "bulk_order_id" uuid null,
        "sender" jsonb not null,
        "sender_key" text not null,
        "mailing_date" date not null,
        "tracking_numbers" jsonb not null,
        "state" text not null check ("state" in ('pending', 'created')),
        "barcode" text null,
        "carrier_refs" jsonb not null default '{}',
        "file_id" uuid null,
        -- Several forms of one batch download as one PDF: kept on the newest form, built once.
        "bundle_file_id" uuid null,
        "created_at" timestamptz not null default now(),
        "updated_at" timestamptz not null default now()
      )`);
    this.addSql(`create index "scan_forms_batch_idx" on ${this.table('scan_forms')} ("bulk_order_id") where "bulk_order_id" is not null`);
    this.addSql(`create index "scan_forms_user_day_idx" on ${this.table('scan_forms')} ("user_id", "mailing_date")`);
    this.addSql(`
      create table ${this.table('scan_form_labels')} (
        "label_kind" text not null check ("label_kind" in ('single', 'bulk')),
        "label_id" uuid not null,
        "scan_form_id" uuid not null references ${this.table('scan_forms')} ("id") on delete cascade,
        "tracking_number" text not null,
        "added_at" timestamptz not null default now(),
        constraint "scan_form_labels_label_unique" primary key ("label_kind", "label_id")
      )`);
    this.addSql(`create index "scan_form_labels_form_idx" on ${this.table('scan_form_labels')} ("scan_form_id")`);
    this.addSql(`create index "scan_form_labels_tracking_idx" on ${this.table('scan_form_labels')} ("tracking_number")`);
  }
}
