import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { countQueue } from '@labeldesk/nest-config';
import type { OrdersStats } from '@labeldesk/contracts';
import { ORM, schemaTable } from '@labeldesk/nest-orm';
import type { MikroORM } from '@mikro-orm/postgresql';
import { START_OF_LAST_DAYS, START_OF_TODAY as TODAY } from './utc-days';

const PENDING_BATCHES = ['processing', 'retrying_failed', 'generating_files'];
const FAILED_BATCHES = ['failed', 'processing_error', 'retry_processing_error', 'recovery_failed'];

/** Counts for the admin dashboard, each in one aggregate query (no rows are loaded). */
@Injectable()
export class OrdersStatsRepository implements OnModuleInit {
  constructor(@Inject(ORM) private readonly orm: MikroORM) {}

  /** The queues the metrics endpoint reports, counted when scraped. */
  onModuleInit(): void {
    const count = async (sql: string) => Number((await this.orm.em.fork().execute<Array<{ n: string }>>(sql))[0]?.n ?? 0);
    countQueue('bulk_items_open', () => count(`select count(*) as n from ${this.t('bulk_items')} where "status" in ('pending', 'labelled')`));
    countQueue('single_orders_pending', () => count(`select count(*) as n from ${this.t('orders')} where "status" = 'pending'`));
  }

  private t(name: string): string {
    return schemaTable(this.orm, name);
  }

  /** Every figure but the margins (LabelMarginsRepository's), of live orders, batches and labels only (decision 127). */
  async stats(days: number): Promise<Omit<OrdersStats, 'margins'>> {
    const em = this.orm.em.fork();
    const { orders, batches, batchLabels } = liveOnly(this.t.bind(this));
    const [totals] = await em.execute<Array<Record<string, string>>>(
      `select
         (select count(*) from ${orders}) + (select count(*) from ${batches} where "status" <> 'draft') as orders_total,
         (select count(*) from ${orders} where "created_at" >= ${TODAY})
           + (select count(*) from ${batches} where "status" <> 'draft' and "created_at" >= ${TODAY}) as orders_today,
         (select count(*) from ${orders} where "status" = 'completed')
           + (select count(*) from ${batchLabels} where "status" = 'succeeded') as labels_total,
         (select count(*) from ${orders} where "status" = 'completed' and "updated_at" >= ${TODAY})
           + (select count(*) from ${batchLabels} where "status" = 'succeeded' and "updated_at" >= ${TODAY}) as labels_today,
         (select count(*) from ${batches} where "status" in (${PENDING_BATCHES.map(() => '?').join(', ')})) as batches_pending,
         (select count(*) from ${batches} where "status" in (${FAILED_BATCHES.map(() => '?').join(', ')})) as batches_failed`,
      [...PENDING_BATCHES, ...FAILED_BATCHES],
    );
    // A label counts on the day it was finished: a single order when it completed, a bulk item when it succeeded.
    const perDay = await em.execute<Array<{ day: string; count: string }>>(
      `with days as (
         select generate_series((now() at time zone 'utc')::date - (?::int - 1), (now() at time zone 'utc')::date, interval '1 day')::date as day
       ), finished as (
         select ("updated_at" at time zone 'utc')::date as day from ${orders}
           where "status" = 'completed' and "updated_at" >= ${START_OF_LAST_DAYS}
         union all
         select ("updated_at" at time zone 'utc')::date from ${batchLabels}
           where "status" = 'succeeded' and "updated_at" >= ${START_OF_LAST_DAYS}
       )
       select to_char(days.day, 'YYYY-MM-DD') as day, count(finished.day) as count
       from days left join finished on finished.day = days.day
       group by days.day order by days.day`,
      [days, days, days],
    );
    const n = (key: string) => Number(totals?.[key] ?? 0);
    return {
      orders: { total: n('orders_total'), today: n('orders_today') },
      labels: { total: n('labels_total'), today: n('labels_today') },
      batches: { pending: n('batches_pending'), failed: n('batches_failed') },
      labelsPerDay: perDay.map((row) => ({ day: row.day, count: Number(row.count) })),
    };
  }
}

/**
 * The dashboard's tables as live-only row sources (decision 127): a test-mode order, batch or batch label is play
 * money and counts in no admin figure. A batch label's mode is its batch's (decision 124).
 */
export const liveOnly = (t: (name: string) => string): { orders: string; batches: string; batchLabels: string } => ({
  orders: `(select * from ${t('orders')} where "mode" = 'live') as live_orders`,
  batches: `(select * from ${t('bulk_orders')} where "mode" = 'live') as live_batches`,
  batchLabels: `(select i.* from ${t('bulk_items')} i join ${t('bulk_orders')} b on b."id" = i."bulk_order_id" and b."mode" = 'live') as live_batch_labels`,
});
