import { Controller, Get, Query, Res } from '@nestjs/common';
import {
  adminReportCsv,
  adminReportCsvQuerySchema,
  adminReportQuerySchema,
  AdminReportRpc,
  adminReportSchema,
  AuthRpc,
  type AdminReport,
  type AdminReportCsvQuery,
  type AdminReportRequest,
} from '@labeldesk/contracts';
import { RpcClient } from '@labeldesk/nest-transport';
import type { Response } from 'express';
import { Forwards } from '../auth/access.decorators';
import { Ctx, type CallContext } from '../auth/request-context';
import { ApiDoc } from '../docs/api-doc.decorator';
import { ZodBody } from './zod-body.pipe';

/**
 * The admin's reports (issue 49, "Reports with pictures"): orders sums every customer's labels, auth names the top
 * customers (a deleted account keeps its figures, without a name).
 */
@Controller('admin/reports')
export class AdminReportsController {
  constructor(private readonly rpc: RpcClient) {}

  private async named(request: AdminReportRequest, ctx: CallContext): Promise<AdminReport> {
    const [figures, { users }] = await Promise.all([this.rpc.call(AdminReportRpc.figures, request, ctx), this.rpc.call(AuthRpc.listUsers, {}, ctx)]);
    const byId = new Map(users.map((user) => [user.id, user]));
    return { ...figures, topCustomers: figures.topCustomers.map((row) => ({ ...row, name: byId.get(row.userId)?.name ?? null, email: byId.get(row.userId)?.email ?? null })) };
  }

  @ApiDoc({
    summary:
      'Revenue, carrier cost and margin of the labels bought in a span of UTC days (from, to; the last 30 days by default; at most 366), by day, by carrier and courier, and the top customers by revenue (top, 10 by default); labels given back (voided, refunded) are counted apart, and the margin covers the labels with a recorded cost only',
    query: adminReportQuerySchema,
    response: adminReportSchema,
  })
  @Forwards(AdminReportRpc.figures)
  @Get()
  report(@Query(new ZodBody(adminReportQuerySchema)) query: AdminReportRequest, @Ctx() ctx: CallContext): Promise<AdminReport> {
    return this.named(query, ctx);
  }

  @ApiDoc({ summary: 'One table of the same report (table: days, carriers or customers) as a CSV file, amounts in dollars, cells safe to open in a spreadsheet', query: adminReportCsvQuerySchema })
  @Forwards(AdminReportRpc.figures)
  @Get('csv')
  async csv(@Query(new ZodBody(adminReportCsvQuerySchema)) query: AdminReportCsvQuery, @Ctx() ctx: CallContext, @Res() res: Response): Promise<void> {
    const { table, ...request } = query;
    const report = await this.named(request, ctx);
    res.status(200);
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="Admin_report_${table}_${report.from}_${report.to}.csv"`);
    res.setHeader('Cache-Control', 'no-store');
    res.send(adminReportCsv(report, table));
  }
}
