import { ServiceMigration } from '@labeldesk/nest-orm';

/**
 * Tokens carry a session version (ending sessions is one increment), and sign-in failures are counted in the
 * database so every auth replica and both run modes see the same counts (docs/decisions/011).
 * `failed_logins` and `locked_until` are no longer used; they stay until no replica of the previous release runs
 * (a later migration drops them), so a rolling update never breaks that release's queries.
 */
export class Migration002SessionsAndSignInCounters extends ServiceMigration {
  override async up(): Promise<void> {
    this.addSql(`alter table ${this.table('users')} add column "session_version" integer not null default 0`);
    this.addSql(`
      create table ${this.table('sign_in_counters')} (
        "key" text primary key,
        "failures" integer not null,
        "expires_at" timestamptz not null
      )`);
    this.addSql(`create index "sign_in_counters_expires_at_idx" on ${this.table('sign_in_counters')} ("expires_at")`);
  }
}
