import { Controller } from '@nestjs/common';
import { OrdersRpc, type Caller, type LabelTracking, type ParsedRequestOf } from '@labeldesk/contracts';
import { CurrentCaller, foundInScope, ownerScopeOf, RpcHandler, RpcPayload } from '@labeldesk/nest-transport';
import { batchInScope, BulkOrdersRepository } from '../bulk';
import { keyModeOf } from '../common';
import { OrderRepository } from '../orders';
import { CarrierPushUseCase } from './carrier-push.usecase';
import { LabelVoidsRepository, type LabelVoid } from './label-voids.repository';
import { ShownTracking } from './shown-tracking';
import { VoidLabelUseCase } from './void-label.usecase';

type Req<K extends keyof typeof OrdersRpc> = ParsedRequestOf<(typeof OrdersRpc)[K]>;

const ORDER_NOT_FOUND = 'Order not found';

/** Voids, refunds and tracking over the transport: each handler checks the caller, then calls one use case or query. */
@Controller()
export class LifecycleController {
  constructor(
    private readonly voider: VoidLabelUseCase,
    private readonly voids: LabelVoidsRepository,
    private readonly shownTracking: ShownTracking,
    private readonly bulk: BulkOrdersRepository,
    private readonly carrierPushes: CarrierPushUseCase,
    private readonly orders: OrderRepository,
  ) {}

  @RpcHandler(OrdersRpc.voidLabel)
  voidLabel(@CurrentCaller() caller: Caller, @RpcPayload(OrdersRpc.voidLabel) body: Req<'voidLabel'>) {
    return this.voider.voidSingle(caller, body.orderId);
  }

  @RpcHandler(OrdersRpc.bulkVoid)
  bulkVoid(@CurrentCaller() caller: Caller, @RpcPayload(OrdersRpc.bulkVoid) body: Req<'bulkVoid'>) {
    return this.voider.voidBatch(caller, body.orderId, { trackingNumbers: body.trackingNumbers, fromRow: body.fromRow });
  }

  @RpcHandler(OrdersRpc.tracking)
  async singleTracking(@CurrentCaller() caller: Caller, @RpcPayload(OrdersRpc.tracking) body: Req<'tracking'>): Promise<LabelTracking> {
    const scope = ownerScopeOf(caller);
    // A key tracks only its own mode's labels (decisions 119, 124): another mode's is not found, as on the lists.
    const bound = keyModeOf(caller);
    if (bound) foundInScope((await this.orders.findOwned(body.orderId, scope))?.mode === bound ? true : null, scope, ORDER_NOT_FOUND);
    return this.shownTracking.of(foundInScope(await this.voids.singleLabel(body.orderId, scope), scope, ORDER_NOT_FOUND));
  }

  @RpcHandler(OrdersRpc.bulkTracking)
  async bulkTracking(@CurrentCaller() caller: Caller, @RpcPayload(OrdersRpc.bulkTracking) body: Req<'bulkTracking'>): Promise<LabelTracking> {
    const scope = ownerScopeOf(caller);
    if (keyModeOf(caller)) await batchInScope(this.bulk, caller, body.orderId);
    return this.shownTracking.of(foundInScope(await this.voids.batchLabel(body.orderId, body.trackingNumber, scope), scope, ORDER_NOT_FOUND));
  }

  @RpcHandler(OrdersRpc.bulkLabels)
  async bulkLabels(@CurrentCaller() caller: Caller, @RpcPayload(OrdersRpc.bulkLabels) body: Req<'bulkLabels'>) {
    await batchInScope(this.bulk, caller, body.orderId);
    const { labels, total } = await this.voids.batchLabelsPage(body.orderId, body.page, body.limit);
    return {
      labels: labels.map((l) => ({
        itemId: l.labelId,
        row: l.row ?? 0,
        trackingNumber: l.trackingNumber,
        receiverName: l.receiverName,
        serviceName: l.serviceName,
        price: l.amountCents,
        state: l.voidState ?? 'purchased',
        trackingStatus: l.trackingStatus,
        reason: l.voidReason,
      })),
      totalCount: total,
      page: body.page,
      limit: body.limit,
    };
  }

  @RpcHandler(OrdersRpc.refundSummary)
  refundSummary(@CurrentCaller() _caller: Caller, @RpcPayload(OrdersRpc.refundSummary) body: Req<'refundSummary'>) {
    return this.voids.summary(body.userId);
  }

  @RpcHandler(OrdersRpc.adminRefunds)
  async adminRefunds(@CurrentCaller() _caller: Caller, @RpcPayload(OrdersRpc.adminRefunds) body: Req<'adminRefunds'>) {
    const { voids, total } = await this.voids.page(body.page, body.limit, body.state);
    return { refunds: voids.map(toAdminRefund), totalCount: total, page: body.page, limit: body.limit };
  }

  @RpcHandler(OrdersRpc.carrierPush)
  async carrierPush(@RpcPayload(OrdersRpc.carrierPush) body: Req<'carrierPush'>) {
    return { accepted: await this.carrierPushes.receive(body.carrier, body.body, body.headers) };
  }
}

const toAdminRefund = (v: LabelVoid) => ({
  id: v.id,
  userId: v.userId,
  email: null,
  orderId: v.orderId,
  kind: v.kind,
  trackingNumber: v.trackingNumber,
  carrier: v.carrier,
  amount: v.amountCents,
  state: v.state,
  reason: v.reason,
  requestedBy: v.requestedBy,
  requestedAt: v.requestedAt.toISOString(),
  settledAt: v.settledAt?.toISOString() ?? null,
});
