import { Client } from 'pg';
import { SINGLE_LABEL_ORDER, type Api } from './bulk-api';

type Body = Record<string, unknown>;

/** Buys one single label for the customer; answers the order id and tracking number. */
export const buySingleLabel = async (call: Api, who: { token: string }, key = `life-${Date.now()}-${Math.random()}`): Promise<{ orderId: string; trackingNumber: string }> => {
  const bought = await call('POST', '/orders/v2', SINGLE_LABEL_ORDER, { token: who.token, 'Idempotency-Key': key });
  if (bought.status !== 200) throw new Error(`label purchase answered ${bought.status} ${JSON.stringify(bought.body)}`);
  const data = bought.body['data'] as Body;
  return { orderId: String(data['orderId']), trackingNumber: String(data['trackingNumber']) };
};

/** Polls until `read` answers something `until` accepts. */
export const eventually = async <T>(read: () => Promise<T>, until: (value: T) => boolean, timeoutMs = 30_000, what = 'the condition'): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (until(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what} did not hold within ${timeoutMs} ms; last: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
};

/** A single order's label state as the Orders list shows it. */
export const labelStateOf = async (call: Api, who: { token: string; userId: string }, orderId: string): Promise<string | null> => {
  const list = await call('GET', `/orders/${who.userId}`, undefined, { token: who.token });
  const order = (list.body['orders'] as Body[]).find((o) => o['_id'] === orderId);
  return order ? (order['label_state'] as string | null) : null;
};

/** What the ledger and the voids table hold about a user's refunds of voided labels, read from the database. */
export const voidBooksOf = async (databaseUrl: string, userId: string) => {
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const refunds = await db.query<{ key: string; cents: string; refund_of: string | null }>(
      `select idempotency_key as key, amount_cents as cents, refund_of from payments.ledger_entries where user_id = $1 and kind = 'refund' and idempotency_key like 'void:%' order by idempotency_key`,
      [userId],
    );
    const voids = await db.query<{ label_id: string; state: string; requested_by: string }>(`select label_id, state, requested_by from orders.label_voids where user_id = $1`, [userId]);
    return {
      refunds: refunds.rows.map((r) => ({ key: r.key, cents: Number(r.cents), linked: r.refund_of !== null })),
      voids: voids.rows,
    };
  } finally {
    await db.end();
  }
};

/**
 * Moves a user's labels' purchase back in time, as if they had been bought `days` ago (for the daily job's tests).
 * `except` keeps labels out of the move: a refund job running meanwhile must never see them old.
 */
export const ageLabels = async (databaseUrl: string, userId: string, days: number, except: readonly string[] = []): Promise<void> => {
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    for (const table of ['orders.orders', 'orders.bulk_items']) {
      await db.query(
        `update ${table} set label_bought_at = now() - make_interval(days => $2)
          where user_id = $1 and tracking_number is not null and not (id = any($3::uuid[]))`,
        [userId, days, except],
      );
    }
  } finally {
    await db.end();
  }
};
