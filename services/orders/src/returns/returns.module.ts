import { Module } from '@nestjs/common';
import { CarriersModule } from '../carriers';
import { FilesModule } from '../files';
import { LabelPricer, OrdersModule } from '../orders';
import { RatesModule } from '../rates';
import { MakeReturnUseCase } from './make-return.usecase';
import { ReturnLabelsRepository } from './return-labels.repository';
import { ReturnLinksRepository } from './return-links.repository';
import { ReturnLinksUseCase } from './return-links.usecase';
import { ReturnScanPoller } from './return-scan-poller';
import { ReturnScans } from './return-scans';
import { ReturnsController } from './returns.controller';
import { VoidReturnUseCase } from './void-return.usecase';

/**
 * Return labels (decision 101): made beside an order's label, charged at purchase or at their first scan, and opened
 * by the buyer through a link. It reads orders and their voids; nothing else reads it.
 */
@Module({
  imports: [CarriersModule, FilesModule, OrdersModule, RatesModule],
  controllers: [ReturnsController],
  providers: [LabelPricer, ReturnLabelsRepository, ReturnLinksRepository, MakeReturnUseCase, ReturnLinksUseCase, ReturnScans, ReturnScanPoller, VoidReturnUseCase],
  exports: [ReturnScanPoller],
})
export class ReturnsModule {}
