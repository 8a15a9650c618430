import { randomUUID } from 'node:crypto';
import { Client } from 'pg';

/**
 * Older than the orders service's ABANDONED_AFTER_MS (one hour): a pending form this old is one whose request
 * stopped, and the next read takes it as unconfirmed.
 */
export const ABANDONED_AGE_MS = 2 * 60 * 60_000;

type LabelOnForm = { kind: 'single' | 'bulk'; labelId: string; trackingNumber: string };

const withDatabase = async <T>(databaseUrl: string, work: (db: Client) => Promise<T>): Promise<T> => {
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    return await work(db);
  } finally {
    await db.end();
  }
};

/** A batch's labels in the order of its file, as the SCAN form reads them. */
export const batchLabels = (databaseUrl: string, batchId: string): Promise<LabelOnForm[]> =>
  withDatabase(databaseUrl, async (db) => {
    const { rows } = await db.query<{ label_id: string; tracking_number: string }>(
      `select "label_id", "tracking_number" from orders.labels where "label_kind" = 'bulk' and "order_id" = $1 order by "row_no"`,
      [batchId],
    );
    return rows.map((row) => ({ kind: 'bulk' as const, labelId: row.label_id, trackingNumber: row.tracking_number }));
  });

/**
 * What a request that died after claiming labels (and maybe asking the carrier) leaves behind: a `pending` form
 * holding them, stamped `ageMs` ago, that nothing will finish. Answers the form's id.
 */
export const abandonedForm = (
  databaseUrl: string,
  form: { userId: string; bulkOrderId?: string; mailingDate: string; labels: readonly LabelOnForm[]; ageMs: number },
): Promise<string> =>
  withDatabase(databaseUrl, async (db) => {
    const id = randomUUID();
    const sender = { name: 'Crash Test Sender', company: null, phone: null, street1: '1 Lost Way', street2: null, city: 'Columbus', state: 'OH', zip: '43215', country: 'US' };
    await db.query('begin');
    await db.query(
      `insert into orders.scan_forms ("id", "user_id", "carrier", "bulk_order_id", "sender", "sender_key", "mailing_date", "tracking_numbers", "state", "created_at", "updated_at")
       values ($1, $2, 'sandbox', $3, $4::jsonb, 'CRASH', $5::date, $6::jsonb, 'pending', now() - make_interval(secs => $7), now() - make_interval(secs => $7))`,
      [id, form.userId, form.bulkOrderId ?? null, JSON.stringify(sender), form.mailingDate, JSON.stringify(form.labels.map((l) => l.trackingNumber)), form.ageMs / 1000],
    );
    for (const label of form.labels) {
      await db.query(`insert into orders.scan_form_labels ("label_kind", "label_id", "scan_form_id", "tracking_number") values ($1, $2, $3, $4)`, [label.kind, label.labelId, id, label.trackingNumber]);
    }
    await db.query('commit');
    return id;
  });
