import { Inject, Injectable } from '@nestjs/common';
import { DomainError, ErrorCode, type StoreOrder, type StoreOrdersQuery } from '@labeldesk/contracts';
import { ORM, schemaTable } from '@labeldesk/nest-orm';
import type { MikroORM } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import type { ImportedOrder } from './plugin/store-plugin';
import type { ConnectionRow } from './store-connections.repository';
import { shippedByNumberSql, storeOrderLabelSql } from './store-order-label.sql';

interface StoreOrderRow {
  id: string;
  connection_id: string;
  kind: string;
  store_name: string;
  order_number: string;
  items: StoreOrder['items'];
  receiver: StoreOrder['receiver'];
  placed_at: Date | string;
  imported_at: Date | string;
  label_order_id: string | null;
  label_status: string | null;
  label_tracking: string | null;
  label_batch_id: string | null;
  label_at: Date | string | null;
  writeback_attempts: number;
  writeback_error: string | null;
  writeback_sent_at: Date | string | null;
}

/** An imported order whose label is bought and whose tracking is due to be sent to its store. */
export interface DueWriteBack {
  id: string;
  connection_id: string;
  external_id: string;
  order_number: string;
  writeback_attempts: number;
  courier: string;
  tracking_number: string;
}

const storeOrderOf = (row: StoreOrderRow): StoreOrder => ({
  id: row.id,
  storeId: row.connection_id,
  kind: row.kind,
  storeName: row.store_name,
  orderNumber: row.order_number,
  items: row.items,
  receiver: row.receiver,
  placedAt: new Date(row.placed_at).toISOString(),
  importedAt: new Date(row.imported_at).toISOString(),
  label:
    row.label_order_id === null
      ? null
      : { orderId: row.label_order_id, status: row.label_status ?? 'pending', trackingNumber: row.label_tracking,
          ...(row.label_batch_id === null ? {} : { batchId: row.label_batch_id }),
          ...(row.label_at === null ? {} : { boughtAt: new Date(row.label_at).toISOString() }),
        },
  // A voided label whose tracking the store still holds (its cancel due or failing, decision 113) shows the cancel's error too.
  writeBack:
    row.label_status !== 'completed' && !(row.label_status === 'cancelled' && row.writeback_sent_at !== null)
      ? null
      : {
          state: row.writeback_sent_at === null ? 'waiting' : 'sent',
          attempts: row.writeback_attempts,
          error: row.writeback_error,
          sentAt: row.writeback_sent_at === null ? null : new Date(row.writeback_sent_at).toISOString(),
        },
});

/**
 * An imported order a label was asked for: through the single purchase (its insert sets `label_asked_at`) or a
 * batch's claim (`bulk_order_id`). The predicate of store_orders_writeback_asked_idx (orders migration 045), word for
 * word, so the planner reads that index.
 */
const WRITEBACK_ASKED = `s."label_asked_at" is not null or s."bulk_order_id" is not null`;

/** Orders imported from stores, their labels (by idempotency key) and the write-back outbox on their rows. */
@Injectable()
export class StoreOrdersRepository {
  constructor(@Inject(ORM) private readonly orm: MikroORM) {}

  private t = (name: string): string => schemaTable(this.orm, name);

  private get db() {
    return this.orm.em.getConnection();
  }

  /** Adds the orders not seen before (seller, store and order number); answers how many were new. */
  async importMany(connection: ConnectionRow, orders: readonly ImportedOrder[]): Promise<number> {
    if (orders.length === 0) return 0;
    const rows = orders.map((order) => [
      randomUUID(),
      connection.user_id,
      connection.id,
      connection.kind,
      connection.store_key,
      order.externalId,
      order.orderNumber,
      JSON.stringify(order.receiver),
      JSON.stringify(order.items),
      order.placedAt,
    ]);
    const added = await this.db.execute<Array<{ id: string }>>(
      `insert into ${this.t('store_orders')} ("id", "user_id", "connection_id", "kind", "store_key", "external_id", "order_number", "receiver", "items", "placed_at")
       values ${rows.map(() => '(?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?::jsonb, ?)').join(', ')}
       on conflict ("user_id", "kind", "store_key", "order_number") do nothing returning "id"`,
      rows.flat(),
    );
    return added.length;
  }

