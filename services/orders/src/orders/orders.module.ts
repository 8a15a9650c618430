import { Module } from '@nestjs/common';
import { BulkModule } from '../bulk';
import { CarriersModule } from '../carriers';
import { FilesModule } from '../files';
import { InsuranceModule } from '../insurance';
import { LabelSizeModule } from '../label-size';
import { RatesModule } from '../rates';
import { LabelDownloads } from './label-downloads';
import { LabelPricer } from './label-pricer';
import { OrderCustomsRepository } from './order-customs.repository';
import { OrderRepository } from './order.repository';
import { SellerSkus } from './seller-skus';
import { OrdersController } from './orders.controller';
import { PendingOrderRecovery } from './usecases/pending-order-recovery';
import { PlaceSingleOrderUseCase } from './usecases/place-single-order.usecase';
import { ProcessOrderUseCase } from './usecases/process-order.usecase';

/** Single orders: placing one label, recovering the ones left pending, and the order list. */
@Module({
  imports: [CarriersModule, BulkModule, FilesModule, LabelSizeModule, RatesModule, InsuranceModule],
  controllers: [OrdersController],
  providers: [OrderRepository, OrderCustomsRepository, LabelPricer, ProcessOrderUseCase, PlaceSingleOrderUseCase, PendingOrderRecovery, LabelDownloads, SellerSkus],
  exports: [OrderRepository],
})
export class OrdersModule {}
