import { Inject, Injectable } from '@nestjs/common';
import { DomainError, ErrorCode, type OrderStatus } from '@labeldesk/contracts';
import { ORM, isUniqueViolation } from '@labeldesk/nest-orm';
import type { MikroORM } from '@mikro-orm/postgresql';
import { OrderEntity } from './order.entity';

@Injectable()
export class OrderRepository {
  constructor(@Inject(ORM) private readonly orm: MikroORM) {}

  /** Inserts a new order, or answers the one this user already placed with this key. */
  async insertOrFind(order: OrderEntity): Promise<{ order: OrderEntity; created: boolean }> {
    try {
      await this.orm.em.fork().persistAndFlush(order);
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

  findByPdfName(pdfName: string): Promise<OrderEntity | null> {
    return this.orm.em.fork().findOne(OrderEntity, { pdfName });
  }

  /**
   * Changes an order only while it is still in `from`: a concurrent worker that already moved it on wins, and this
   * caller is told (CONFLICT) instead of overwriting a completed or cancelled order.
   */
  async transition(id: string, from: OrderStatus, change: Partial<OrderEntity>): Promise<OrderEntity> {
    const em = this.orm.em.fork();
    const changed = await em.nativeUpdate(OrderEntity, { id, status: from }, { ...change, updatedAt: new Date() });
    if (changed === 0) throw new DomainError(ErrorCode.CONFLICT, `Order ${id} is no longer ${from}`);
    return em.findOneOrFail(OrderEntity, { id });
  }

  /** Forgets a first attempt that was refused before any money moved: it is not an order the customer placed. */
  async discardUnpaid(id: string): Promise<boolean> {
    const deleted = await this.orm.em.fork().nativeDelete(OrderEntity, { id, status: 'pending', attempt: 1, trackingNumber: null });
    return deleted > 0;
  }

  /** Claims a stale pending order for this worker, so two replicas never resume the same one. */
  async claimStale(olderThan: Date): Promise<OrderEntity | null> {
    const table = `"${this.orm.config.get('schema')}"."orders"`;
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

  listForUser(userId: string, limit: number): Promise<OrderEntity[]> {
    return this.orm.em.fork().find(OrderEntity, { userId }, { orderBy: { createdAt: 'desc', id: 'desc' }, limit });
  }

  countCompleted(userId: string): Promise<number> {
    return this.orm.em.fork().count(OrderEntity, { userId, status: 'completed' });
  }
}
