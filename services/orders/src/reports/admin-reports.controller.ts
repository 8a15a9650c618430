import { Controller } from '@nestjs/common';
import { AdminReportRpc, type AdminReportFiguresAnswer, type Caller, type ParsedRequestOf } from '@labeldesk/contracts';
import { CurrentCaller, RpcHandler, RpcPayload } from '@labeldesk/nest-transport';
import { AdminReportRepository } from './admin-report.repository';

/** The admin's reports over every customer's labels; the contract lets admins only through. */
@Controller()
export class AdminReportsController {
  constructor(private readonly reports: AdminReportRepository) {}

  @RpcHandler(AdminReportRpc.figures)
  onFigures(@CurrentCaller() _caller: Caller, @RpcPayload(AdminReportRpc.figures) body: ParsedRequestOf<typeof AdminReportRpc.figures>): Promise<AdminReportFiguresAnswer> {
    return this.reports.report(body);
  }
}
