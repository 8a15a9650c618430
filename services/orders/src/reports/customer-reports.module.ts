import { Module } from '@nestjs/common';
import { CustomerReportRepository } from './customer-report.repository';
import { CustomerReportsController } from './customer-reports.controller';

/** The customer's spending, labels, refunds and savings by period, service and courier (issue 49, decision 092). */
@Module({
  controllers: [CustomerReportsController],
  providers: [CustomerReportRepository],
})
export class CustomerReportsModule {}
