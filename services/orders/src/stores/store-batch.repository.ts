import { Inject, Injectable } from '@nestjs/common';
import { ORM, schemaTable } from '@labeldesk/nest-orm';
import type { MikroORM } from '@mikro-orm/postgresql';
import { storeOrderLabelSql } from './store-order-label.sql';

/** A claim of a batch that never got past its draft no longer holds its orders after this long (a crashed submission). */
const DRAFT_CLAIM_MINUTES = 15;

const uuidArray = (ids: readonly string[]): string => `{${ids.join(',')}}`;

/**
 * An imported order's claim by a batch row (decision 113): `store_orders.bulk_order_id` / `bulk_row_no`. One statement
 * claims an order only when no label of it stands (storeOrderLabelSql: its single label, or its batch row's item) and no other batch is
 * being submitted for it, unless the seller buys another on purpose; so two tabs, or two batches at once, never buy
 * the same order twice. A refused batch gives its claims back.
 */
@Injectable()
export class StoreBatchRepository {
  constructor(@Inject(ORM) private readonly orm: MikroORM) {}

  private t = (name: string): string => schemaTable(this.orm, name);

  private get db() {
    return this.orm.em.getConnection();
  }

  /**
   * Claims for `batchId` the seller's orders of `ids` (in that order) that are free, or in `buyAnother`, or already
   * this batch's (the same submission sent again); numbers the claimed ones 0… in the order asked; answers their ids.
   */
  async claim(userId: string, batchId: string, ids: readonly string[], buyAnother: readonly string[]): Promise<string[]> {
    return this.orm.em.fork().transactional(async (em) => {
      // Locked first (in one order, so two batches never deadlock), so the claim below is decided on a snapshot taken
      // after any other batch's claim of these orders committed: its draft and its claim are both seen.
      await em.execute(`select "id" from ${this.t('store_orders')} where "user_id" = ?::uuid and "id" = any(?::uuid[]) order by "id" for update`, [userId, uuidArray(ids)]);
      const claimed = await em.execute<Array<{ id: string }>>(
        `update ${this.t('store_orders')} s set "bulk_order_id" = ?::uuid, "bulk_row_no" = null,
                "writeback_sent_at" = case when s."id" = any(?::uuid[]) then null else s."writeback_sent_at" end
          where s."user_id" = ?::uuid and s."id" = any(?::uuid[]) and (
            s."bulk_order_id" = ?::uuid or s."id" = any(?::uuid[]) or (
              coalesce((select l."label_status" from (${storeOrderLabelSql(this.t)}) l), 'cancelled') = 'cancelled'
              and not exists (
                select 1 from ${this.t('bulk_orders')} b
                 where b."id" = s."bulk_order_id" and b."status" = 'draft' and b."updated_at" > now() - make_interval(mins => ?))
            )
          )
          returning s."id"`,
        [batchId, uuidArray(buyAnother), userId, uuidArray(ids), batchId, uuidArray(buyAnother), DRAFT_CLAIM_MINUTES],
      );
      const mine = new Set(claimed.map((row) => row.id));
      const ordered = ids.filter((id) => mine.has(id));
      if (ordered.length > 0) {
        await em.execute(
          `update ${this.t('store_orders')} s set "bulk_row_no" = n."row_no" - 1
             from unnest(?::uuid[]) with ordinality as n("id", "row_no") where s."id" = n."id" and s."bulk_order_id" = ?::uuid`,
          [uuidArray(ordered), batchId],
        );
      }
      return ordered;
    });
  }

  /** A batch refused before it bought anything gives its orders back (they are awaiting shipment again). */
  async release(batchId: string): Promise<void> {
    await this.db.execute(`update ${this.t('store_orders')} set "bulk_order_id" = null, "bulk_row_no" = null where "bulk_order_id" = ?::uuid`, [batchId]);
  }
}
