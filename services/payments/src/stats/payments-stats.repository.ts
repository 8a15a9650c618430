import { Inject, Injectable } from '@nestjs/common';
import type { PaymentsStats } from '@labeldesk/contracts';
import { ORM, schemaTable } from '@labeldesk/nest-orm';
import type { MikroORM } from '@mikro-orm/postgresql';

/** The start of the current UTC day, as SQL. */
const TODAY = `(date_trunc('day', now() at time zone 'utc') at time zone 'utc')`;

/**
 * Revenue and deposits for the admin dashboard, from the ledger itself (the one record of money): revenue is what
 * labels were charged less what was refunded; deposits are credited deposits (a reversal is not subtracted: it
 * is a separate event an operator reads in the ledger).
 */
@Injectable()
export class PaymentsStatsRepository {
  constructor(@Inject(ORM) private readonly orm: MikroORM) {}

  private t(name: string): string {
    return schemaTable(this.orm, name);
  }

  /** Test mode's labels and refunds are play money (decision 110): no revenue. */
  private live(): string {
    return `"user_id" not in (select "account_id" from ${this.t('test_accounts')})`;
  }

  async stats(days: number): Promise<PaymentsStats> {
    const em = this.orm.em.fork();
    const revenue = `case "kind" when 'label_purchase' then -"amount_cents" when 'refund' then -"amount_cents" else 0 end`;
    const [totals] = await em.execute<Array<Record<string, string>>>(
      `select
         coalesce(sum(${revenue}), 0) as revenue_total,
         coalesce(sum(${revenue}) filter (where "created_at" >= ${TODAY}), 0) as revenue_today,
         coalesce(sum("amount_cents") filter (where "kind" = 'deposit'), 0) as deposits_total,
         coalesce(sum("amount_cents") filter (where "kind" = 'deposit' and "created_at" >= ${TODAY}), 0) as deposits_today,
         count(*) filter (where "kind" = 'deposit') as deposits_count,
         count(*) filter (where "kind" = 'deposit' and "created_at" >= ${TODAY}) as deposits_today_count
       from ${this.t('ledger_entries')} where "kind" in ('label_purchase', 'refund', 'deposit') and ${this.live()}`,
    );
    const perDay = await em.execute<Array<{ day: string; cents: string }>>(
      `with days as (
         select generate_series((now() at time zone 'utc')::date - (?::int - 1), (now() at time zone 'utc')::date, interval '1 day')::date as day
       ), money as (
         select ("created_at" at time zone 'utc')::date as day, ${revenue} as cents from ${this.t('ledger_entries')}
         where "kind" in ('label_purchase', 'refund') and ${this.live()} and "created_at" >= ${TODAY} - (?::int - 1) * interval '1 day'
       )
       select to_char(days.day, 'YYYY-MM-DD') as day, coalesce(sum(money.cents), 0) as cents
       from days left join money on money.day = days.day
       group by days.day order by days.day`,
      [days, days],
    );
    const n = (key: string) => Number(totals?.[key] ?? 0);
    return {
      revenueCents: { total: n('revenue_total'), today: n('revenue_today') },
      deposits: { totalCents: n('deposits_total'), todayCents: n('deposits_today'), count: n('deposits_count'), todayCount: n('deposits_today_count') },
      revenuePerDay: perDay.map((row) => ({ day: row.day, cents: Number(row.cents) })),
    };
  }
}
