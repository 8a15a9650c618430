import { Inject, Injectable } from '@nestjs/common';
import { customsSchema, type Customs } from '@labeldesk/contracts';
import { ORM, schemaTable } from '@labeldesk/nest-orm';
import type { MikroORM } from '@mikro-orm/postgresql';

/**
 * A single order's customs declaration (migration 027, decision 098), written before the order so no order abroad
 * is without it; read back whenever its label is bought or asked about again.
 */
@Injectable()
export class OrderCustomsRepository {
  constructor(@Inject(ORM) private readonly orm: MikroORM) {}

  private get table(): string {
    return schemaTable(this.orm, 'order_customs');
  }

  /** Writes an order's declaration once; a retry with the same order id keeps the first (the same order's). */
  async record(orderId: string, userId: string, customs: Customs): Promise<void> {
    await this.orm.em.getConnection().execute(
      `insert into ${this.table} ("order_id", "user_id", "customs") values (?, ?, ?::jsonb) on conflict ("order_id") do nothing`,
      [orderId, userId, JSON.stringify(customs)],
    );
  }

  /** The declaration as it was checked when the order was placed (read through the contract again), or null. */
  async ofOrder(orderId: string): Promise<Customs | null> {
    const rows = await this.orm.em.getConnection().execute<Array<{ customs: unknown }>>(`select "customs" from ${this.table} where "order_id" = ?`, [orderId]);
    const stored = rows[0]?.customs;
    if (stored === undefined) return null;
    return customsSchema.parse(typeof stored === 'string' ? JSON.parse(stored) : stored);
  }
}
