import { Module } from '@nestjs/common';
import { BulkModule } from '../bulk';
import { FilesModule } from '../files';
import { OrdersModule } from '../orders';
import { ShippingDayModule } from '../shipping-day';
import { FilesController } from './files.controller';

/** Downloads of every kind of file: it asks the feature that owns a file whether the caller may have it. */
@Module({ imports: [FilesModule, OrdersModule, BulkModule, ShippingDayModule], controllers: [FilesController] })
export class DownloadsModule {}
