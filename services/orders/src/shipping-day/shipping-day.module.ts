import { Module } from '@nestjs/common';
import { BulkModule } from '../bulk';
import { CarriersModule } from '../carriers';
import { FormDownloads } from './form-downloads';
import { FilesModule } from '../files';
import { PackingSlipsRepository } from './packing-slips.repository';
import { PackingSlipsUseCase } from './packing-slips.usecase';
import { ScanFormUseCase } from './scan-form.usecase';
import { ScanFormsRepository } from './scan-forms.repository';
import { ShippingDayController } from './shipping-day.controller';

/** The shipping day: SCAN forms and packing slips, for a day's single labels or a batch. */
@Module({
  imports: [CarriersModule, FilesModule, BulkModule],
  controllers: [ShippingDayController],
  providers: [ScanFormsRepository, ScanFormUseCase, PackingSlipsRepository, PackingSlipsUseCase, FormDownloads],
  exports: [ScanFormUseCase, PackingSlipsUseCase],
})
export class ShippingDayModule {}
