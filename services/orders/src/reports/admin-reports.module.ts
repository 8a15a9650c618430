import { Module } from '@nestjs/common';
import { AdminReportRepository } from './admin-report.repository';
import { AdminReportsController } from './admin-reports.controller';

/** Revenue, carrier cost and margin by day, by carrier and by customer, for admins (issue 49, "Reports with pictures"). */
@Module({
  controllers: [AdminReportsController],
  providers: [AdminReportRepository],
})
export class AdminReportsModule {}
