import { Controller } from '@nestjs/common';
import { CustomerReportRpc, type Caller, type CustomerReport, type ParsedRequestOf } from '@labeldesk/contracts';
import { CurrentCaller, RpcHandler, RpcPayload } from '@labeldesk/nest-transport';
import { customerReportOf } from './customer-report';
import { CustomerReportRepository } from './customer-report.repository';

/** A customer's spending drawn over time; the contract lets through only that customer or an admin. */
@Controller()
export class CustomerReportsController {
  constructor(private readonly reports: CustomerReportRepository) {}

  @RpcHandler(CustomerReportRpc.report)
  async onReport(@CurrentCaller() _caller: Caller, @RpcPayload(CustomerReportRpc.report) body: ParsedRequestOf<typeof CustomerReportRpc.report>): Promise<CustomerReport> {
    const { userId, ...query } = body;
    return customerReportOf(userId, query, await this.reports.groups(userId, query));
  }
}
