import type { BoughtLabel, LabelFormat } from '../carriers';
import { Inject, Injectable } from '@nestjs/common';
import { DomainError, ErrorCode, type ApiMode, type OrderStatus } from '@labeldesk/contracts';
import { ORM, isUniqueViolation, schemaTable } from '@labeldesk/nest-orm';
import { ownerFilterOf, type OwnerScope } from '@labeldesk/nest-transport';
import type { MikroORM } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { OrderEntity } from './order.entity';
import type { OrderListRow } from './order.mapper';
import { type OutboxEvent, outboxInsert } from '../webhooks';
import { markLabelAskedSql, storeOrderIdOfKey } from './store-order-mark';

const LABEL_PURCHASED_SINGLE: OutboxEvent = {
  type: 'label.purchased',
  from: 'done src',
  eventId: `'label.purchased:single:' || src."id"`,
  data: `jsonb_build_object('labelKind', 'single', 'labelId', src."id", 'orderId', src."id", 'trackingNumber', src."tracking_number", 'carrier', src."carrier",
           'serviceName', src."service_name", 'amountCents', src."price_cents", 'purchasedAt', src."label_bought_at")`,
};

/** ZPL is text a printer takes raw; served as such so a browser saves it rather than guessing. */
export const LABEL_CONTENT_TYPES: Readonly<Record<LabelFormat, string>> = { PDF: 'application/pdf', ZPL: 'text/plain; charset=utf-8' };

@Injectable()
export class OrderRepository {
  constructor(@Inject(ORM) private readonly orm: MikroORM) {}

  /** A table of this service's schema, quoted for raw SQL. */
  private table(name: 'orders' | 'files' | 'label_voids' | 'label_tracking'): string {
    return schemaTable(this.orm, name);
  }

  /** Inserts a new order, or answers the one this user already placed with this key. */
  async insertOrFind(order: OrderEntity): Promise<{ order: OrderEntity; created: boolean }> {
    try {
      // One plain statement (a flush wraps its insert in BEGIN and COMMIT), written out: the ORM's insert spent more
      // time mapping the entity than the database spent storing it. Every column is listed, so the row is the entity.
      const insert = `insert into ${this.table('orders')} ("id", "user_id", "idempotency_key", "request_hash", "status", "service_name", "service_uid", "courier",
           "sender", "receiver", "package", "price_cents", "attempt", "tracking_number", "pdf_file_id", "pdf_name", "failure_reason", "created_at", "updated_at", "label_format",
           "reference", "metadata", "mode")
         values (?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?::jsonb, ?::jsonb, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?)`;
      const params = [order.id, order.userId, order.idempotencyKey, order.requestHash, order.status, order.serviceName, order.serviceUid, order.courier,
          JSON.stringify(order.sender), JSON.stringify(order.receiver), JSON.stringify(order.package), order.priceCents, order.attempt,
          order.trackingNumber, order.labelFileId, order.labelName, order.failureReason, order.createdAt, order.updatedAt, order.labelFormat,
          order.reference, order.metadata === null ? null : JSON.stringify(order.metadata), order.mode];
      // A label bought for an imported order marks it for the write-back round in the same statement (decision 117).
      const storeOrderId = storeOrderIdOfKey(order.idempotencyKey);
      await this.orm.em
        .fork()
        .execute(storeOrderId === null ? insert : markLabelAskedSql(insert, schemaTable(this.orm, 'store_orders')), storeOrderId === null ? params : [...params, storeOrderId]);
      return { order, created: true };
    } catch (error) {
      if (!isUniqueViolation(error, 'orders_user_idempotency_unique')) throw error;
      const existing = await this.orm.em.fork().findOne(OrderEntity, { userId: order.userId, idempotencyKey: order.idempotencyKey });
      if (!existing) throw error;
      return { order: existing, created: false };
    }
  }

  findByKey(userId: string, idempotencyKey: string): Promise<OrderEntity | null> {
    return this.orm.em.fork().findOne(OrderEntity, { userId, idempotencyKey });
  }

  findById(id: string): Promise<OrderEntity | null> {
    return this.orm.em.fork().findOne(OrderEntity, { id });
  }

  /** The order if its owner is in the caller's scope, filtered in the query: another user's is not found, as a missing one. */
  findOwned(id: string, scope: OwnerScope): Promise<OrderEntity | null> {
    return this.orm.em.fork().findOne(OrderEntity, { id, ...ownerFilterOf(scope) });
  }

  /** The order whose label file has this name, if its owner is in the caller's scope. */
  findByLabelName(labelName: string, scope: OwnerScope): Promise<OrderEntity | null> {
    return this.orm.em.fork().findOne(OrderEntity, { labelName, ...ownerFilterOf(scope) });
  }

  /**
   * Changes an order only while it is still in `from`: a concurrent worker that already moved it on wins, and this
   * caller is told (CONFLICT) instead of overwriting a completed or cancelled order.
   */
  async transition(id: string, from: OrderStatus, change: Partial<OrderEntity>): Promise<OrderEntity> {
    await this.move(id, from, change);
    return this.orm.em.fork().findOneOrFail(OrderEntity, { id });
  }

