import { Module } from '@nestjs/common';
import { BulkModule } from '../bulk';
import { CarriersModule } from '../carriers';
import { OrdersModule } from '../orders';
import { AutoRefundJob } from './auto-refund.job';
import { CarrierPushUseCase } from './carrier-push.usecase';
import { LabelManifestsRepository } from './label-manifests.repository';
import { LabelTrackingRepository } from './label-tracking.repository';
import { LabelVoidsRepository } from './label-voids.repository';
import { LifecycleController } from './lifecycle.controller';
import { RefundCredit } from './refund-credit';
import { RefundReconciler } from './refund-reconciler';
import { ShownTracking } from './shown-tracking';
import { TrackingPoller } from './tracking-poller';
import { TrackingLinksController } from './tracking-links.controller';
import { TrackingLinksRepository } from './tracking-links.repository';
import { TrackingLinksUseCase } from './tracking-links.usecase';
import { TrackingRefresh } from './tracking-refresh';
import { VoidLabelUseCase } from './void-label.usecase';
import { VoidSettlement } from './void-settlement';
import { VoidStamper } from './void-stamp';

/** A bought label's life: voids and refunds, tracking and its links for buyers, the automatic refund of unused labels. */
@Module({
  imports: [CarriersModule, BulkModule, OrdersModule],
  controllers: [LifecycleController, TrackingLinksController],
  providers: [
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
    TrackingPoller,
    CarrierPushUseCase,
    ShownTracking,
    TrackingLinksRepository,
    TrackingLinksUseCase,
  ],
  // Insurance claims read a label's void and tracking before one is filed (decision 102).
  exports: [LabelVoidsRepository, ShownTracking],
})
export class LifecycleModule {}
