import { ServiceMigration } from '@labeldesk/nest-orm';

/**
 * Users' API keys: only the SHA-256 of a key is kept (a leaked table opens no account), with its prefix and last four
 * characters to tell keys apart. A revoked key keeps its row (the list and the audit log still name it).
 */
export class Migration009ApiKeys extends ServiceMigration {
  override async up(): Promise<void> {
    this.addSql(`
      create table ${this.table('api_keys')} (
        "id" uuid primary key,
        "user_id" uuid not null,
        "name" text not null,
        "prefix" text not null,
        "last4" text not null,
        "key_hash" text not null unique,
        "scopes" jsonb not null,
        "created_at" timestamptz not null default now(),
        "last_used_at" timestamptz null,
        "revoked_at" timestamptz null
      )`);
    this.addSql(`create index "api_keys_user_idx" on ${this.table('api_keys')} ("user_id") where "revoked_at" is null`);
  }
}
