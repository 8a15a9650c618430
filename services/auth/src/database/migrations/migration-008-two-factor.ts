import { ServiceMigration } from '@labeldesk/nest-orm';

/**
 * Two-factor sign-in (decision 050). The secrets are stored encrypted (AES-256-GCM); `totp_last_step` is the last
 * time step a code was accepted for, so a code is never accepted twice. Recovery codes and challenges keep only a
 * hash. Every new column has a default, so replicas of the previous release keep inserting users during a rolling update.
 */
export class Migration008TwoFactor extends ServiceMigration {
  override async up(): Promise<void> {
    this.addSql(`alter table ${this.table('users')}
      add column "totp_secret" text null,
      add column "totp_pending_secret" text null,
      add column "totp_enabled_at" timestamptz null,
      add column "totp_last_step" integer not null default 0`);
    this.addSql(`
      create table ${this.table('recovery_codes')} (
        "user_id" uuid not null,
        "code_hash" text not null,
        "used_at" timestamptz null,
        primary key ("user_id", "code_hash")
      )`);
    this.addSql(`
      create table ${this.table('two_factor_challenges')} (
        "challenge_hash" text primary key,
        "user_id" uuid not null,
        "session_version" integer not null,
        "expires_at" timestamptz not null
      )`);
    this.addSql(`create index "two_factor_challenges_expires_idx" on ${this.table('two_factor_challenges')} ("expires_at")`);
  }
}
