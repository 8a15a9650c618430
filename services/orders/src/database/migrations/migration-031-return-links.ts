import { ServiceMigration } from '@labeldesk/nest-orm';

/**
 * Decision 101: a buyer's link to a return label. Only the SHA-256 of its token is kept (the token is shown to the
 * seller once), with when it expires and when the seller turned it off. A new table only.
 */
export class Migration031ReturnLinks extends ServiceMigration {
  override async up(): Promise<void> {
    this.addSql(`
      create table ${this.table('return_links')} (
        "token_hash" text primary key,
        "return_id" uuid not null,
        "user_id" uuid not null,
        "created_at" timestamptz not null default now(),
        "expires_at" timestamptz not null,
        "revoked_at" timestamptz null
      )`);
    this.addSql(`create index "return_links_return_idx" on ${this.table('return_links')} ("return_id", "created_at")`);
  }
}
