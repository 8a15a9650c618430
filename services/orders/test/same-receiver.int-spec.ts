import { SAME_RECEIVER_HOURS } from '@labeldesk/contracts';
import { randomUUID } from 'node:crypto';
import { bulkRepositories, type BulkRepositories } from './support/bulk-repositories';
import { bulkRow, parcel, receiver, sender } from './support/addresses';
import { openOrdersDatabase, type OrdersDatabase } from './support/orders-database';

/** Issue 47, the single form's warning: a label to the same receiver with the same items in the last 24 hours. */
describe('a label to the same receiver in the last 24 hours, on PostgreSQL', () => {
  let db: OrdersDatabase;
  let bulk: BulkRepositories;

  beforeAll(async () => {
    db = await openOrdersDatabase('orders_same_receiver_it');
    bulk = bulkRepositories(db.orm);
  }, 60_000);

  afterAll(async () => {
    await db?.close();
  });

  /** A single label bought `hoursAgo` to Rae Receiver, 9 Elm Street, 80202 with this SKU (and a mug as its description). */
  const singleLabel = async (userId: string, tracking: string, options: { hoursAgo?: number; sku?: string | null; status?: string } = {}) => {
    const id = randomUUID();
    await db.sql(
      `insert into "orders"."orders" ("id", "user_id", "idempotency_key", "request_hash", "status", "service_name", "courier", "sender", "receiver", "package",
         "price_cents", "tracking_number", "created_at", "updated_at", "label_bought_at")
       values (?, ?, ?, 'hash', ?, 'USPS Ground Advantage', 'usps', ?::jsonb, ?::jsonb, ?::jsonb, 500, ?,
         now() - make_interval(hours => ?), now() - make_interval(hours => ?), now() - make_interval(hours => ?))`,
      [
        id, userId, `key-${id}`, options.status ?? 'completed', JSON.stringify(sender()), JSON.stringify(receiver()),
        JSON.stringify({ ...parcel(), package_description: 'Ceramic mug', package_reference2: options.sku === undefined ? 'MUG-1' : options.sku }),
        tracking, options.hoursAgo ?? 1, options.hoursAgo ?? 1, options.hoursAgo ?? 1,
      ],
    );
    return id;
  };
  const ask = (userId: string, change: Partial<{ receiverName: string; receiverAddress1: string; receiverZip: string; items: string }> = {}) =>
    bulk.staging.sameReceiverLabel(userId, { receiverName: 'Rae Receiver', receiverAddress1: '9 Elm Street', receiverZip: '80202', items: 'MUG-1', ...change }, SAME_RECEIVER_HOURS);

  it('finds the newest single label to the receiver (name, street and ZIP in any case, ZIP+4 too) with the same SKU', async () => {
    const userId = randomUUID();
    await singleLabel(userId, 'TRACKOLDER01', { hoursAgo: 5 });
    await singleLabel(userId, 'TRACKNEWER01', { hoursAgo: 2 });
    const found = await ask(userId, { receiverName: ' rae receiver ', receiverAddress1: '9 ELM STREET', receiverZip: '80202-1234', items: 'mug-1' });
    expect(found?.trackingNumber).toBe('TRACKNEWER01');
    expect(Date.now() - Date.parse(found?.purchasedAt ?? '')).toBeGreaterThan(1.9 * 3_600_000);
  });

  it('finds nothing for another receiver, other items, another user, a label older than a day, one not bought, or one voided or refunded', async () => {
    const userId = randomUUID();
    await singleLabel(userId, 'TRACKOLD0001', { hoursAgo: 30 });
    await singleLabel(userId, 'TRACKPEND001', { status: 'pending' });
    const voided = await singleLabel(userId, 'TRACKVOID001');
    const refunded = await singleLabel(userId, 'TRACKRFND001');
    for (const [labelId, tracking, state] of [[voided, 'TRACKVOID001', 'voided'], [refunded, 'TRACKRFND001', 'refunded']] as const) {
      await db.sql(
        `insert into "orders"."label_voids" ("id", "label_kind", "label_id", "order_id", "user_id", "carrier", "tracking_number", "purchased_at", "amount_cents", "charge_key", "state", "requested_by")
         values (gen_random_uuid(), 'single', ?, ?, ?, 'sandbox', ?, now(), 500, 'label:x', ?, 'customer')`,
        [labelId, labelId, userId, tracking, state],
      );
    }
    expect(await ask(userId)).toBeNull();

    await singleLabel(userId, 'TRACKFOUND01');
    expect((await ask(userId))?.trackingNumber).toBe('TRACKFOUND01');
    expect(await ask(userId, { receiverName: 'Ray Receiver' })).toBeNull();
    expect(await ask(userId, { receiverAddress1: '11 Elm Street' })).toBeNull();
    expect(await ask(userId, { receiverZip: '80203' })).toBeNull();
    expect(await ask(userId, { items: 'MUG-2' })).toBeNull();
    expect(await ask(randomUUID())).toBeNull();
  });

  it('compares the description when a label has no SKU, and finds a label bought in a batch', async () => {
    const userId = randomUUID();
    await singleLabel(userId, 'TRACKNOSKU01', { sku: null });
    expect((await ask(userId, { items: 'ceramic MUG' }))?.trackingNumber).toBe('TRACKNOSKU01');

    const other = randomUUID();
    const orderId = await bulk.batches.createDraft(other);
    const row = bulkRow(0, 'CUP-9');
    expect(await bulk.staging.stage(orderId, other, 0, [{ ...row, receiver: receiver() }])).toBe(true);
    await bulk.rounds.startFirstRound(orderId, [{ id: randomUUID(), userId: other, rowNo: 0, serviceName: 'USPS Ground Advantage', serviceUid: 'usps-ground', courier: 'usps', priceCents: 500, sku: 'CUP-9' }], { labelFormat: '4x6', sortBySku: false }, `bulk:${orderId}:1`, 500);
    const [item] = await bulk.claims.claimItems(orderId, 10, 60);
    await bulk.claims.markBought([{ itemId: item?.id ?? '', label: { carrier: 'sandbox', trackingNumber: 'TRACKBULK001', serviceUid: 'usps-ground', format: 'PDF', file: Buffer.from('pdf'), costCents: 400, carrierRefs: {} } }]);
    expect((await ask(other, { items: 'CUP-9' }))?.trackingNumber).toBe('TRACKBULK001');
  });
});
