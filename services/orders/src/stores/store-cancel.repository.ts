import { Inject, Injectable } from '@nestjs/common';
import { ORM, schemaTable } from '@labeldesk/nest-orm';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { DueWriteBack } from './store-orders.repository';
import { storeOrderLabelSql } from './store-order-label.sql';

/**
 * The cancel side of the write-back outbox (decision 113): an imported order whose tracking was sent to its store and
 * whose label no longer stands (voided, refunded, failed) is due to have its store asked to undo the fulfilment. It
 * uses the outbox's own columns: due at `writeback_next_at`, its failure in `writeback_error`; done, the order's
 * tracking counts as not sent (`writeback_sent_at` null), so a label bought again is written back in its turn.
 */
@Injectable()
export class StoreCancelRepository {
  constructor(@Inject(ORM) private readonly orm: MikroORM) {}

  private t = (name: string): string => schemaTable(this.orm, name);

  /** Claims due cancels for one attempt each, pushing the next attempt `leaseSeconds` ahead (SKIP LOCKED). */
  async claimDueCancels(limit: number, leaseSeconds: number): Promise<DueWriteBack[]> {
    const table = this.t('store_orders');
    return this.orm.em.fork().transactional(async (em) => {
      const due = await em.execute<DueWriteBack[]>(
        `select s."id", s."connection_id", s."external_id", s."order_number", s."writeback_attempts", l."label_courier" as "courier", l."label_tracking" as "tracking_number"
           from ${table} s cross join lateral (${storeOrderLabelSql(this.t)}) l
          where s."writeback_sent_at" is not null and (s."writeback_next_at" is null or s."writeback_next_at" <= now())
            and l."label_status" = 'cancelled' and l."label_tracking" is not null
          order by s."writeback_next_at" nulls first limit ? for update of s skip locked`,
        [limit],
      );
      if (due.length > 0) {
        await em.execute(`update ${table} set "writeback_next_at" = now() + make_interval(secs => ?) where "id" = any(?::uuid[])`, [leaseSeconds, `{${due.map((row) => row.id).join(',')}}`]);
      }
      return due;
    });
  }

  /** The store undid the fulfilment (or cannot be asked): the tracking counts as not sent. */
  async cancelled(id: string): Promise<void> {
    await this.orm.em
      .getConnection()
      .execute(`update ${this.t('store_orders')} set "writeback_sent_at" = null, "writeback_error" = null, "writeback_attempts" = 0, "writeback_next_at" = null where "id" = ?`, [id]);
  }
}
