import { Inject, Injectable } from '@nestjs/common';
import type { AdminReportFiguresAnswer, AdminReportRequest } from '@labeldesk/contracts';
import { ORM, schemaTable } from '@labeldesk/nest-orm';
import type { MikroORM } from '@mikro-orm/postgresql';
import { adminReportOf, type AdminReportSums, type CarrierSums, type CustomerSums, type DaySums } from './admin-report.mapper';
import { REPORT_SUMS, reportLabelsParams, reportLabelsSql } from '../admin';

type GroupedRow = AdminReportSums & { day: string | null; carrier: string | null; courier: string | null; by_day: boolean; by_carrier: boolean };

/**
 * Revenue, carrier cost and margin of every customer's labels in a span of UTC days, for the admin's reports: the
 * totals, each day and each carrier in one pass over the span's labels (grouping sets), the top customers in a second.
 */
@Injectable()
export class AdminReportRepository {
  constructor(@Inject(ORM) private readonly orm: MikroORM) {}

  async report(request: AdminReportRequest): Promise<AdminReportFiguresAnswer> {
    const t = (name: string) => schemaTable(this.orm, name);
    const em = this.orm.em.fork();
    const params = reportLabelsParams(request.from, request.to);
    const [grouped, customers] = await Promise.all([
      em.execute<GroupedRow[]>(
        `with ${reportLabelsSql(t)}
         select to_char(("at" at time zone 'utc')::date, 'YYYY-MM-DD') as "day", "carrier", "courier",
                grouping(to_char(("at" at time zone 'utc')::date, 'YYYY-MM-DD')) = 0 as "by_day", grouping("carrier", "courier") = 0 as "by_carrier", ${REPORT_SUMS}
           from report_labels
          group by grouping sets ((to_char(("at" at time zone 'utc')::date, 'YYYY-MM-DD')), ("carrier", "courier"), ())`,
        params,
      ),
      // Ranked by what they paid, then by labels, then by id, so equal customers keep one order from one read to the next.
      em.execute<CustomerSums[]>(
        `with ${reportLabelsSql(t)}
         select "user_id", ${REPORT_SUMS}
           from report_labels group by "user_id"
         having count(*) filter (where not "given_back") > 0
          order by "revenue" desc, "labels" desc, "user_id" limit ?`,
        [...params, request.top],
      ),
    ]);
    return adminReportOf(request, {
      totals: grouped.find((row) => !row.by_day && !row.by_carrier),
      days: grouped.filter((row): row is GroupedRow & DaySums => row.by_day && row.day !== null),
      carriers: grouped.filter((row): row is GroupedRow & CarrierSums => row.by_carrier && row.carrier !== null && row.courier !== null),
      customers,
    });
  }
}
