import { Inject, Injectable } from '@nestjs/common';
import type { LabelMargin, LabelMargins } from '@labeldesk/contracts';
import { ORM, schemaTable } from '@labeldesk/nest-orm';
import type { MikroORM } from '@mikro-orm/postgresql';
import { REPORT_SUMS, reportLabelsParams, reportLabelsSql } from './label-report.sql';

type Sums = Record<'labels' | 'cost' | 'known_revenue' | 'unknown_labels' | 'unknown_revenue', string | number>;

const DAY_MS = 86_400_000;
const utcDay = (at: number): string => new Date(at).toISOString().slice(0, 10);

/**
 * Revenue, carrier cost and margin of the labels bought today and in the last N UTC days, for the admin dashboard's
 * margins card: the same labels, counted the same way, as the admin reports beside it (label-report.sql.ts: on the day
 * each was bought, a label whose void gave the money back left out). A label without a recorded cost is counted apart,
 * never as a free one.
 */
@Injectable()
export class LabelMarginsRepository {
  constructor(@Inject(ORM) private readonly orm: MikroORM) {}

  async margins(days: number, now = Date.now()): Promise<LabelMargins> {
    const today = utcDay(now);
    const [span, todays] = await Promise.all([this.sums(utcDay(now - (days - 1) * DAY_MS), today), this.sums(today, today)]);
    return { today: todays, lastDays: span };
  }

  private async sums(from: string, to: string): Promise<LabelMargin> {
    const [row] = await this.orm.em.fork().execute<Sums[]>(
      `with ${reportLabelsSql((name) => schemaTable(this.orm, name))} select ${REPORT_SUMS} from report_labels`,
      reportLabelsParams(from, to),
    );
    const n = (key: keyof Sums) => Number(row?.[key] ?? 0);
    return {
      labels: n('labels') - n('unknown_labels'),
      revenueCents: n('known_revenue'),
      costCents: n('cost'),
      marginCents: n('known_revenue') - n('cost'),
      withoutCost: { labels: n('unknown_labels'), revenueCents: n('unknown_revenue') },
    };
  }
}
