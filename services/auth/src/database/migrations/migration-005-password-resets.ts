import { ServiceMigration } from '@labeldesk/nest-orm';

/** One-time password reset links: only a hash of the token is kept, so the table cannot be used to reset anyone. */
export class Migration005PasswordResets extends ServiceMigration {
  override async up(): Promise<void> {
    this.addSql(`
      create table ${this.table('password_resets')} (
        "token_hash" text primary key,
        "user_id" uuid not null,
        "issued_by" uuid null,
        "expires_at" timestamptz not null,
        "used_at" timestamptz null,
        "created_at" timestamptz not null default now()
      )`);
    this.addSql(`create index "password_resets_user_idx" on ${this.table('password_resets')} ("user_id")`);
  }
}
