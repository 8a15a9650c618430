import { Module } from '@nestjs/common';
import { OrdersModule } from '../orders';
import { AdminOrdersRepository } from './admin-orders.repository';
import { BatchLabelsRepository } from './batch-labels.repository';
import { LabelMarginsRepository } from './label-margins.repository';
import { OrdersAdminController } from './orders-admin.controller';
import { OrdersStatsRepository } from './orders-stats.repository';

/** The admin's views of orders: lists, costs and margins, queue counts. */
@Module({
  imports: [OrdersModule],
  controllers: [OrdersAdminController],
  providers: [OrdersStatsRepository, AdminOrdersRepository, BatchLabelsRepository, LabelMarginsRepository],
})
export class AdminModule {}
