import { ServiceMigration } from '@labeldesk/nest-orm';

/**
 * A refund points at the charge it gives money back for (docs/decisions/042-refund-points-at-its-charge.md):
 * `refund_of` is that label charge's entry (a debit or a hold's capture), so what was refunded of a charge is a sum
 * over one index, read under the charge's row lock. Only a refund carries one.
 *
 * Refunds posted before this migration were tied to their debit by key alone (`refund:<x>` refunded `label:<x>` of the
 * same user): they are linked here, once, so that they count against their charge. This is the last place that
 * reads that key convention.
 */
export class Migration005RefundOf extends ServiceMigration {
  override async up(): Promise<void> {
    const entries = this.table('ledger_entries');
    this.addSql(`alter table ${entries} add column "refund_of" uuid null references ${entries} ("id")`);
    this.addSql(`
      update ${entries} as "refund" set "refund_of" = "charge"."id"
        from ${entries} as "charge"
       where "refund"."kind" = 'refund' and "refund"."idempotency_key" like 'refund:%'
         and "charge"."idempotency_key" = 'label:' || substr("refund"."idempotency_key", 8)
         and "charge"."kind" = 'label_purchase' and "charge"."user_id" = "refund"."user_id"`);
    this.addSql(`alter table ${entries} add constraint "ledger_entries_refund_of_only_refunds" check ("refund_of" is null or "kind" = 'refund')`);
    this.addSql(`create index "ledger_entries_refund_of_idx" on ${entries} ("refund_of") where "refund_of" is not null`);
  }
}
