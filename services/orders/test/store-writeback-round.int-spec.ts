import { FakeWooCommerceServer } from '@labeldesk/testing';
import { randomUUID } from 'node:crypto';
import { OrderEntity } from '../src/orders/order.entity';
import { OrderRepository } from '../src/orders/order.repository';
import { storeHttp } from '../src/stores/http/store-http';
import { StoreAccounts } from '../src/stores/store-accounts';
import { StoreConnectionsRepository, type ConnectionRow } from '../src/stores/store-connections.repository';
import { StoreOrdersRepository } from '../src/stores/store-orders.repository';
import { StoreSecrets } from '../src/stores/store-secrets';
import { StoreWriteBack } from '../src/stores/store-writeback';
import { wooCommercePlugin } from '../src/stores/woocommerce/woocommerce.plugin';
import { parcel, receiver, sender } from './support/addresses';
import { openOrdersDatabase, type OrdersDatabase } from './support/orders-database';
import { importAllFrom } from './support/store-imports';

const ENV = { STORE_WRITEBACK_SECONDS: 10, STORE_WRITEBACK_RETRY_SECONDS: 30, STORE_TIMEOUT_MS: 5_000, STORE_RATE_LIMITED_TRIES: 2 };

/**
 * Decision 117 against the real PostgreSQL server and the WooCommerce fake: the write-back round reads only imported
 * orders a label was asked for, and still sends every due write-back once.
 */
describe('the write-back round (decision 117)', () => {
  let db: OrdersDatabase;
  let woo: FakeWooCommerceServer;
  let labels: OrderRepository;
  let imported: StoreOrdersRepository;
  let round: StoreWriteBack;
  let connection: ConnectionRow;
  const userId = randomUUID();

  beforeAll(async () => {
    db = await openOrdersDatabase('orders_writeback_it');
    woo = await new FakeWooCommerceServer().start();
    const http = storeHttp({ allowPrivate: true, timeoutMs: ENV.STORE_TIMEOUT_MS, tries: ENV.STORE_RATE_LIMITED_TRIES });
    const secrets = new StoreSecrets({ CALLER_KEY: 'a-caller-key-of-this-test-only-0123456789' });
    const settings = { of: () => ({}) };
    const connections = new StoreConnectionsRepository(db.orm);
    labels = new OrderRepository(db.orm);
    imported = new StoreOrdersRepository(db.orm);
    round = new StoreWriteBack(imported, connections, new StoreAccounts(connections, secrets, http, settings), http, ENV, settings);
    const account = await wooCommercePlugin.connect({ url: woo.url, consumer_key: woo.consumerKey, consumer_secret: woo.consumerSecret }, http);
    connection = await connections.add({ user_id: userId, kind: 'woocommerce', name: account.name, url: account.url, store_key: account.storeKey, secrets: secrets.seal(account.secrets) }, 300);
    for (let n = 0; n < 30; n++) woo.addOrder({ items: [{ sku: `SKU-${n}`, quantity: 1 + (n % 3) }, ...(n % 4 === 0 ? [{ sku: 'GIFT-WRAP', quantity: 1 }] : [])] });
    await imported.importMany(connection, (await importAllFrom(wooCommercePlugin, account, null, http)).orders);
  }, 60_000);

  afterAll(async () => {
    await woo?.stop();
    await db?.close();
  });

  const storeOrderIds = async (): Promise<Array<{ id: string; external_id: string }>> =>
    db.sql(`select "id", "external_id" from "orders"."store_orders" where "user_id" = ? order by "external_id"::int`, [userId]);

  /** Buys imported order `id`'s label as the single purchase does (its idempotency key), completed unless `pending`. */
  const buy = async (id: string, { pending = false } = {}) => {
    const draft = Object.assign(new OrderEntity(), {
      id: randomUUID(), userId, idempotencyKey: `store-order:${id}`, requestHash: 'hash', serviceName: 'USPS Ground Advantage', serviceUid: 'usps-ground',
      sender: sender(), receiver: receiver(), package: parcel(), priceCents: 725, courier: 'usps',
    });
    const { order } = await labels.insertOrFind(draft);
    if (!pending) await complete(order.id);
    return order;
  };
  const complete = (orderId: string) =>
    labels.completeWithLabel({ id: orderId, userId }, { carrier: 'usps', trackingNumber: `9400${orderId.replace(/\D/g, '').slice(0, 18).padEnd(18, '0')}`, serviceUid: 'usps_ground', format: 'PDF', file: Buffer.from('%PDF'), costCents: 500, carrierRefs: {}, labelName: `label-${orderId}.pdf` });

  /** The write-back calls the store received, per WooCommerce order id. */
  const calls = (wooId: string) => woo.requests.filter((request) => request.method !== 'GET' && request.path.includes(`/orders/${wooId}`)).map((request) => `${request.method} ${request.path.replace(/^.*\/orders\/\d+/, '')}`);

  it('sends each bought label once, a pending one once completed, and never asks the store about orders with no label', async () => {
    const orders = await storeOrderIds();
    expect(orders).toHaveLength(30);
    const [first, second, third] = orders;
    if (!first || !second || !third) throw new Error('not imported');
    await buy(first.id);
    const pending = await buy(second.id, { pending: true });
    // A label bought by a replica of the release before the mark (a rolling update): the round's hourly pass marks it.
    await buy(third.id);
    await db.sql(`update "orders"."store_orders" set "label_asked_at" = null where "id" = ?`, [third.id]);

    const asked = await db.sql<{ id: string }>(`select "id" from "orders"."store_orders" where "user_id" = ? and "label_asked_at" is not null`, [userId]);
    expect(asked.map((row) => row.id).sort()).toEqual([first.id, second.id].sort());
    const before = woo.requests.length;

    expect(await round.sweep()).toBe(2);
    expect(calls(first.external_id)).toEqual(['POST /notes', 'PUT ']);
    expect(calls(third.external_id)).toEqual(['POST /notes', 'PUT ']);
    expect(calls(second.external_id)).toEqual([]);

    await complete(pending.id);
    expect(await round.sweep()).toBe(1);
    expect(await round.sweep()).toBe(0);
    expect(calls(second.external_id)).toEqual(['POST /notes', 'PUT ']);
    expect(calls(first.external_id)).toEqual(['POST /notes', 'PUT ']);
    // Three write-backs, three calls each (notes read, note added, status): nothing for the 27 orders with no label.
    expect(woo.requests.length - before).toBe(9);
    const sent = await db.sql<{ id: string }>(`select "id" from "orders"."store_orders" where "user_id" = ? and "writeback_sent_at" is not null`, [userId]);
    expect(sent.map((row) => row.id).sort()).toEqual([first.id, second.id, third.id].sort());
    expect(woo.violations).toEqual([]);
  });

  it('claims through the partial index of orders a label was asked for, not every imported order', async () => {
    const client = await db.connect();
    try {
      // On 30 rows a scan is rightly cheaper; with scans off the planner shows the index the predicate matches.
      await client.query('set enable_seqscan = off');
      const plan = await client.query<{ 'QUERY PLAN': string }>(
        `explain select s."id" from "orders"."store_orders" s
          where s."writeback_sent_at" is null and (s."label_asked_at" is not null or s."bulk_order_id" is not null)
            and (s."writeback_next_at" is null or s."writeback_next_at" <= now())`,
      );
      expect(plan.rows.map((row) => row['QUERY PLAN']).join('\n')).toContain('store_orders_writeback_asked_idx');
    } finally {
      await client.end();
    }
  });
});
