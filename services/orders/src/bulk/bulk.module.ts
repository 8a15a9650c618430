import { Module } from '@nestjs/common';
import { CarriersModule } from '../carriers';
import { FilesModule } from '../files';
import { InsuranceModule } from '../insurance';
import { RatesModule } from '../rates';
import { BatchDownloads } from './batch-downloads';
import { AbandonedUploadSweeper } from './abandoned-upload-sweeper';
import { BulkEngine } from './bulk-engine';
import { BulkFilesBuilder } from './bulk-files.builder';
import { BulkProgressPublisher } from './bulk-progress.publisher';
import { BulkController } from './bulk.controller';
import { BulkWorkListener } from './bulk-work.listener';
import { BulkWorkSignal } from './bulk-work.signal';
import { BulkClaimsRepository } from './bulk-claims.repository';
import { BulkFilesRepository } from './bulk-files.repository';
import { BulkOrdersRepository } from './bulk-orders.repository';
import { BulkRoundsRepository } from './bulk-rounds.repository';
import { BulkStagingRepository } from './bulk-staging.repository';
import { BulkRowPricer } from './pricing/bulk-row-pricer';
import { RegenerateFilesUseCase } from './usecases/regenerate-files.usecase';
import { RetryFailedLabelsUseCase } from './usecases/retry-failed-labels.usecase';
import { SubmitBulkOrderUseCase } from './usecases/submit-bulk-order.usecase';

/** Bulk orders: staged uploads, the engine buying their labels in rounds, and the batch files. */
@Module({
  imports: [CarriersModule, FilesModule, RatesModule, InsuranceModule],
  controllers: [BulkController, BulkWorkListener],
  providers: [
    BulkOrdersRepository,
    BulkStagingRepository,
    BulkRoundsRepository,
    BulkClaimsRepository,
    BulkFilesRepository,
    BulkProgressPublisher,
    BulkFilesBuilder,
    BulkEngine,
    BulkWorkSignal,
    BulkRowPricer,
    SubmitBulkOrderUseCase,
    RetryFailedLabelsUseCase,
    RegenerateFilesUseCase,
    AbandonedUploadSweeper,
    BatchDownloads,
  ],
  exports: [BulkOrdersRepository, RegenerateFilesUseCase, BulkStagingRepository, SubmitBulkOrderUseCase],
})
export class BulkModule {}
