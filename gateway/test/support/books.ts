import { Client } from 'pg';

/** One user's money, charges, orders and labels as the databases hold them: the account against the sum of its ledger. */
export interface Books {
  balance: number;
  held: number;
  ledgerAvailable: number;
  ledgerHeld: number;
  /** Every label purchase in the user's ledger, and how many idempotency keys they carry. */
  charges: number;
  chargeKeys: number;
  refunds: number;
  orders: number;
  completedOrders: number;
  /** Sandbox labels made for the user's single-label orders. */
  labels: number;
}

/** What the three services hold about one bulk batch, read from their own schemas. */
export interface BatchBooks {
  labelsCreated: number;
  labelWorkers: number;
  itemsSucceeded: number;
  distinctTracking: number;
  /** The label purchases charged for this batch's items only. */
  charges: number;
  chargeKeys: number;
  chargedCents: number;
  holds: Array<{ amount: number; captured: number; released: number; status: string }>;
}

type Row = Record<string, string | null | undefined>;
type ReadOne = (sql: string, params: unknown[]) => Promise<Row>;
type ReadRows = (sql: string, params: unknown[]) => Promise<Row[]>;

const number = (value: string | null | undefined) => Number(value ?? 0);

const batchBooks = async (one: ReadOne, rows: ReadRows, userId: string, bulkOrderId: string): Promise<BatchBooks> => {
  const labels = await one(
    `select count(*) as n, count(distinct requested_by) as workers from orders.sandbox_labels where idempotency_key in (select 'bulk:' || id from orders.bulk_items where bulk_order_id = $1)`,
    [bulkOrderId],
  );
  const items = await one(`select count(*) filter (where status = 'succeeded') as succeeded, count(distinct tracking_number) as tracking from orders.bulk_items where bulk_order_id = $1`, [bulkOrderId]);
  const charges = await one(
    `select count(*) as n, count(distinct idempotency_key) as keys, coalesce(-sum(amount_cents), 0) as cents from payments.ledger_entries
     where user_id = $1 and kind = 'label_purchase' and idempotency_key in (select 'bulk-item:' || id from orders.bulk_items where bulk_order_id = $2)`,
    [userId, bulkOrderId],
  );
  const holds = (await rows(`select amount_cents, captured_cents, released_cents, status from payments.ledger_holds where hold_id like $1`, [`bulk:${bulkOrderId}:%`])) as Array<Record<string, string>>;
  return {
    labelsCreated: number(labels['n']),
    labelWorkers: number(labels['workers']),
    itemsSucceeded: number(items['succeeded']),
    distinctTracking: number(items['tracking']),
    charges: number(charges['n']),
    chargeKeys: number(charges['keys']),
    chargedCents: number(charges['cents']),
    holds: holds.map((h) => ({ amount: number(h['amount_cents']), captured: number(h['captured_cents']), released: number(h['released_cents']), status: h['status'] })),
  };
};

/**
 * Reads a user's books straight from the database of a started system (`system.databaseUrl`); given a bulk order's
 * id, also what orders and payments hold about that batch.
 */
export async function booksOf(system: { databaseUrl: string }, userId: string): Promise<Books>;
export async function booksOf(system: { databaseUrl: string }, userId: string, bulkOrderId: string): Promise<Books & { batch: BatchBooks }>;
export async function booksOf(system: { databaseUrl: string }, userId: string, bulkOrderId?: string): Promise<Books & { batch?: BatchBooks }> {
  const db = new Client({ connectionString: system.databaseUrl });
  await db.connect();
  try {
    const rows = async (sql: string, params: unknown[]) => (await db.query(sql, params)).rows as Row[];
    const one = async (sql: string, params: unknown[] = [userId]): Promise<Row> => (await rows(sql, params))[0] ?? {};
    // A batch first, then the account: the account is read after the batch's holds, as the bulk tests always did.
    const batch = bulkOrderId === undefined ? undefined : await batchBooks(one, rows, userId, bulkOrderId);
    const account = await one(`select balance_cents, held_cents from payments.accounts where user_id = $1`);
    const sums = await one(
      `select coalesce(sum(amount_cents) filter (where bucket = 'available'), 0) as available, coalesce(sum(amount_cents) filter (where bucket = 'held'), 0) as held
       from payments.ledger_entries where user_id = $1`,
    );
    const charges = await one(`select count(*) as n, count(distinct idempotency_key) as keys from payments.ledger_entries where user_id = $1 and kind = 'label_purchase'`);
    const refunds = await one(`select count(*) as n from payments.ledger_entries where user_id = $1 and kind = 'refund'`);
    const orders = await one(`select count(*) as n, count(*) filter (where status = 'completed') as completed from orders.orders where user_id = $1`);
    const labels = await one(`select count(*) as n from orders.sandbox_labels where idempotency_key in (select id::text from orders.orders where user_id = $1)`);
    const books: Books = {
      balance: number(account['balance_cents']),
      held: number(account['held_cents']),
      ledgerAvailable: number(sums['available']),
      ledgerHeld: number(sums['held']),
      charges: number(charges['n']),
      chargeKeys: number(charges['keys']),
      refunds: number(refunds['n']),
      orders: number(orders['n']),
      completedOrders: number(orders['completed']),
      labels: number(labels['n']),
    };
    return batch === undefined ? books : { ...books, batch };
  } finally {
    await db.end();
  }
}

/** Which carrier sold each of a user's labels (single orders and batch rows alike), as orders recorded it: carrier → labels. */
export const labelCarriersOf = async (system: { databaseUrl: string }, userId: string): Promise<Record<string, number>> => {
  const db = new Client({ connectionString: system.databaseUrl });
  await db.connect();
  try {
    const { rows } = await db.query<{ carrier: string | null; n: string }>(
      `select carrier, count(*) as n from (
         select carrier from orders.orders where user_id = $1 and status = 'completed'
         union all select carrier from orders.bulk_items where user_id = $1 and status = 'succeeded'
       ) labels group by carrier`,
      [userId],
    );
    return Object.fromEntries(rows.map((row) => [row.carrier ?? 'unrecorded', Number(row.n)]));
  } finally {
    await db.end();
  }
};
