import { ServiceMigration } from '@labeldesk/nest-orm';

/**
 * Decision 107 (issue 47): stores connected through OAuth.
 *
 * `store_oauth_pending`: a connection the seller started and is approving at the store. The callback names it by its
 * state, kept only as a SHA-256 (a copy of the table cannot finish anyone's connection), with the PKCE verifier
 * sealed, taken once (`used_at`) and only before `expires_at` (10 minutes).
 *
 * `store_connections.secrets_expire_at`: when the sealed access token stops working (null: it does not expire); it is
 * refreshed before then. Nullable with no default: the previous release's replicas insert connections without it.
 */
export class Migration037StoreOauth extends ServiceMigration {
  override async up(): Promise<void> {
    this.addSql(`create table if not exists ${this.table('store_oauth_pending')} (
      "id" uuid primary key,
      "state_hash" text not null,
      "user_id" uuid not null,
      "kind" text not null,
      "code_verifier" text not null,
      "fields" jsonb not null,
      "redirect_uri" text not null,
      "created_at" timestamptz not null default now(),
      "expires_at" timestamptz not null,
      "used_at" timestamptz null,
      constraint "store_oauth_pending_state_unique" unique ("state_hash")
    )`);
    this.addSql(`create index if not exists "store_oauth_pending_expiry_idx" on ${this.table('store_oauth_pending')} ("expires_at")`);
    this.addSql(`alter table ${this.table('store_connections')} add column if not exists "secrets_expire_at" timestamptz null`);
  }
}
