import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import {
  customerReportCsv,
  customerReportCsvQuerySchema,
  customerReportQuerySchema,
  CustomerReportRpc,
  customerReportSchema,
  type CustomerReport,
  type CustomerReportCsvQuery,
  type CustomerReportQuery,
} from '@labeldesk/contracts';
import { RpcClient } from '@labeldesk/nest-transport';
import type { Response } from 'express';
import { Forwards } from '../auth/access.decorators';
import { Ctx, type CallContext } from '../auth/request-context';
import { ApiDoc } from '../docs/api-doc.decorator';
import { ZodBody } from './zod-body.pipe';

/**
 * The customer's reports (issue 49, decision 092): spending, labels, refunds, the average label and the saving against
 * retail of the user's own labels (an admin: anyone's), by day, week or month, by service and by courier.
 */
@Controller('reports')
export class CustomerReportsController {
  constructor(private readonly rpc: RpcClient) {}

  @ApiDoc({
    summary:
      "A user's labels in a span of UTC days (from, to: the last 30 days by default) by day, ISO week or month (groupBy), by service and by courier: labels and what they were charged, refunds (money back), spent, the average per kept label, and saved against retail over the labels whose retail rate is known (retailKnownLabels)",
    query: customerReportQuerySchema,
    response: customerReportSchema,
  })
  @Forwards(CustomerReportRpc.report)
  @Get(':userId')
  report(@Param('userId') userId: string, @Query(new ZodBody(customerReportQuerySchema)) query: CustomerReportQuery, @Ctx() ctx: CallContext): Promise<CustomerReport> {
    return this.rpc.call(CustomerReportRpc.report, { userId, ...query }, ctx);
  }

  @ApiDoc({ summary: 'One table of the same report (table: periods, services or carriers) as a CSV file, as the Dashboard shows it: amounts in dollars, the total last, cells safe to open in a spreadsheet', query: customerReportCsvQuerySchema })
  @Forwards(CustomerReportRpc.report)
  @Get(':userId/csv')
  async csv(@Param('userId') userId: string, @Query(new ZodBody(customerReportCsvQuerySchema)) query: CustomerReportCsvQuery, @Ctx() ctx: CallContext, @Res() res: Response): Promise<void> {
    const { table, ...range } = query;
    const report = await this.rpc.call(CustomerReportRpc.report, { userId, ...range }, ctx);
    res.status(200);
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="Report_${table}_${report.from}_${report.to}.csv"`);
    res.setHeader('Cache-Control', 'no-store');
    res.send(customerReportCsv(report, table));
  }
}
