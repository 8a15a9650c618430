import { ServiceMigration } from '@labeldesk/nest-orm';

export class Migration001Users extends ServiceMigration {
  override async up(): Promise<void> {
    this.addSql(`
      create table ${this.table('users')} (
        "id" uuid primary key,
        "name" text not null,
        "email" text not null,
        "password_hash" text not null,
        "avatar" text null,
        "role" text not null check ("role" in ('user', 'friend', 'admin')),
        "activation" text not null check ("activation" in ('allow', 'block')),
        "referral_code" text not null,
        "referred_by" uuid null references ${this.table('users')} ("id") on delete set null,
        "registered_at" timestamptz not null,
        "tokens_valid_after" timestamptz not null,
        "failed_logins" integer not null default 0,
        "locked_until" timestamptz null,
        constraint "users_email_unique" unique ("email"),
        constraint "users_referral_code_unique" unique ("referral_code")
      )`);
    this.addSql(`create index "users_referred_by_idx" on ${this.table('users')} ("referred_by")`);
  }
}
