import { ServiceMigration } from '@labeldesk/nest-orm';

/**
 * Issue 49: a seller's link for a label's buyer (`/t/{token}`, decision 089). The token is the key: 192 random bits, so
 * it is its own unguessable id. A label has at most one live link; a revoked one stays, answering not found.
 */
export class Migration021TrackingLinks extends ServiceMigration {
  override async up(): Promise<void> {
    this.addSql(`
      create table ${this.table('tracking_links')} (
        "token" text primary key,
        "label_kind" text not null check ("label_kind" in ('single', 'bulk')),
        "label_id" uuid not null,
        "user_id" uuid not null,
        "created_at" timestamptz not null default now(),
        "revoked_at" timestamptz null
      )`);
    this.addSql(`create unique index "tracking_links_live_idx" on ${this.table('tracking_links')} ("label_kind", "label_id") where "revoked_at" is null`);
  }
}
