import { AddressVerifier } from './carriers/address/address-verifier';
import { Module, type DynamicModule } from '@nestjs/common';
import { serviceModule } from '@labeldesk/nest-service';
import { AdminOrdersRepository } from './admin/admin-orders.repository';
import { BatchLabelsRepository } from './admin/batch-labels.repository';
import { LabelMarginsRepository } from './admin/label-margins.repository';
import { OrdersAdminController } from './admin/orders-admin.controller';
import { OrdersStatsRepository } from './admin/orders-stats.repository';
import { BulkController } from './bulk/bulk.controller';
import { BulkEngine } from './bulk/bulk-engine';
import { BulkFilesBuilder } from './bulk/bulk-files.builder';
import { BulkProgressPublisher } from './bulk/bulk-progress.publisher';
import { BulkRepository } from './bulk/bulk.repository';
import { RegenerateFilesUseCase } from './bulk/usecases/regenerate-files.usecase';
import { RetryFailedLabelsUseCase } from './bulk/usecases/retry-failed-labels.usecase';
import { SubmitBulkOrderUseCase } from './bulk/usecases/submit-bulk-order.usecase';
import { carrierRegistryProvider } from './carriers/carrier.provider';
import { CarrierAlerts } from './carriers/alerts/carrier-alerts';
import { CarrierAlertsController } from './carriers/alerts/carrier-alerts.controller';
import { CarrierAlertsRepository } from './carriers/alerts/carrier-alerts.repository';
import { LabelPurchaser } from './carriers/purchase/label-purchaser';
import { ShipperContacts } from './carriers/shipper/shipper-contacts';
import { PurchaseJournalRepository } from './carriers/purchase/purchase-journal.repository';
import { ORDERS_ENV, type OrdersEnv } from './config/env.schema';
import { ordersMigrations } from './database/migrations';
import { FileRepository } from './files/file.repository';
import { FilesController } from './downloads/files.controller';
import { StoredFileEntity } from './files/stored-file.entity';
import { OrderEntity } from './orders/order.entity';
import { OrderRepository } from './orders/order.repository';
import { OrdersController } from './orders/orders.controller';
import { PendingOrderRecovery } from './orders/usecases/pending-order-recovery';
import { PlaceSingleOrderUseCase } from './orders/usecases/place-single-order.usecase';
import { ProcessOrderUseCase } from './orders/usecases/process-order.usecase';
import { AutoRefundJob } from './lifecycle/auto-refund.job';
import { AbandonedUploadSweeper } from './bulk/abandoned-upload-sweeper';
import { EasyPostWebhookUseCase } from './lifecycle/easypost-webhook.usecase';
import { LabelManifestsRepository } from './lifecycle/label-manifests.repository';
import { LabelTrackingRepository } from './lifecycle/label-tracking.repository';
import { LabelVoidsRepository } from './lifecycle/label-voids.repository';
import { LifecycleController } from './lifecycle/lifecycle.controller';
import { RefundCredit } from './lifecycle/refund-credit';
import { RefundReconciler } from './lifecycle/refund-reconciler';
import { TrackingPoller } from './lifecycle/tracking-poller';
import { TrackingRefresh } from './lifecycle/tracking-refresh';
import { VoidLabelUseCase } from './lifecycle/void-label.usecase';
import { VoidSettlement } from './lifecycle/void-settlement';
import { VoidStamper } from './lifecycle/void-stamp';
import { PackingSlipsRepository } from './shipping-day/packing-slips.repository';
import { PackingSlipsUseCase } from './shipping-day/packing-slips.usecase';
import { ScanFormUseCase } from './shipping-day/scan-form.usecase';
import { ScanFormsRepository } from './shipping-day/scan-forms.repository';
import { ShippingDayController } from './shipping-day/shipping-day.controller';
import { ManageWebhooksUseCase } from './webhooks/manage-webhooks.usecase';
import { RelayEventUseCase } from './webhooks/relay-event.usecase';
import { WebhookDeliverer } from './webhooks/webhook-deliverer';
import { WebhookRetention } from './webhooks/webhook-retention';
import { WebhookEndpointsRepository } from './webhooks/webhook-endpoints.repository';
import { WebhookMessagesRepository } from './webhooks/webhook-messages.repository';
import { WebhooksController } from './webhooks/webhooks.controller';

/** Orders, labels and their files, the carrier adapters. */
@Module({})
export class OrdersModule {
  static forEnv(env: OrdersEnv): DynamicModule {
    return serviceModule(OrdersModule, 'orders', env, {
      entities: [OrderEntity, StoredFileEntity],
      migrations: ordersMigrations,
      controllers: [OrdersController, FilesController, BulkController, OrdersAdminController, CarrierAlertsController, LifecycleController, ShippingDayController, WebhooksController],
      providers: [
        { provide: ORDERS_ENV, useValue: env },
        carrierRegistryProvider,
        AddressVerifier,
        PurchaseJournalRepository,
        LabelPurchaser,
        ShipperContacts,
        CarrierAlertsRepository,
        CarrierAlerts,
        OrderRepository,
        ScanFormsRepository,
        ScanFormUseCase,
        PackingSlipsRepository,
        PackingSlipsUseCase,
        FileRepository,
        ProcessOrderUseCase,
        PlaceSingleOrderUseCase,
        PendingOrderRecovery,
        BulkRepository,
        BulkProgressPublisher,
        BulkFilesBuilder,
        BulkEngine,
        SubmitBulkOrderUseCase,
        RetryFailedLabelsUseCase,
        RegenerateFilesUseCase,
        OrdersStatsRepository,
        AdminOrdersRepository,
        BatchLabelsRepository,
        LabelMarginsRepository,
        LabelVoidsRepository,
        LabelTrackingRepository,
        LabelManifestsRepository,
        RefundCredit,
        VoidSettlement,
        VoidStamper,
        TrackingRefresh,
        VoidLabelUseCase,
        RefundReconciler,
        AutoRefundJob,
        AbandonedUploadSweeper,
        TrackingPoller,
        EasyPostWebhookUseCase,
        WebhookEndpointsRepository,
        WebhookMessagesRepository,
        WebhookDeliverer,
        WebhookRetention,
        ManageWebhooksUseCase,
        RelayEventUseCase,
      ],
    });
  }
}
