import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import type { WebhookEventType } from '@labeldesk/contracts';
import type { BoughtLabel } from '../src/carriers/carrier.port';
import type { OrdersEnv } from '../src/config/env.schema';
import { LabelTrackingRepository } from '../src/lifecycle/label-tracking.repository';
import { LabelVoidsRepository } from '../src/lifecycle/label-voids.repository';
import { bulkRepositories } from './support/bulk-repositories';
import { OrderEntity } from '../src/orders/order.entity';
import { OrderRepository } from '../src/orders/order.repository';
import { ApiEventsRepository } from '../src/shipments/api-events.repository';
import { WebhookDeliverer } from '../src/webhooks/webhook-deliverer';
import { WebhookEndpointsRepository } from '../src/webhooks/webhook-endpoints.repository';
import { WebhookMessagesRepository } from '../src/webhooks/webhook-messages.repository';
import { ReplayEventsUseCase } from '../src/webhooks/replay-events.usecase';
import { WebhookReplaysRepository } from '../src/webhooks/webhook-replays.repository';
import { WebhookRetention } from '../src/webhooks/webhook-retention';
import { newWebhookSecret } from '../src/webhooks/webhook-signer';
import { bulkRow, parcel, receiver, sender } from './support/addresses';
import { openOrdersDatabase, type OrdersDatabase } from './support/orders-database';
import { EVERY_OWNER } from '@labeldesk/nest-transport';

