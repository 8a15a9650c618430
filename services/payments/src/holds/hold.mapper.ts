import type { Hold } from '@labeldesk/contracts';

/** A `ledger_holds` row as the driver returns it (bigint columns may arrive as strings). */
export interface HoldRow {
  hold_id: string;
  user_id: string;
  amount_cents: string | number;
  captured_cents: string | number;
  released_cents: string | number;
  status: Hold['status'];
  reference: string;
}

export const toHold = (row: HoldRow): Hold => ({
  holdId: row.hold_id,
  userId: row.user_id,
  amountCents: Number(row.amount_cents),
  capturedCents: Number(row.captured_cents),
  releasedCents: Number(row.released_cents),
  status: row.status,
  reference: row.reference,
});

/** What a hold can still give: to captures while open, to the release that closes it. */
export const leftCents = (hold: Hold): number => hold.amountCents - hold.capturedCents - hold.releasedCents;
