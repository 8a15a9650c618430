import type { BoughtLabel } from '../src/carriers/carrier.port';
import { DomainError, ErrorCode } from '@labeldesk/contracts';
import { randomUUID } from 'node:crypto';
import { OrderEntity } from '../src/orders/order.entity';
import { OrderRepository } from '../src/orders/order.repository';
import { parcel, receiver, sender } from './support/addresses';
import { openOrdersDatabase, within, type OrdersDatabase } from './support/orders-database';
import { EVERY_OWNER } from '@labeldesk/nest-transport';

/** Single orders' SQL against the real PostgreSQL server, with two replicas sharing one database (decision 020). */
const bought = (trackingNumber: string, pdf: Buffer): BoughtLabel => ({
  carrier: 'usps', trackingNumber, serviceUid: 'usps_priority', format: 'PDF', file: pdf, costCents: 795, carrierRefs: { sku: 'DPXX0XXXXX07200' },
});

describe('OrderRepository on PostgreSQL', () => {
  let db: OrdersDatabase;
  /** The first replica's repository. */
  let orders: OrderRepository;
  /** The second replica's. */
  let other: OrderRepository;

  beforeAll(async () => {
    db = await openOrdersDatabase('orders_orders_it');
    orders = new OrderRepository(db.orm);
    other = new OrderRepository(db.replica);
  }, 60_000);

  afterAll(async () => {
    await db?.close();
  });

  const draft = (userId: string, overrides: Partial<OrderEntity> = {}) =>
    Object.assign(new OrderEntity(), {
      id: randomUUID(),
      userId,
      idempotencyKey: `key-${randomUUID()}`,
      requestHash: 'hash-a',
      serviceName: 'USPS Ground Advantage',
      serviceUid: 'usps-ground',
      sender: sender(),
      receiver: receiver(),
      package: parcel(),
      priceCents: 725,
      ...overrides,
    });

  const placed = async (userId: string, overrides: Partial<OrderEntity> = {}) => (await orders.insertOrFind(draft(userId, overrides))).order;
  const conflict = { code: ErrorCode.CONFLICT };
  const rowCount = async (where: string, params: unknown[]) =>
    Number((await db.sql<{ n: string }>(`select count(*) as n from "orders"."orders" where ${where}`, params))[0]?.n);

  describe('placing and finding', () => {
    it('stores every field of a new order and reads it back as it was placed', async () => {
      const order = draft(randomUUID(), { createdAt: new Date('2031-05-06T07:08:09.123Z'), courier: 'usps', attempt: 1 });
      expect(await orders.insertOrFind(order)).toEqual({ order, created: true });
      const read = await orders.findById(order.id);
      expect({ ...read }).toEqual({ ...order });
    });

    it('answers the order a user already placed with the same key, however many times and replicas send it at once', async () => {
      const userId = randomUUID();
      const key = `key-${randomUUID()}`;
      const tries = Array.from({ length: 12 }, (_, i) => draft(userId, { idempotencyKey: key, requestHash: `hash-${i}` }));
      const answers = await Promise.all(tries.map((order, i) => (i % 2 === 0 ? orders : other).insertOrFind(order)));
      expect(answers.filter((a) => a.created)).toHaveLength(1);
      const winner = answers.find((a) => a.created)!.order;
      expect(answers.every((a) => a.order.id === winner.id && a.order.requestHash === winner.requestHash)).toBe(true);
      expect(await rowCount(`"user_id" = ? and "idempotency_key" = ?`, [userId, key])).toBe(1);
      expect((await orders.findByKey(userId, key))?.id).toBe(winner.id);
    });

    it('keeps the same key of two users as two orders, each found only by its own user', async () => {
      const key = `key-${randomUUID()}`;
      const [alice, bob] = [randomUUID(), randomUUID()];
      const a = await orders.insertOrFind(draft(alice, { idempotencyKey: key }));
      const b = await orders.insertOrFind(draft(bob, { idempotencyKey: key }));
      expect([a.created, b.created]).toEqual([true, true]);
      expect((await orders.findByKey(alice, key))?.id).toBe(a.order.id);
      expect((await orders.findByKey(bob, key))?.id).toBe(b.order.id);
      expect(await orders.findByKey(randomUUID(), key)).toBeNull();
    });

    it('fails, rather than answering some other order, when a new order clashes on anything but its key', async () => {
      const userId = randomUUID();
      const first = await placed(userId, { trackingNumber: `TRK-${randomUUID()}` });
      await expect(orders.insertOrFind(draft(userId, { trackingNumber: first.trackingNumber }))).rejects.toThrow(/orders_tracking_unique/);
      await expect(orders.insertOrFind(draft(userId, { id: first.id }))).rejects.toThrow(/orders_pkey/);
      expect(await rowCount(`"user_id" = ?`, [userId])).toBe(1);
    });

    it('finds an order by id and by its label’s file name, and nothing for unknown ones', async () => {
      const order = await placed(randomUUID(), { labelName: `label-${randomUUID()}.pdf` });
      expect((await orders.findById(order.id))?.id).toBe(order.id);
      expect((await orders.findByLabelName(order.labelName!, EVERY_OWNER))?.id).toBe(order.id);
      expect(await orders.findById(randomUUID())).toBeNull();
      expect(await orders.findByLabelName('nothing.pdf', EVERY_OWNER)).toBeNull();
    });
  });

  describe('moving an order on', () => {
    it('changes an order only while it is in the status named, and answers it as it now is', async () => {
      const order = await placed(randomUUID());
      const before = (await orders.findById(order.id))!.updatedAt;
      const moved = await orders.transition(order.id, 'pending', { status: 'cancelled', failureReason: 'carrier down' });
      expect(moved).toMatchObject({ id: order.id, status: 'cancelled', failureReason: 'carrier down', priceCents: 725 });
      expect(moved.updatedAt.getTime()).toBeGreaterThanOrEqual(before.getTime());
      await expect(orders.transition(order.id, 'pending', { status: 'completed' })).rejects.toMatchObject(conflict);
      await expect(orders.move(order.id, 'pending', { failureReason: 'late' })).rejects.toBeInstanceOf(DomainError);
      expect(await orders.findById(order.id)).toMatchObject({ status: 'cancelled', failureReason: 'carrier down' });
      const retried = await orders.transition(order.id, 'cancelled', { status: 'pending', failureReason: null, attempt: 2 });
      expect(retried).toMatchObject({ status: 'pending', failureReason: null, attempt: 2 });
      await expect(orders.move(randomUUID(), 'pending', { status: 'cancelled' })).rejects.toMatchObject(conflict);
    });

    it('lets exactly one of several replicas move the same order out of a status', async () => {
      const order = await placed(randomUUID());
      const results = await Promise.allSettled(
        Array.from({ length: 8 }, (_, i) => (i % 2 === 0 ? orders : other).move(order.id, 'pending', { status: 'cancelled', failureReason: `worker ${i}` })),
      );
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      expect(results.filter((r) => r.status === 'rejected').every((r) => r.status === 'rejected' && r.reason instanceof DomainError && r.reason.code === ErrorCode.CONFLICT)).toBe(true);
      const winner = results.findIndex((r) => r.status === 'fulfilled');
      expect(await orders.findById(order.id)).toMatchObject({ status: 'cancelled', failureReason: `worker ${winner}` });
    });

    const files = (name: string) =>
      db.sql<{ id: string; owner_id: string; content_type: string; size_bytes: number; data: Buffer }>(
        `select "id", "owner_id", "content_type", "size_bytes", "data" from "orders"."files" where "name" = ?`,
        [name],
      );

    it('stores a bought label and completes its pending order with it in one statement', async () => {
      const userId = randomUUID();
      const order = await placed(userId, { failureReason: 'first try timed out' });
      const labelName = `label-${randomUUID()}.pdf`;
      await orders.completeWithLabel(order, { ...bought('TRK-1', Buffer.from('%PDF-one')), labelName });
      const [file] = await files(labelName);
      expect(file).toMatchObject({ owner_id: userId, content_type: 'application/pdf', size_bytes: 8 });
      expect(file?.data.toString()).toBe('%PDF-one');
      expect(await orders.findById(order.id)).toMatchObject({ status: 'completed', trackingNumber: 'TRK-1', labelName, labelFileId: file?.id, failureReason: null });
      const [sold] = await db.sql<{ carrier: string; carrier_refs: unknown; cost_cents: number; label_format: string }>(
        `select "carrier", "carrier_refs", "cost_cents", "label_format" from "orders"."orders" where "id" = ?`,
        [order.id],
      );
      expect(sold).toEqual({ carrier: 'usps', carrier_refs: { sku: 'DPXX0XXXXX07200' }, cost_cents: 795, label_format: 'PDF' });
    });

    it('keeps the label format an order was placed with, and stores its ZPL label as text a printer takes raw', async () => {
      const userId = randomUUID();
      const order = await placed(userId, { labelFormat: 'ZPL' });
      expect(await orders.findById(order.id)).toMatchObject({ labelFormat: 'ZPL' });
      const zplName = `label-${randomUUID()}.zpl`;
      await orders.completeWithLabel(order, { ...bought('TRK-Z', Buffer.from('^XA^FDz^FS^XZ')), format: 'ZPL', labelName: zplName });
      const [file] = await files(zplName);
      expect(file).toMatchObject({ owner_id: userId, content_type: 'text/plain; charset=utf-8', size_bytes: 13 });
      expect(await orders.findById(order.id)).toMatchObject({ status: 'completed', labelFormat: 'ZPL', labelName: zplName });
    });

    it('completes an order once: a second label for it is refused and the first label is kept', async () => {
      const order = await placed(randomUUID());
      const labelName = `label-${randomUUID()}.pdf`;
      await orders.completeWithLabel(order, { ...bought('TRK-A', Buffer.from('first')), labelName });
      await expect(orders.completeWithLabel(order, { ...bought('TRK-B', Buffer.from('second')), labelName })).rejects.toMatchObject(conflict);
      expect((await files(labelName)).map((f) => f.data.toString())).toEqual(['first']);
      expect(await orders.findById(order.id)).toMatchObject({ status: 'completed', trackingNumber: 'TRK-A' });
    });

    it('refuses to complete an order that is no longer pending', async () => {
      const order = await placed(randomUUID());
      await orders.move(order.id, 'pending', { status: 'cancelled', failureReason: 'refused' });
      await expect(orders.completeWithLabel(order, { ...bought('TRK-C', Buffer.from('x')), labelName: `label-${randomUUID()}.pdf` })).rejects.toMatchObject(conflict);
      expect(await orders.findById(order.id)).toMatchObject({ status: 'cancelled', trackingNumber: null, labelFileId: null });
    });

    it('completes a resumed order with the label file a crashed attempt already saved under its name', async () => {
      const userId = randomUUID();
      const order = await placed(userId);
      const labelName = `label-${randomUUID()}.pdf`;
      const saved = randomUUID();
      await db.sql(`insert into "orders"."files" ("id", "owner_id", "name", "content_type", "size_bytes", "data") values (?, ?, ?, 'application/pdf', 5, ?)`, [
        saved, userId, labelName, Buffer.from('saved'),
      ]);
      await orders.completeWithLabel(order, { ...bought('TRK-R', Buffer.from('again')), labelName });
      expect((await files(labelName)).map((f) => [f.id, f.data.toString()])).toEqual([[saved, 'saved']]);
      expect(await orders.findById(order.id)).toMatchObject({ status: 'completed', labelFileId: saved });
    });

    it('lets one of two replicas completing the same order at once win, with one label file', async () => {
      const order = await placed(randomUUID());
      const labelName = `label-${randomUUID()}.pdf`;
      const results = await Promise.allSettled([
        orders.completeWithLabel(order, { ...bought('TRK-X', Buffer.from('x')), labelName }),
        other.completeWithLabel(order, { ...bought('TRK-Y', Buffer.from('y')), labelName }),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
      const [file] = await files(labelName);
      expect(await files(labelName)).toHaveLength(1);
      expect(await orders.findById(order.id)).toMatchObject({ status: 'completed', labelFileId: file?.id });
    });

    it('forgets only an unpaid first attempt: pending, attempt 1, no label', async () => {
      const userId = randomUUID();
      const unpaid = await placed(userId);
      const second = await placed(userId, { attempt: 2 });
      const labelled = await placed(userId, { trackingNumber: `TRK-${randomUUID()}` });
      const cancelled = await placed(userId, { status: 'cancelled' });
      expect(await orders.discardUnpaid(unpaid.id)).toBe(true);
      expect(await orders.discardUnpaid(unpaid.id)).toBe(false);
      for (const kept of [second, labelled, cancelled]) expect(await orders.discardUnpaid(kept.id)).toBe(false);
      expect(await orders.findById(unpaid.id)).toBeNull();
      expect((await Promise.all([second, labelled, cancelled].map((o) => orders.findById(o.id)))).every(Boolean)).toBe(true);
    });
  });

  describe('stale pending orders', () => {
    /** Pending orders last touched long ago (before `cutoff`), oldest first. */
    const cutoff = new Date('2001-01-01T00:00:00Z');
    const stale = async (count: number) => {
      const made: OrderEntity[] = [];
      for (let i = 0; i < count; i++) {
        const order = await placed(randomUUID());
        await db.sql(`update "orders"."orders" set "updated_at" = ? where "id" = ?`, [new Date(Date.UTC(2000, 0, 1, 0, 0, i)), order.id]);
        made.push(order);
      }
      return made;
    };
    const claimAll = async (repo: OrderRepository) => {
      const mine: string[] = [];
      for (let order = await repo.claimStale(cutoff); order; order = await repo.claimStale(cutoff)) mine.push(order.id);
      return mine;
    };

    afterEach(async () => {
      // Whatever a test left stale must not be the next test's oldest.
      await db.sql(`update "orders"."orders" set "updated_at" = now() where "updated_at" < ?`, [cutoff]);
    });

    it('claims the stale pending order longest untouched, only a pending one, and not again until it is stale again', async () => {
      const [oldest, next] = await stale(2);
      const done = await placed(randomUUID(), { status: 'completed' });
      await db.sql(`update "orders"."orders" set "updated_at" = '1999-01-01' where "id" = ?`, [done.id]);
      await placed(randomUUID());
      const first = await orders.claimStale(cutoff);
      expect(first).toMatchObject({ id: oldest!.id, status: 'pending' });
      expect(first!.updatedAt.getTime()).toBeGreaterThan(cutoff.getTime());
      expect((await other.claimStale(cutoff))?.id).toBe(next!.id);
      // Claiming touched them: neither is stale any more.
      expect(await orders.claimStale(cutoff)).toBeNull();
    });

    it('gives each stale order to exactly one of six workers on two replicas claiming at once', async () => {
      const made = await stale(30);
      const claimed = (await Promise.all([orders, other, orders, other, orders, other].map(claimAll))).flat();
      expect(claimed).toHaveLength(30);
      expect([...claimed].sort()).toEqual(made.map((o) => o.id).sort());
    });

    it('passes over a stale order another replica is claiming in an open transaction, without waiting for it', async () => {
      const [locked, free] = await stale(2);
      const replica = await db.connect();
      try {
        await replica.query('begin');
        await replica.query(`select 1 from "orders"."orders" where "id" = $1 for update`, [locked!.id]);
        expect((await within(2000, 'a claim of a stale order beside one in progress', orders.claimStale(cutoff)))?.id).toBe(free!.id);
        expect(await within(2000, 'a claim with nothing left to skip to', other.claimStale(cutoff))).toBeNull();
      } finally {
        await replica.query('rollback').catch(() => undefined);
        await replica.end();
      }
      expect((await other.claimStale(cutoff))?.id).toBe(locked!.id);
    });
  });

  describe('a user’s orders', () => {
    it('lists a user’s orders newest first, ties broken by id, as many as asked, with the listed columns only', async () => {
      const userId = randomUUID();
      const at = (iso: string) => new Date(iso);
      const made = [
        await placed(userId, { createdAt: at('2032-01-01T00:00:00.001Z'), sender: sender('First Sender'), receiver: receiver('First Receiver') }),
        await placed(userId, { createdAt: at('2032-01-02T00:00:00.000Z'), status: 'completed', trackingNumber: `TRK-${randomUUID()}`, labelName: `label-${randomUUID()}.pdf` }),
        await placed(userId, { createdAt: at('2032-01-02T00:00:00.000Z'), status: 'cancelled', failureReason: 'refused' }),
        await placed(userId, { createdAt: at('2032-01-02T00:00:00.000Z'), priceCents: null }),
        await placed(userId, { createdAt: at('2032-01-03T00:00:00.000Z') }),
      ];
      await placed(randomUUID(), { createdAt: at('2032-01-04T00:00:00.000Z') });
      // A label bought with the same user's test key is listed apart (decision 119).
      const test = await placed(userId, { createdAt: at('2032-01-05T00:00:00.000Z'), mode: 'test' });
      const expected = [made[4]!, ...made.slice(1, 4).sort((a, b) => (a.id < b.id ? 1 : -1)), made[0]!];
      const rows = await orders.listRowsForUser(userId, 'live', 10);
      expect(rows.map((r) => r.id)).toEqual(expected.map((o) => o.id));
      expect((await orders.listRowsForUser(userId, 'live', 2)).map((r) => r.id)).toEqual(expected.slice(0, 2).map((o) => o.id));
      expect((await orders.listRowsForUser(userId, 'test', 10)).map((r) => [r.id, r.mode])).toEqual([[test.id, 'test']]);
      expect(rows.at(-1)).toEqual({
        id: made[0]!.id, service_name: 'USPS Ground Advantage', courier: 'usps', sender_name: 'First Sender', receiver_name: 'First Receiver', receiver_email: null,
        tracking_number: null, created_at: new Date('2032-01-01T00:00:00.001Z'), pdf_name: null, status: 'pending', price_cents: 725, failure_reason: null, void_state: null, tracking_status: null,
        mode: 'live',
      });
      expect(rows.find((r) => r.id === made[1]!.id)).toMatchObject({ status: 'completed', tracking_number: made[1]!.trackingNumber, pdf_name: made[1]!.labelName });
      expect(rows.find((r) => r.id === made[2]!.id)).toMatchObject({ status: 'cancelled', failure_reason: 'refused' });
      expect(rows.find((r) => r.id === made[3]!.id)?.price_cents).toBeNull();
      expect(await orders.listRowsForUser(randomUUID(), 'live', 10)).toEqual([]);
    });

    it('answers each list row’s creation time as the entity read of the same order does', async () => {
      const order = await placed(randomUUID());
      const [row] = await orders.listRowsForUser(order.userId, 'live', 1);
      const entity = await orders.findById(order.id);
      expect(row?.created_at).toBeInstanceOf(Date);
      expect(row?.created_at.getTime()).toBe(entity?.createdAt.getTime());
    });

    it('counts a user’s completed orders only', async () => {
      const userId = randomUUID();
      await placed(userId, { status: 'completed' });
      await placed(userId, { status: 'completed' });
      await placed(userId, { status: 'cancelled' });
      await placed(userId);
      await placed(randomUUID(), { status: 'completed' });
      expect(await orders.countCompleted(userId)).toBe(2);
      expect(await orders.countCompleted(randomUUID())).toBe(0);
    });
  });
});
