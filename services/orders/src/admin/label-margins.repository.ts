import { Inject, Injectable } from '@nestjs/common';
import type { LabelMargin, LabelMargins } from '@labeldesk/contracts';
import { ORM, schemaTable } from '@labeldesk/nest-orm';
import type { MikroORM } from '@mikro-orm/postgresql';
import { START_OF_LAST_DAYS, START_OF_TODAY } from './utc-days';

/** Five sums of one span, named with its prefix; `within` narrows the span further (today), or is `true`. */
const spanSums = (prefix: string, within: string): string => `
  count(*) filter (where "cost" is not null and ${within}) as ${prefix}_labels,
  coalesce(sum("price") filter (where "cost" is not null and ${within}), 0) as ${prefix}_revenue,
  coalesce(sum("cost") filter (where ${within}), 0) as ${prefix}_cost,
  count(*) filter (where "cost" is null and ${within}) as ${prefix}_unknown_labels,
  coalesce(sum("price") filter (where "cost" is null and ${within}), 0) as ${prefix}_unknown_revenue`;

/**
 * Revenue, carrier cost and margin of the labels finished today and in the last N UTC days, for the admin dashboard:
 * one aggregate over single orders completed and batch labels bought in the span, counted on the day they finished (as
 * the dashboard's labels per day are). A label without a recorded cost is counted apart, never as a free one.
 */
@Injectable()
export class LabelMarginsRepository {
  constructor(@Inject(ORM) private readonly orm: MikroORM) {}

  private t(name: string): string {
    return schemaTable(this.orm, name);
  }

  async margins(days: number): Promise<LabelMargins> {
    const [row] = await this.orm.em.fork().execute<Array<Record<string, string>>>(
      `with finished as (
         select "updated_at" as "at", coalesce("price_cents", 0) as "price", "cost_cents" as "cost" from ${this.t('orders')}
           where "status" = 'completed' and "updated_at" >= ${START_OF_LAST_DAYS}
         union all
         select "updated_at", "price_cents", "cost_cents" from ${this.t('bulk_items')}
           where "status" = 'succeeded' and "updated_at" >= ${START_OF_LAST_DAYS}
       )
       select ${spanSums('span', 'true')}, ${spanSums('today', `"at" >= ${START_OF_TODAY}`)} from finished`,
      [days, days],
    );
    const n = (key: string) => Number(row?.[key] ?? 0);
    const span = (prefix: string): LabelMargin => ({
      labels: n(`${prefix}_labels`),
      revenueCents: n(`${prefix}_revenue`),
      costCents: n(`${prefix}_cost`),
      marginCents: n(`${prefix}_revenue`) - n(`${prefix}_cost`),
      withoutCost: { labels: n(`${prefix}_unknown_labels`), revenueCents: n(`${prefix}_unknown_revenue`) },
    });
    return { today: span('today'), lastDays: span('span') };
  }
}
