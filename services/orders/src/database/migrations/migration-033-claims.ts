import { ServiceMigration } from '@labeldesk/nest-orm';

/**
 * Issue 46, insurance claims (decision 102): one row per claim, `submitted` → `approved` | `rejected`, `approved` →
 * `paid` once the payout (`approved_cents`, at most the amount claimed) is in the ledger (its key is the claim's, so a repeated round credits once). One live claim
 * per label at most: a rejected one may be followed by another. `decide_after` is when the sandbox's simulated insurer
 * decides; `carrier_claim_id` is the carrier's own claim (EasyPost `clm_…`) when the carrier sold the insurance.
 */
export class Migration033Claims extends ServiceMigration {
  override async up(): Promise<void> {
    this.addSql(`
      create table ${this.table('claims')} (
        "id" uuid primary key,
        "order_id" uuid not null,
        "user_id" uuid not null,
        "carrier" text not null,
        "tracking_number" text not null,
        "type" text not null check ("type" in ('lost', 'damaged')),
        "amount_cents" integer not null check ("amount_cents" > 0),
        "insured_value_cents" integer not null check ("amount_cents" <= "insured_value_cents"),
        "description" text not null,
        "state" text not null default 'submitted' check ("state" in ('submitted', 'approved', 'rejected', 'paid')),
        "reason" text null,
        "approved_cents" integer null check ("approved_cents" > 0 and "approved_cents" <= "amount_cents"),
        "carrier_claim_id" text null,
        "decide_after" timestamptz not null,
        "next_check_at" timestamptz not null default now(),
        "created_at" timestamptz not null default now(),
        "decided_at" timestamptz null,
        "paid_at" timestamptz null
      )`);
    this.addSql(`create unique index "claims_one_live_per_order" on ${this.table('claims')} ("order_id") where "state" <> 'rejected'`);
    this.addSql(`create index "claims_user_idx" on ${this.table('claims')} ("user_id", "created_at")`);
    this.addSql(`create index "claims_open_idx" on ${this.table('claims')} ("next_check_at") where "state" in ('submitted', 'approved')`);
  }
}
