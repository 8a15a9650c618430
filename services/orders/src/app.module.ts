import { Module, type DynamicModule } from '@nestjs/common';
import { serviceModule } from '@labeldesk/nest-service';
import { AdminModule } from './admin';
import { BulkModule } from './bulk';
import { CarriersModule } from './carriers';
import { ClaimsModule } from './claims';
import { OrdersConfigModule, type OrdersEnv } from './config';
import { ordersMigrations } from './database';
import { DownloadsModule } from './downloads';
import { FilesModule, StoredFileEntity } from './files';
import { LabelSizeModule } from './label-size';
import { LifecycleModule } from './lifecycle';
import { OrderEntity, OrdersModule } from './orders';
import { RatesModule } from './rates';
import { AdminReportsModule } from './reports/admin-reports.module';
import { ReturnsModule } from './returns';
import { CustomerReportsModule } from './reports/customer-reports.module';
import { SearchModule } from './search';
import { ShipmentsModule } from './shipments';
import { ShippingDayModule } from './shipping-day';
import { TrackingEmailsModule } from './tracking-emails';
import { StatementsModule } from './statements';
import { StoreBatchModule, StoresModule } from './stores';
import { WebhooksModule } from './webhooks';

/**
 * The orders service: one module per feature (docs/decisions/077), each importing only the features below it.
 * Nest starts the deepest modules first and stops them last, so the carriers (and their render workers) outlive the
 * bulk engine and the jobs that use them.
 */
@Module({})
export class OrdersServiceModule {
  static forEnv(env: OrdersEnv): DynamicModule {
    const service = serviceModule(OrdersServiceModule, 'orders', env, { entities: [OrderEntity, StoredFileEntity], migrations: ordersMigrations });
    const features = [CarriersModule, RatesModule, WebhooksModule, FilesModule, BulkModule, LabelSizeModule, OrdersModule, LifecycleModule, ShippingDayModule, DownloadsModule, AdminModule, SearchModule, ShipmentsModule, StatementsModule, AdminReportsModule, CustomerReportsModule, TrackingEmailsModule, ReturnsModule, ClaimsModule, StoresModule, StoreBatchModule];
    return { ...service, imports: [...(service.imports ?? []), OrdersConfigModule.forEnv(env), ...features] };
  }
}