  private select(where: string): string {
    return `select s."id", s."connection_id", s."kind", c."name" as "store_name", s."order_number", s."items", s."receiver", s."placed_at", s."imported_at",
                   l."label_id" as "label_order_id", l."label_status", l."label_tracking", l."label_batch_id", l."label_at",
                   s."writeback_attempts", s."writeback_error", s."writeback_sent_at"
              from ${this.t('store_orders')} s
              join ${this.t('store_connections')} c on c."id" = s."connection_id"
              left join lateral (${storeOrderLabelSql(this.t)}) l on true
             where ${where}`;
  }

  /**
   * The seller's imported orders, oldest first: awaiting shipment (no label, or only a refunded one, from a store
   * still connected), or shipped (a label bought or being bought).
   */
  async page(userId: string, query: StoreOrdersQuery): Promise<{ orders: StoreOrder[]; total: number }> {
    const filters = inboxFilters(query);
    const where = `${
      query.status === 'awaiting'
        ? `s."user_id" = ? and c."revoked_at" is null and (l."label_id" is null or l."label_status" = 'cancelled')`
        : `s."user_id" = ? and l."label_id" is not null and l."label_status" <> 'cancelled'`
    }${filters.sql}`;
    const params = [userId, ...filters.params];
    const offset = (query.page - 1) * query.limit;
    const rows = await this.db.execute<StoreOrderRow[]>(`${this.select(where)} order by s."placed_at", s."id" limit ? offset ?`, [...params, query.limit, offset]);
    // A page that is not full (a small inbox, the last page) is the end: its total needs no count of every row, which
    // reads each row's label (190–295 ms at 10,000 orders). An empty page past the first may be past the end: counted.
    const short = rows.length > 0 && rows.length < query.limit;
    const total = short || (query.page === 1 && rows.length === 0) ? offset + rows.length : await this.count(where, params);
    const orders = rows.map(storeOrderOf);
    const shipped = query.status === 'awaiting' ? await this.shippedByNumber(userId, orders.map((order) => order.id)) : new Map<string, never>();
    return { orders: orders.map((order) => ({ ...order, shipped: shipped.get(order.id) ?? null })), total };
  }

  private async count(where: string, params: readonly string[]): Promise<number> {
    const [count] = await this.db.execute<Array<{ total: string }>>(`select count(*) as "total" from (${this.select(where)}) counted`, [...params]);
    return Number(count?.total ?? 0);
  }