  /** `transition` without reading the order back: for a last step (completed, cancelled), whose row nobody reads next. */
  async move(id: string, from: OrderStatus, change: Partial<OrderEntity>): Promise<void> {
    const changed = await this.orm.em.fork().nativeUpdate(OrderEntity, { id, status: from }, { ...change, updatedAt: new Date() });
    if (changed === 0) throw new DomainError(ErrorCode.CONFLICT, `Order ${id} is no longer ${from}`);
  }

  /**
   * Stores a bought label and completes its order in one statement (one round trip instead of two): the file is kept
   * under its name (saving the same name twice keeps the first, so a resumed order never writes a second label) and the
   * order moves to completed only while it is still pending, and never without its file (a file of the same name
   * committed by a concurrent statement after this one began is not visible to it: that statement completed this
   * order); otherwise CONFLICT, as `move` says it.
   */
  async completeWithLabel(order: { id: string; userId: string }, label: BoughtLabel & { labelName: string }): Promise<void> {
    const [row] = await this.orm.em.fork().execute<Array<{ id: string }>>(
      // The label.purchased webhook is queued by the same statement (docs/decisions/051): both commit or neither.
      `with saved as (
         insert into ${this.table('files')} ("id", "owner_id", "name", "content_type", "size_bytes", "data") values (?, ?, ?, ?, ?, ?)
         on conflict ("name") do nothing returning "id"
       ), file as (
         select coalesce((select "id" from saved), (select "id" from ${this.table('files')} where "name" = ?)) as "id"
       ), done as (
         update ${this.table('orders')} set "status" = 'completed', "tracking_number" = ?, "pdf_name" = ?, "failure_reason" = null, "updated_at" = now(),
                "pdf_file_id" = (select "id" from file), "label_bought_at" = now(), "carrier" = ?, "carrier_refs" = ?::jsonb, "cost_cents" = ?, "retail_cents" = ?, "label_format" = ?
          where "id" = ? and "status" = 'pending' and (select "id" from file) is not null returning *
       ), hooks as (${outboxInsert((name) => schemaTable(this.orm, name), LABEL_PURCHASED_SINGLE)})
       select "id" from done`,
      [
        randomUUID(), order.userId, label.labelName, LABEL_CONTENT_TYPES[label.format], label.file.length, label.file, label.labelName, label.trackingNumber, label.labelName,
        label.carrier, JSON.stringify(label.carrierRefs), label.costCents, label.retailCents ?? null, label.format, order.id,
      ],
    );
    if (!row) throw new DomainError(ErrorCode.CONFLICT, `Order ${order.id} is no longer pending`);
  }

  /** Forgets a first attempt that was refused before any money moved: it is not an order the customer placed. */
  async discardUnpaid(id: string): Promise<boolean> {
    const deleted = await this.orm.em.fork().nativeDelete(OrderEntity, { id, status: 'pending', attempt: 1, trackingNumber: null });
    return deleted > 0;
  }

  /** Claims a stale pending order for this worker, so two replicas never resume the same one. */
  async claimStale(olderThan: Date): Promise<OrderEntity | null> {
    const table = this.table('orders');
    const [row] = await this.orm.em
      .fork()
      .execute<Array<{ id: string }>>(
        `update ${table} set "updated_at" = now() where "id" = (
           select "id" from ${table} where "status" = 'pending' and "updated_at" < ? order by "updated_at" limit 1 for update skip locked
         ) returning "id"`,
        [olderThan],
      );
    return row ? this.findById(row.id) : null;
  }

  /**
   * A user's latest orders, newest first, as list rows: one query of only the listed columns, no entities. The Orders
   * page reads hundreds of orders per call, and building (and identity-mapping) an entity per row cost more than the
   * query itself. `created_at` is parsed as the ORM parses it when it builds an entity, so the answer is the same.
   */
  async listRowsForUser(userId: string, mode: ApiMode, limit: number): Promise<OrderListRow[]> {
    const rows = await this.orm.em.getConnection().execute<Array<Omit<OrderListRow, 'created_at'> & { created_at: string | Date }>>(
      `select o."id", o."service_name", o."courier", o."sender"->>'sender_name' as "sender_name", o."receiver"->>'receiver_name' as "receiver_name",
              o."receiver"->>'receiver_email' as "receiver_email", o."tracking_number", o."created_at", o."pdf_name", o."status", o."price_cents", o."failure_reason",
              v."state" as "void_state", case when t."checked_at" is null then null else t."status" end as "tracking_status", o."mode"
         from ${this.table('orders')} o
         left join ${this.table('label_voids')} v on v."label_kind" = 'single' and v."label_id" = o."id"
         left join ${this.table('label_tracking')} t on t."label_kind" = 'single' and t."label_id" = o."id"
        where o."user_id" = ? and o."mode" = ? order by o."created_at" desc, o."id" desc limit ?`,
      [userId, mode, limit],
    );
    const platform = this.orm.em.getPlatform();
    for (const row of rows) if (!(row.created_at instanceof Date)) row.created_at = platform.parseDate(row.created_at);
    return rows as OrderListRow[];
  }

  /** Live labels only: a test key's sample labels are not labels bought (decision 119). */
  countCompleted(userId: string): Promise<number> {
    return this.orm.em.fork().count(OrderEntity, { userId, status: 'completed', mode: 'live' });
  }
}
