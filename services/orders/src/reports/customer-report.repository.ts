import { Inject, Injectable } from '@nestjs/common';
import type { CustomerReportQuery } from '@labeldesk/contracts';
import { ORM, schemaTable } from '@labeldesk/nest-orm';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { LabelDayGroup } from './customer-report';

type Numeric = string | number;
interface GroupRow {
  day: string;
  service: string;
  courier: string;
  refunded: boolean;
  labels: Numeric;
  charged_cents: Numeric;
  retail_known: Numeric;
  saved_cents: Numeric;
}

/**
 * One customer's bought labels (single orders and batch items, as the `labels` view lists them) in a span of UTC days,
 * summed per day, service, courier and whether their money came back, in one statement. Retail rates are read from
 * the label's own row (orders or bulk_items); the view is left as it is.
 */
@Injectable()
export class CustomerReportRepository {
  constructor(@Inject(ORM) private readonly orm: MikroORM) {}

  async groups(userId: string, range: Pick<CustomerReportQuery, 'from' | 'to'>): Promise<LabelDayGroup[]> {
    const t = (name: string) => schemaTable(this.orm, name);
    const rows = await this.orm.em.fork().execute<GroupRow[]>(
      `select to_char((l."purchased_at" at time zone 'utc')::date, 'YYYY-MM-DD') as "day", l."service_name" as "service",
              l."courier" as "courier", coalesce(v."state" in ('voided', 'refunded'), false) as "refunded",
              count(*) as "labels", coalesce(sum(l."amount_cents"), 0) as "charged_cents",
              count(coalesce(o."retail_cents", i."retail_cents")) as "retail_known",
              coalesce(sum(coalesce(o."retail_cents", i."retail_cents") - l."amount_cents"), 0) as "saved_cents"
         from ${t('labels')} l
         left join ${t('label_voids')} v on v."label_kind" = l."label_kind" and v."label_id" = l."label_id"
         left join ${t('orders')} o on l."label_kind" = 'single' and o."id" = l."label_id"
         left join ${t('bulk_items')} i on l."label_kind" = 'bulk' and i."id" = l."label_id"
        where l."user_id" = ? and l."purchased_at" >= (?::date at time zone 'utc') and l."purchased_at" < ((?::date + 1) at time zone 'utc')
        group by 1, 2, 3, 4`,
      [userId, range.from, range.to],
    );
    return rows.map((row) => ({
      day: row.day,
      service: row.service,
      courier: row.courier,
      refunded: row.refunded,
      labels: Number(row.labels),
      chargedCents: Number(row.charged_cents),
      retailKnown: Number(row.retail_known),
      savedCents: Number(row.saved_cents),
    }));
  }
}