  /** Of these imported orders, those whose order number already has a label in an uploaded batch (shippedByNumberSql). */
  async shippedByNumber(userId: string, ids: readonly string[]): Promise<Map<string, { shippedAt: string; trackingNumber: string }>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db.execute<Array<{ id: string; shipped_at: Date | string; tracking_number: string }>>(shippedByNumberSql(this.t), [userId, `{${ids.join(',')}}`]);
    return new Map(rows.map((row) => [row.id, { shippedAt: new Date(row.shipped_at).toISOString(), trackingNumber: row.tracking_number }]));
  }

  /** The seller's imported orders of these ids (any missing are not the seller's), with their labels. */
  async byIds(userId: string, ids: readonly string[]): Promise<StoreOrder[]> {
    if (ids.length === 0) return [];
    const rows = await this.db.execute<StoreOrderRow[]>(`${this.select(`s."user_id" = ? and s."id" = any(?::uuid[])`)} order by s."placed_at", s."id"`, [userId, `{${ids.join(',')}}`]);
    return rows.map(storeOrderOf);
  }

  async one(userId: string, id: string): Promise<StoreOrder> {
    const [row] = await this.db.execute<StoreOrderRow[]>(this.select(`s."id" = ? and s."user_id" = ?`), [id, userId]);
    if (!row) throw new DomainError(ErrorCode.NOT_FOUND, 'No such imported order');
    return storeOrderOf(row);
  }

  /**
   * Claims imported orders whose label is done and whose tracking is not yet sent, due now, for one attempt each: the
   * next attempt is pushed `leaseSeconds` ahead in the same statement (SKIP LOCKED), so no other replica sends it
   * meanwhile; a replica dying mid-attempt leaves it to be sent after the lease. Only orders a label was asked for are
   * read (decision 117: store_orders_writeback_asked_idx), not every imported order awaiting shipment.
   */
  async claimDueWriteBacks(limit: number, leaseSeconds: number): Promise<DueWriteBack[]> {
    const table = this.t('store_orders');
    return this.db.execute<DueWriteBack[]>(
      `with due as (
         select s."id", l."label_courier" as "courier", l."label_tracking" as "tracking_number" from ${table} s
           cross join lateral (${storeOrderLabelSql(this.t)}) l
          where s."writeback_sent_at" is null and (${WRITEBACK_ASKED}) and (s."writeback_next_at" is null or s."writeback_next_at" <= now())
            and l."label_status" = 'completed' and l."label_tracking" is not null
          order by s."writeback_next_at" nulls first limit ? for update of s skip locked
       ), claimed as (
         update ${table} s set "writeback_next_at" = now() + make_interval(secs => ?) from due where s."id" = due."id"
         returning s."id", s."connection_id", s."external_id", s."order_number", s."writeback_attempts"
       )
       select claimed.*, due."courier", due."tracking_number" from claimed join due on due."id" = claimed."id"`,
      [limit, leaseSeconds],
    );
  }

  /**
   * Marks imported orders with a single label bought but no mark (bought by a replica of the release before decision
   * 117, during a rolling update): reads every unsent imported order, so the round runs it seldom. Answers how many.
   */
  async markAskedLabels(): Promise<number> {
    const marked = await this.db.execute<Array<{ id: string }>>(
      `update ${this.t('store_orders')} s set "label_asked_at" = o."created_at" from ${this.t('orders')} o
        where s."writeback_sent_at" is null and s."label_asked_at" is null
          and o."user_id" = s."user_id" and o."idempotency_key" = 'store-order:' || s."id"::text
        returning s."id"`,
    );
    return marked.length;
  }

  /** Sent: and due for nothing more until its label is voided (the cancel, decision 113, is due at once then). */
  async writeBackSent(id: string): Promise<void> {
    await this.db.execute(
      `update ${this.t('store_orders')} set "writeback_sent_at" = now(), "writeback_error" = null, "writeback_attempts" = "writeback_attempts" + 1, "writeback_next_at" = null where "id" = ?`,
      [id],
    );
  }

  /** A failed attempt: said on the order, and tried again at `nextAt` (never, 'infinity', when the store is disconnected). */
  async writeBackFailed(id: string, error: string, retryInSeconds: number | null): Promise<void> {
    await this.db.execute(
      `update ${this.t('store_orders')} set "writeback_error" = ?, "writeback_attempts" = "writeback_attempts" + 1,
              "writeback_next_at" = case when ?::float8 is null then 'infinity'::timestamptz else now() + make_interval(secs => ?::float8) end
        where "id" = ?`,
      [error, retryInSeconds, retryInSeconds, id],
    );
  }
}

/** The inbox's filters (decision 113): one store of the seller's, and words found in the order number or the receiver's name, city or ZIP. */
const inboxFilters = (query: StoreOrdersQuery): { sql: string; params: string[] } => {
  const sql: string[] = [];
  const params: string[] = [];
  if (query.store) {
    sql.push(` and s."connection_id" = ?::uuid`);
    params.push(query.store);
  }
  if (query.q) {
    const like = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    sql.push(` and (s."order_number" ilike ? or s."receiver"->>'receiver_name' ilike ? or s."receiver"->>'receiver_city' ilike ? or s."receiver"->>'receiver_zip_postal' ilike ?)`);
    params.push(like, like, like, like);
  }
  return { sql: sql.join(''), params };
};
