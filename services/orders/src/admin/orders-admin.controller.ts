import { Controller } from '@nestjs/common';
import {
  DomainError,
  ErrorCode,
  labelMarginCents,
  OrdersAdminListRpc,
  OrdersAdminRpc,
  type AdminBatchLabels,
  type AdminSingleOrder,
  type Caller,
  type OrdersStats,
  type ParsedRequestOf,
} from '@labeldesk/contracts';
import { CurrentCaller, RpcHandler, RpcPayload } from '@labeldesk/nest-transport';
import { OrderRepository } from '../orders';
import { AdminOrdersRepository } from './admin-orders.repository';
import { BatchLabelsRepository } from './batch-labels.repository';
import { LabelMarginsRepository } from './label-margins.repository';
import { OrdersStatsRepository } from './orders-stats.repository';

/** What the admin area reads across every user's orders; every call is an admin's. */
@Controller()
export class OrdersAdminController {
  constructor(
    private readonly stats: OrdersStatsRepository,
    private readonly list: AdminOrdersRepository,
    private readonly orders: OrderRepository,
    private readonly margins: LabelMarginsRepository,
    private readonly batchLabels: BatchLabelsRepository,
  ) {}

  @RpcHandler(OrdersAdminRpc.stats)
  async onStats(@CurrentCaller() _caller: Caller, @RpcPayload(OrdersAdminRpc.stats) body: ParsedRequestOf<typeof OrdersAdminRpc.stats>): Promise<OrdersStats> {
    const [stats, margins] = await Promise.all([this.stats.stats(body.days), this.margins.margins(body.days)]);
    return { ...stats, margins };
  }

  @RpcHandler(OrdersAdminListRpc.list)
  onList(@CurrentCaller() _caller: Caller, @RpcPayload(OrdersAdminListRpc.list) body: ParsedRequestOf<typeof OrdersAdminListRpc.list>) {
    return this.list.page(body);
  }

  @RpcHandler(OrdersAdminListRpc.single)
  async onSingle(@CurrentCaller() _caller: Caller, @RpcPayload(OrdersAdminListRpc.single) body: ParsedRequestOf<typeof OrdersAdminListRpc.single>): Promise<AdminSingleOrder> {
    const order = await this.orders.findById(body.orderId);
    if (!order) throw new DomainError(ErrorCode.NOT_FOUND, 'Order not found');
    return {
      id: order.id,
      userId: order.userId,
      status: order.status,
      serviceName: order.serviceName,
      sender: order.sender,
      receiver: order.receiver,
      package: order.package,
      priceCents: order.priceCents,
      attempt: order.attempt,
      trackingNumber: order.trackingNumber,
      pdfName: order.labelName,
      failureReason: order.failureReason,
      carrier: order.carrier,
      costCents: order.costCents,
      marginCents: labelMarginCents(order.priceCents, order.costCents),
      createdAt: order.createdAt.toISOString(),
      updatedAt: order.updatedAt.toISOString(),
    };
  }

  @RpcHandler(OrdersAdminListRpc.batchLabels)
  async onBatchLabels(
    @CurrentCaller() _caller: Caller,
    @RpcPayload(OrdersAdminListRpc.batchLabels) body: ParsedRequestOf<typeof OrdersAdminListRpc.batchLabels>,
  ): Promise<AdminBatchLabels> {
    const labels = await this.batchLabels.labels(body.bulkOrderId, body);
    if (!labels) throw new DomainError(ErrorCode.NOT_FOUND, 'Batch not found');
    return labels;
  }
}