const ENV = { WEBHOOK_ALLOW_PRIVATE_URLS: true, WEBHOOK_DELIVERY_SECONDS: 1, WEBHOOK_TIMEOUT_MS: 5_000 } as OrdersEnv;

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A receiver on loopback answering `status()` to every POST and keeping what it got. */
const startReceiver = async (status: () => number = () => 200) => {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      // A slow answer keeps the attempt in flight while the other replica looks for due messages.
      setTimeout(() => res.writeHead(status()).end(), 50);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { received, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
};

const bought = (trackingNumber: string): BoughtLabel => ({
  carrier: 'usps', trackingNumber, serviceUid: 'usps_priority', format: 'PDF', file: Buffer.from('%PDF-1.4 label'), costCents: 795, carrierRefs: { sku: 'DPXX' },
});

/** The outbox and the deliverer against the real PostgreSQL server, two replicas sharing one database. */
describe('outgoing webhooks on PostgreSQL', () => {
  let db: OrdersDatabase;
  let orders: OrderRepository;
  let endpoints: WebhookEndpointsRepository;

  beforeAll(async () => {
    db = await openOrdersDatabase('orders_webhooks_it');
    orders = new OrderRepository(db.orm);
    endpoints = new WebhookEndpointsRepository(db.orm);
  }, 60_000);

  afterAll(async () => {
    await db?.close();
  });

  const endpoint = async (userId: string, url: string, events: WebhookEventType[] = ['label.purchased', 'label.voided']) => {
    const secret = newWebhookSecret();
    const row = await endpoints.insertWithin(10, { id: randomUUID(), userId, url, events, secret });
    if (!row) throw new Error('endpoint not created');
    return { ...row, secret };
  };

  const pendingOrder = async (userId: string) => {
    const order = Object.assign(new OrderEntity(), {
      id: randomUUID(), userId, idempotencyKey: `key-${randomUUID()}`, requestHash: 'h', serviceName: 'USPS Priority Mail', serviceUid: 'usps-priority',
      sender: sender(), receiver: receiver(), package: parcel(), priceCents: 850,
    });
    return (await orders.insertOrFind(order)).order;
  };

  const trackingNumber = () => `9400${String(Math.floor(Math.random() * 1e18)).padStart(18, '0')}`;
  /** An order of the user's with its label bought: its label.purchased raised. */
  const boughtOrder = async (userId: string) => {
    const order = await pendingOrder(userId);
    const number = trackingNumber();
    await orders.completeWithLabel(order, { ...bought(number), labelName: `label_${number}.pdf` });
    return { order, number };
  };
  const messagesOf = (userId: string) =>
    db.sql<{ endpoint_id: string; event_id: string; event_type: string; body: string; state: string; attempts: number }>(
      `select "endpoint_id", "event_id", "event_type", "body", "state", "attempts" from "orders"."webhook_messages" where "user_id" = ? order by "created_at"`,
      [userId],
    );

  it('queues label.purchased with the completion of a single order, for each subscribed enabled endpoint only', async () => {
    const userId = randomUUID();
    const subscribed = await endpoint(userId, 'https://hooks.example.com/a');
    await endpoint(userId, 'https://hooks.example.com/b', ['batch.completed']);
    const disabled = await endpoint(userId, 'https://hooks.example.com/c');
    await endpoints.update(userId, disabled.id, { enabled: false });
    await endpoint(randomUUID(), 'https://hooks.example.com/stranger');
    const order = await pendingOrder(userId);
    const number = trackingNumber();

    await orders.completeWithLabel(order, { ...bought(number), labelName: `label_${number}.pdf` });

    const messages = await messagesOf(userId);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ endpoint_id: subscribed.id, event_id: `label.purchased:single:${order.id}`, event_type: 'label.purchased', state: 'pending' });
    const body = JSON.parse(messages[0]?.body ?? '{}') as { type: string; timestamp: string; data: Record<string, unknown> };
    expect(body).toMatchObject({ type: 'label.purchased', data: { labelKind: 'single', orderId: order.id, trackingNumber: number, carrier: 'usps', amountCents: 850 } });
    expect(new Date(body.timestamp).getTime()).toBeGreaterThan(Date.now() - 60_000);
    // A second completion changes nothing and queues nothing.
    await expect(orders.completeWithLabel(order, { ...bought(number), labelName: `label_${number}.pdf` })).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(await messagesOf(userId)).toHaveLength(1);
  });

  it('creates at most 10 endpoints per user, also when 12 are asked for at once', async () => {
    const userId = randomUUID();
    const created = await Promise.all(
      Array.from({ length: 12 }, (_, i) => new WebhookEndpointsRepository(i % 2 ? db.replica : db.orm).insertWithin(10, { id: randomUUID(), userId, url: `https://hooks.example.com/${i}`, events: ['label.purchased'], secret: newWebhookSecret() })),
    );
    expect(created.filter((row) => row !== null)).toHaveLength(10);
    expect(await endpoints.listForUser(userId)).toHaveLength(10);
  });

  it('queues a webhook.test to the one endpoint asked, whatever it subscribed to, and a relayed event once however often it comes', async () => {
    const userId = randomUUID();
    const asked = await endpoint(userId, 'https://hooks.example.com/a', ['batch.completed']);
    await endpoint(userId, 'https://hooks.example.com/b', ['balance.credited']);
    const messages = new WebhookMessagesRepository(db.orm);
    expect(await messages.queueTest(userId, asked.id, 'webhook.test:1', { hello: 'there' })).toBe(1);
    for (let i = 0; i < 3; i++) await messages.record(userId, { type: 'balance.credited', eventId: 'balance.credited:deposit:inv-1', data: { amountCents: 2500 } });
    const queued = await messagesOf(userId);
    expect(queued.map((m) => [m.endpoint_id === asked.id ? 'asked' : 'other', m.event_type])).toEqual([
      ['asked', 'webhook.test'],
      ['other', 'balance.credited'],
    ]);
    expect(JSON.parse(queued[0]?.body ?? '{}')).toMatchObject({ type: 'webhook.test', data: { hello: 'there' } });
  });

  it('rolls the completion back when its webhook cannot be queued: the label and its event commit together or not at all', async () => {
    const userId = randomUUID();
    await endpoint(userId, 'https://hooks.example.com/a');
    const order = await pendingOrder(userId);
    const number = trackingNumber();
    await db.sql(`alter table "orders"."webhook_messages" add constraint "refuse_for_test" check ("event_id" <> 'label.purchased:single:${order.id}')`);
    try {
      await expect(orders.completeWithLabel(order, { ...bought(number), labelName: `label_${number}.pdf` })).rejects.toThrow(/refuse_for_test/);
      expect((await orders.findById(order.id))?.status).toBe('pending');
      expect(await db.sql(`select 1 from "orders"."files" where "name" = ?`, [`label_${number}.pdf`])).toHaveLength(0);
    } finally {
      await db.sql(`alter table "orders"."webhook_messages" drop constraint "refuse_for_test"`);
    }
    await orders.completeWithLabel(order, { ...bought(number), labelName: `label_${number}.pdf` });
    expect((await orders.findById(order.id))?.status).toBe('completed');
    expect(await messagesOf(userId)).toHaveLength(1);
  });

  it('queues label.purchased once for each batch label stored already charged, a replay included', async () => {
    const userId = randomUUID();
    await endpoint(userId, 'https://hooks.example.com/b', ['label.purchased']);
    const bulk = bulkRepositories(db.orm);
    const orderId = await bulk.batches.createDraft(userId);
    const written = [0, 1].map((n) => ({ id: randomUUID(), userId, rowNo: n, serviceName: 'USPS Ground Advantage', serviceUid: 'usps-ground', courier: 'usps', priceCents: 100 + n, sku: null }));
    expect(await bulk.staging.stage(orderId, userId, 0, [0, 1].map((n) => bulkRow(n, null)))).toBe(true);
    expect(await bulk.rounds.startFirstRound(orderId, written, { labelFormat: '4x6', sortBySku: false }, `bulk:${orderId}:1`, 201)).toBe(true);
    const [a, b] = written.map((i) => i.id) as [string, string];
    const labelOf = (itemId: string) => ({ itemId, label: bought(`TRK${itemId.replace(/-/g, '').slice(0, 20)}`) });
    await bulk.claims.markBought([labelOf(a), labelOf(b)]);
    await bulk.claims.markBought([labelOf(a)]);
    expect((await messagesOf(userId)).map((m) => m.event_id).sort()).toEqual([`label.purchased:bulk:${a}`, `label.purchased:bulk:${b}`].sort());
    const second = JSON.parse((await messagesOf(userId)).find((m) => m.event_id === `label.purchased:bulk:${b}`)?.body ?? '{}') as { data: Record<string, unknown> };
    expect(second.data).toMatchObject({ labelKind: 'bulk', labelId: b, orderId, row: 2, amountCents: 101, carrier: 'usps' });
  });

  it("queues label.purchased for each batch label as it is charged, and batch.completed once when the batch's files are done", async () => {
    const userId = randomUUID();
    await endpoint(userId, 'https://hooks.example.com/a', ['label.purchased', 'batch.completed']);
    const bulk = bulkRepositories(db.orm);
    const orderId = await bulk.batches.createDraft(userId);
    const written = [0, 1, 2].map((n) => ({ id: randomUUID(), userId, rowNo: n, serviceName: 'USPS Ground Advantage', serviceUid: 'usps-ground', courier: 'usps', priceCents: 100 + n, sku: null }));
    expect(await bulk.staging.stage(orderId, userId, 0, [0, 1, 2].map((n) => bulkRow(n, null)))).toBe(true);
    expect(await bulk.rounds.startFirstRound(orderId, written, { labelFormat: '4x6', sortBySku: false }, `bulk:${orderId}:1`, 303)).toBe(true);
    const [a, b, c] = written.map((i) => i.id) as [string, string, string];
    const labelOf = (itemId: string) => ({ ok: true as const, itemId, orderId, label: bought(`TRK${itemId.replace(/-/g, '').slice(0, 20)}`) });
    await bulk.claims.markLabelled([labelOf(a), labelOf(b)]);
    await bulk.claims.markSucceeded([a, b]);
    await bulk.claims.markSucceeded([a, b]);
    await bulk.claims.markFailed([{ ok: false as const, itemId: c, orderId, error: 'carrier said no' }]);
    expect((await messagesOf(userId)).map((m) => m.event_id).sort()).toEqual([`label.purchased:bulk:${a}`, `label.purchased:bulk:${b}`].sort());
    const first = JSON.parse((await messagesOf(userId)).find((m) => m.event_id === `label.purchased:bulk:${a}`)?.body ?? '{}') as { data: Record<string, unknown> };
    expect(first.data).toMatchObject({ labelKind: 'bulk', labelId: a, orderId, row: 1, amountCents: 100, carrier: 'usps' });

    const files = { labelFileId: null, resultFileId: randomUUID(), confirmFileId: null, labelName: null, resultCsvName: 'r.csv', autoConfirmCsvName: null };
    expect(await bulk.files.claimForFiles(orderId, 60)).not.toBeNull();
    expect(await bulk.files.finishFiles(orderId, 'completed_with_errors', files)).toMatchObject({ status: 'completed_with_errors' });
    // Regenerating the files of the same round reports nothing new.
    expect(await bulk.files.reopenForFiles(orderId, ['completed_with_errors'])).toBe(true);
    expect(await bulk.files.finishFiles(orderId, 'completed_with_errors', files)).toMatchObject({ status: 'completed_with_errors' });
    const completed = (await messagesOf(userId)).filter((m) => m.event_type === 'batch.completed');
    expect(completed.map((m) => m.event_id)).toEqual([`batch.completed:${orderId}:1`]);
    expect(JSON.parse(completed[0]?.body ?? '{}')).toMatchObject({ data: { orderId, status: 'completed_with_errors', totalCount: 3, processedCount: 2, failedCount: 1, chargedCents: 201 } });
  });

  it('queues label.voided when a void settles, once, and nothing for a void still pending', async () => {
    const userId = randomUUID();
    await endpoint(userId, 'https://hooks.example.com/a', ['label.voided', 'label.refunded']);
    const order = await pendingOrder(userId);
    const number = trackingNumber();
    await orders.completeWithLabel(order, { ...bought(number), labelName: `label_${number}.pdf` });
    const voids = new LabelVoidsRepository(db.orm);
    const label = await voids.singleLabel(order.id, EVERY_OWNER);
    const claimed = label && (await voids.claim(label, 'customer', userId, 60));
    if (!claimed) throw new Error('void not claimed');
    expect(await messagesOf(userId)).toHaveLength(0);
    expect(await voids.move(claimed.id, ['void_requested'], { state: 'voided' })).toBe(true);
    expect(await voids.move(claimed.id, ['void_requested'], { state: 'voided' })).toBe(false);
    const messages = await messagesOf(userId);
    expect(messages.map((m) => m.event_id)).toEqual([`label.voided:${claimed.id}`]);
    expect(JSON.parse(messages[0]?.body ?? '{}')).toMatchObject({ type: 'label.voided', data: { labelId: order.id, trackingNumber: number, amountCents: 850, state: 'voided' } });
  });

  it('queues label.refunded when a refund request is granted, once, and nothing while it is pending or when it is rejected', async () => {
    const userId = randomUUID();
    await endpoint(userId, 'https://hooks.example.com/a', ['label.voided', 'label.refunded']);
    const voids = new LabelVoidsRepository(db.orm);
    const refundRequest = async () => {
      const order = await pendingOrder(userId);
      const number = trackingNumber();
      await orders.completeWithLabel(order, { ...bought(number), labelName: `label_${number}.pdf` });
      const label = await voids.singleLabel(order.id, EVERY_OWNER);
      const claimed = label && (await voids.claim(label, 'customer', userId, 60));
      if (!claimed) throw new Error('void not claimed');
      expect(await voids.move(claimed.id, ['void_requested'], { state: 'refund_pending' })).toBe(true);
      return { claimed, order, number };
    };
    const granted = await refundRequest();
    const rejected = await refundRequest();
    expect(await messagesOf(userId)).toHaveLength(0);

    expect(await voids.move(rejected.claimed.id, ['refund_pending'], { state: 'refund_rejected', reason: 'scanned by the carrier' })).toBe(true);
    expect(await voids.move(granted.claimed.id, ['refund_pending'], { state: 'refunded', refundRef: 'rf_1' })).toBe(true);
    expect(await voids.move(granted.claimed.id, ['refund_pending'], { state: 'refunded', refundRef: 'rf_1' })).toBe(false);
    const messages = await messagesOf(userId);
    expect(messages.map((m) => m.event_id)).toEqual([`label.refunded:${granted.claimed.id}`]);
    expect(JSON.parse(messages[0]?.body ?? '{}')).toMatchObject({ type: 'label.refunded', data: { labelId: granted.order.id, trackingNumber: granted.number, amountCents: 850, state: 'refunded' } });
  });

  it('queues tracking.updated when a report changes the status or adds events, and nothing for the same report again', async () => {
    const userId = randomUUID();
    await endpoint(userId, 'https://hooks.example.com/a', ['tracking.updated']);
    const order = await pendingOrder(userId);
    const number = trackingNumber();
    await orders.completeWithLabel(order, { ...bought(number), labelName: `label_${number}.pdf` });
    const tracking = new LabelTrackingRepository(db.orm);
    const label = { kind: 'single' as const, labelId: order.id, trackingNumber: number, carrier: 'usps' as const };
    const accepted = { status: 'in_transit' as const, events: [{ status: 'in_transit' as const, message: 'Accepted', occurredAt: new Date(), location: 'Austin, TX' }] };
    await tracking.save(label, accepted, 60);
    await tracking.save(label, accepted, 60);
    await tracking.save(label, { status: 'delivered', events: [...accepted.events, { status: 'delivered', message: 'Delivered', occurredAt: new Date(), location: 'Dallas, TX' }] }, 60);
    const messages = await messagesOf(userId);
    expect(messages.map((m) => m.event_type)).toEqual(['tracking.updated', 'tracking.updated']);
    expect(messages.map((m) => (JSON.parse(m.body) as { data: { status: string } }).data.status)).toEqual(['in_transit', 'delivered']);
  });

  it('forgets messages older than the retention with their delivery log, and keeps newer ones and one in flight', async () => {
    const userId = randomUUID();
    const hook = await endpoint(userId, 'https://hooks.example.com/retention');
    const messages = new WebhookMessagesRepository(db.orm);
    for (const id of ['old-delivered', 'old-failed', 'old-pending', 'old-in-flight', 'new-delivered']) {
      await messages.queueTest(userId, hook.id, id, {});
    }
    const idOf = async (eventId: string) => (await db.sql<{ id: string }>(`select "id" from "orders"."webhook_messages" where "event_id" = ? and "user_id" = ?`, [eventId, userId]))[0]?.id ?? '';
    for (const [eventId, delivered] of [['old-delivered', true], ['old-failed', false], ['new-delivered', true]] as const) {
      await messages.recordAttempt({ id: await idOf(eventId), endpoint_id: hook.id, attempts: 0 }, { statusCode: delivered ? 200 : 500, error: null, durationMs: 5 }, delivered ? { delivered: true } : { delivered: false, nextAt: null });
    }
    await db.sql(`update "orders"."webhook_messages" set "next_attempt_at" = now() + interval '1 minute' where "event_id" = 'old-in-flight' and "user_id" = ?`, [userId]);
    await db.sql(`update "orders"."webhook_messages" set "created_at" = now() - interval '31 days' where "event_id" like 'old-%' and "user_id" = ?`, [userId]);

    const retention = new WebhookRetention(messages, new WebhookReplaysRepository(db.orm), { WEBHOOK_RETENTION_DAYS: 30 });
    expect(await retention.sweep()).toBeGreaterThanOrEqual(3);
    expect((await messagesOf(userId)).map((m) => m.event_id).sort()).toEqual(['new-delivered', 'old-in-flight']);
    const log = await messages.deliveries(hook.id, 10);
    expect(log.map((d) => d.messageId)).toEqual(['new-delivered']);
    expect(await retention.sweep()).toBe(0);
  });

  const eventsOf = (userId: string) =>
    db.sql<{ id: string; event_type: string; resource: string; sequence: string; body: string }>(
      `select "id", "event_type", "resource", "sequence", "body" from "orders"."customer_events" where "user_id" = ? order by "sequence"`,
      [userId],
    );

  it("numbers a label's events one after another in the order they happened, apart from another label's, and keeps them with no endpoint enabled", async () => {
    const userId = randomUUID();
    const off = await endpoint(userId, 'https://hooks.example.com/off', ['label.purchased', 'label.voided', 'tracking.updated']);
    await endpoints.update(userId, off.id, { enabled: false });
    const { order, number } = await boughtOrder(userId);
    const tracking = new LabelTrackingRepository(db.orm);
    const label = { kind: 'single' as const, labelId: order.id, trackingNumber: number, carrier: 'usps' as const };
    await tracking.save(label, { status: 'pre_transit', events: [{ status: 'pre_transit', message: 'Label created', occurredAt: new Date(), location: null }] }, 60);
    const voids = new LabelVoidsRepository(db.orm);
    const claimed = await voids.claim((await voids.singleLabel(order.id, EVERY_OWNER))!, 'customer', userId, 60);
    expect(await voids.move(claimed!.id, ['void_requested'], { state: 'voided' })).toBe(true);
    const { order: other } = await boughtOrder(userId);

    const events = await eventsOf(userId);
    const ofLabel = (id: string) => events.filter((e) => e.resource === `label:single:${id}`).map((e) => [e.event_type, Number(e.sequence)]);
    expect(ofLabel(order.id)).toEqual([['label.purchased', 1], ['tracking.updated', 2], ['label.voided', 3]]);
    expect(ofLabel(other.id)).toEqual([['label.purchased', 1]]);
    // The body sent (and signed) says the same number.
    for (const event of events) expect(JSON.parse(event.body)).toMatchObject({ type: event.event_type, sequence: Number(event.sequence) });
    // The endpoint was off: nothing queued, everything kept.
    expect(await messagesOf(userId)).toHaveLength(0);
  });

  it('numbers events of one resource in the order they commit: a second waits for the first, whichever replica writes it', async () => {
    const userId = randomUUID();
    const messages = new WebhookMessagesRepository(db.orm);
    const first = await db.connect();
    try {
      await first.query('begin');
      // A deposit credited in an open transaction holds its balance's counter until it commits.
      await first.query(`select "orders"."customer_event_next_sequence"($1, 'balance')`, [userId]);
      const second = new WebhookMessagesRepository(db.replica).record(userId, { type: 'balance.credited', eventId: 'balance.credited:deposit:second', data: { amountCents: 200 } });
      // Polled until the second statement waits on the first's lock (a state, not a time).
      const waiting = async () => (await db.sql<{ n: number }>(`select count(*)::int as "n" from pg_stat_activity where "wait_event_type" = 'Lock' and "query" like '%customer_event_next_sequence%'`))[0]?.n ?? 0;
      for (let polls = 0; (await waiting()) === 0; polls++) {
        if (polls > 200) throw new Error('the second event never waited for the first');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await first.query(`insert into "orders"."customer_events" ("user_id", "id", "event_type", "resource", "sequence", "body") values ($1, 'balance.credited:deposit:first', 'balance.credited', 'balance', 1, '{}')`, [userId]);
      await first.query('commit');
      expect(await second).toBe(1);
    } finally {
      await first.end();
    }
    await Promise.all([0, 1, 2, 3].map((i) => new WebhookMessagesRepository(i % 2 ? db.replica : db.orm).record(userId, { type: 'balance.credited', eventId: `balance.credited:deposit:${i}`, data: {} })));
    // Relayed again: recorded and numbered once.
    expect(await messages.record(userId, { type: 'balance.credited', eventId: 'balance.credited:deposit:0', data: {} })).toBe(0);
    const events = await eventsOf(userId);
    expect(events.map((e) => [e.id, Number(e.sequence)]).slice(0, 2)).toEqual([['balance.credited:deposit:first', 1], ['balance.credited:deposit:second', 2]]);
    expect(events.map((e) => Number(e.sequence))).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('lists the events of the last 30 days only, forgets older ones, and numbers a resource on after its events are forgotten', async () => {
    const userId = randomUUID();
    const messages = new WebhookMessagesRepository(db.orm);
    await messages.record(userId, { type: 'balance.credited', eventId: 'balance.credited:deposit:old', data: {} });
    await messages.record(userId, { type: 'balance.credited', eventId: 'balance.credited:deposit:new', data: {} });
    await db.sql(`update "orders"."customer_events" set "created_at" = now() - interval '30 days 1 minute' where "user_id" = ? and "id" like '%:old'`, [userId]);
    const list = new ApiEventsRepository(db.orm, { WEBHOOK_RETENTION_DAYS: 30 });
    expect((await list.page(userId, undefined, undefined, 10)).rows.map((r) => r.event_id)).toEqual(['balance.credited:deposit:new']);

    await new WebhookRetention(messages, new WebhookReplaysRepository(db.orm), { WEBHOOK_RETENTION_DAYS: 30 }).sweep();
    expect((await eventsOf(userId)).map((e) => e.id)).toEqual(['balance.credited:deposit:new']);
    await messages.record(userId, { type: 'balance.credited', eventId: 'balance.credited:deposit:later', data: {} });
    expect((await eventsOf(userId)).map((e) => Number(e.sequence))).toEqual([2, 3]);
  });

  describe('delivery', () => {
    const deliverer = (orm: OrdersDatabase['orm']) => new WebhookDeliverer(new WebhookMessagesRepository(orm), new WebhookEndpointsRepository(orm), ENV);

    // Each test counts only its own attempts: the messages queued by the tests before are given up.
    beforeEach(() => db.sql(`update "orders"."webhook_messages" set "state" = 'failed' where "state" = 'pending'`));

    it('sends each message once when two replicas deliver at the same time, signed so the receiver verifies it', async () => {
      const receiver = await startReceiver();
      try {
        const userId = randomUUID();
        const hook = await endpoint(userId, receiver.url, ['label.purchased']);
        for (let i = 0; i < 6; i++) {
          const order = await pendingOrder(userId);
          const number = trackingNumber();
          await orders.completeWithLabel(order, { ...bought(number), labelName: `label_${number}.pdf` });
        }
        const [a, b] = await Promise.all([deliverer(db.orm).sweep(), deliverer(db.replica).sweep()]);
        expect(a + b).toBe(6);
        expect(receiver.received).toHaveLength(6);
        expect(new Set(receiver.received.map((r) => r.headers['webhook-id'])).size).toBe(6);
        for (const r of receiver.received) {
          expect(new Webhook(hook.secret).verify(r.body, r.headers as Record<string, string>)).toMatchObject({ type: 'label.purchased' });
        }
        const messages = await messagesOf(userId);
        expect(messages.every((m) => m.state === 'delivered' && m.attempts === 1)).toBe(true);
        const log = await new WebhookMessagesRepository(db.orm).deliveries(hook.id, 50);
        expect(log).toHaveLength(6);
        expect(log.every((d) => d.statusCode === 200 && d.attempt === 1 && d.messageState === 'delivered')).toBe(true);
      } finally {
        await receiver.close();
      }
    });

    it('keeps a message whose endpoint failed for the next attempt of the schedule, 5 seconds after the event', async () => {
      const receiver = await startReceiver(() => 500);
      try {
        const userId = randomUUID();
        const hook = await endpoint(userId, receiver.url, ['label.purchased']);
        const order = await pendingOrder(userId);
        const number = trackingNumber();
        await orders.completeWithLabel(order, { ...bought(number), labelName: `label_${number}.pdf` });
        expect(await deliverer(db.orm).sweep()).toBe(1);
        const [row] = await db.sql<{ state: string; attempts: number; due_in_ms: number }>(
          `select "state", "attempts", extract(epoch from ("next_attempt_at" - "created_at")) * 1000 as "due_in_ms" from "orders"."webhook_messages" where "endpoint_id" = ?`,
          [hook.id],
        );
        expect(row).toMatchObject({ state: 'pending', attempts: 1 });
        // The database keeps microseconds, the schedule milliseconds.
        expect(Number(row?.due_in_ms)).toBeGreaterThanOrEqual(4_990);
        expect(Number(row?.due_in_ms)).toBeLessThan(7_000);
        // Not due yet: nothing is sent again.
        expect(await deliverer(db.orm).sweep()).toBe(0);
        expect((await new WebhookMessagesRepository(db.orm).deliveries(hook.id, 10))[0]).toMatchObject({ statusCode: 500, attempt: 1, messageState: 'pending' });
      } finally {
        await receiver.close();
      }
    });

    it('disables an endpoint that answers 410 Gone and gives up its queued messages', async () => {
      const receiver = await startReceiver(() => 410);
      try {
        const userId = randomUUID();
        const hook = await endpoint(userId, receiver.url, ['label.purchased']);
        for (let i = 0; i < 2; i++) {
          const order = await pendingOrder(userId);
          const number = trackingNumber();
          await orders.completeWithLabel(order, { ...bought(number), labelName: `label_${number}.pdf` });
        }
        await deliverer(db.orm).sweep();
        const after = await endpoints.findOwned(userId, hook.id);
        expect(after).toMatchObject({ enabled: false, disabled_reason: expect.stringContaining('410 Gone') });
        expect((await messagesOf(userId)).every((m) => m.state === 'failed')).toBe(true);
        // A new event for a disabled endpoint is not queued at all.
        const order = await pendingOrder(userId);
        const number = trackingNumber();
        await orders.completeWithLabel(order, { ...bought(number), labelName: `label_${number}.pdf` });
        expect(await messagesOf(userId)).toHaveLength(2);
      } finally {
        await receiver.close();
      }
    });

    const replayer = (orm: OrdersDatabase['orm'] = db.orm) =>
      new ReplayEventsUseCase(new WebhookReplaysRepository(orm), new WebhookEndpointsRepository(orm), { nudge: () => undefined } as unknown as WebhookDeliverer, { WEBHOOK_RETENTION_DAYS: 30 });
    const codeOf = (promise: Promise<unknown>) => promise.then(() => 'answered', (error: { code?: string }) => error.code ?? String(error));

    it('redelivers one event once for a double click, signed, under its own id and marked a redelivery, and only the owner may ask', async () => {
      const receiver = await startReceiver();
      try {
        const userId = randomUUID();
        const hook = await endpoint(userId, receiver.url, ['label.purchased']);
        const { order } = await boughtOrder(userId);
        expect(await deliverer(db.orm).sweep()).toBe(1);
        const eventId = `label.purchased:single:${order.id}`;

        // Two clicks at once on two replicas, with one key: one redelivery.
        const ask = { eventId, idempotencyKey: `replay-${order.id}` };
        const [a, b] = await Promise.all([replayer(db.orm).replayEvent(userId, ask), replayer(db.replica).replayEvent(userId, ask)]);
        expect(a).toEqual({ events: 1, endpointIds: [hook.id] });
        expect(b).toEqual(a);
        expect(await deliverer(db.orm).sweep()).toBe(1);
        expect(await deliverer(db.orm).sweep()).toBe(0);
        const [original, again] = receiver.received as [Received, Received];
        expect(receiver.received).toHaveLength(2);
        expect(again.headers['webhook-id']).toBe(original.headers['webhook-id']);
        const redelivered = new Webhook(hook.secret).verify(again.body, again.headers as Record<string, string>) as Record<string, unknown>;
        expect(redelivered).toEqual({ ...(JSON.parse(original.body) as object), redelivery: true });
        expect(redelivered).toMatchObject({ sequence: 1 });
        expect(JSON.parse(original.body)).not.toHaveProperty('redelivery');
        // The same key for another replay is refused; another user's event, or their endpoint, is not found.
        expect(await codeOf(replayer().replayEvent(userId, { ...ask, endpointId: hook.id }))).toBe('CONFLICT');
        const stranger = randomUUID();
        expect(await codeOf(replayer().replayEvent(stranger, { eventId, idempotencyKey: 'stranger-1' }))).toBe('NOT_FOUND');
        expect(await codeOf(replayer().replayEvent(userId, { eventId: 'label.purchased:single:nothing', idempotencyKey: 'missing-1' }))).toBe('NOT_FOUND');
        const theirs = await endpoint(stranger, 'https://hooks.example.com/theirs', ['label.purchased']);
        expect(await codeOf(replayer().replayEvent(userId, { eventId, endpointId: theirs.id, idempotencyKey: 'theirs-1' }))).toBe('NOT_FOUND');
        expect(await codeOf(replayer().replaySince(userId, { id: theirs.id, since: new Date(0).toISOString(), idempotencyKey: 'theirs-2' }))).toBe('NOT_FOUND');
        // A refused replay keeps no key.
        expect((await db.sql(`select 1 from "orders"."webhook_replays" where "user_id" = ? and "key" in ('missing-1', 'theirs-1')`, [userId])).length).toBe(0);
      } finally {
        await receiver.close();
      }
    });

    it('keeps the events raised while an endpoint was off, and sends them, those of its types, when it is back and asks', async () => {
      const receiver = await startReceiver();
      try {
        const userId = randomUUID();
        const hook = await endpoint(userId, receiver.url, ['label.purchased']);
        const since = (await db.sql<{ now: string }>(`select now()::text as "now"`))[0]!.now;
        await endpoints.update(userId, hook.id, { enabled: false });
        expect(await codeOf(replayer().replaySince(userId, { id: hook.id, since: new Date(since).toISOString(), idempotencyKey: `off-${hook.id}` }))).toBe('CONFLICT');
        const raised: string[] = [];
        for (let i = 0; i < 3; i++) raised.push(`label.purchased:single:${(await boughtOrder(userId)).order.id}`);
        await new WebhookMessagesRepository(db.orm).record(userId, { type: 'balance.credited', eventId: 'balance.credited:deposit:while-off', data: {} });
        expect(await messagesOf(userId)).toHaveLength(0);

        await endpoints.update(userId, hook.id, { enabled: true });
        const ask = { id: hook.id, since: new Date(since).toISOString(), idempotencyKey: `back-${hook.id}` };
        expect(await replayer().replaySince(userId, ask)).toEqual({ events: 3, endpointIds: [hook.id] });
        expect(await replayer().replaySince(userId, ask)).toEqual({ events: 3, endpointIds: [hook.id] });
        expect(await deliverer(db.orm).sweep()).toBe(3);
        expect(receiver.received.map((r) => r.headers['webhook-id']).sort()).toEqual(raised.sort());
        for (const r of receiver.received) expect(new Webhook(hook.secret).verify(r.body, r.headers as Record<string, string>)).toMatchObject({ type: 'label.purchased', redelivery: true, sequence: 1 });
      } finally {
        await receiver.close();
      }
    });

    it('refuses to send to a private address unless WEBHOOK_ALLOW_PRIVATE_URLS is set, and logs why', async () => {
      const receiver = await startReceiver();
      try {
        const userId = randomUUID();
        const hook = await endpoint(userId, receiver.url, ['label.purchased']);
        const order = await pendingOrder(userId);
        const number = trackingNumber();
        await orders.completeWithLabel(order, { ...bought(number), labelName: `label_${number}.pdf` });
        const strict = new WebhookDeliverer(new WebhookMessagesRepository(db.orm), endpoints, { ...ENV, WEBHOOK_ALLOW_PRIVATE_URLS: false });
        expect(await strict.sweep()).toBe(1);
        expect(receiver.received).toHaveLength(0);
        expect((await new WebhookMessagesRepository(db.orm).deliveries(hook.id, 10))[0]).toMatchObject({ statusCode: null, error: expect.stringContaining('must be an https:// URL') });
      } finally {
        await receiver.close();
      }
    });
  });
});
