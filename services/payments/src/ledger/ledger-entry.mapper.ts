import type { LedgerBucket, LedgerEntry, LedgerKind } from '@labeldesk/contracts';

/** A `ledger_entries` row as the driver returns it (bigint columns may arrive as strings). */
export interface EntryRow {
  id: string;
  user_id: string;
  kind: LedgerKind;
  bucket: LedgerBucket;
  amount_cents: string | number;
  balance_after_cents: string | number;
  reference: string;
  idempotency_key: string;
  actor_id: string | null;
  reason: string | null;
  /** A refund's charge (its entry id); null for every other kind. */
  refund_of: string | null;
  created_at: Date | string;
}

export const toEntry = (row: EntryRow): LedgerEntry => ({
  id: row.id,
  userId: row.user_id,
  kind: row.kind,
  amountCents: Number(row.amount_cents),
  bucket: row.bucket,
  balanceAfterCents: Number(row.balance_after_cents),
  reference: row.reference,
  idempotencyKey: row.idempotency_key,
  actorId: row.actor_id,
  reason: row.reason,
  createdAt: new Date(row.created_at).toISOString(),
});
