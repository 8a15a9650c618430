import { Controller, Get, Param, Query } from '@nestjs/common';
import {
  adminBatchLabelsQuerySchema,
  adminBatchLabelsSchema,
  adminOrderDetailSchema,
  adminOrdersQuerySchema,
  adminOrdersResponseSchema,
  AuthRpc,
  DomainError,
  ErrorCode,
  OrdersAdminListRpc,
  OrdersRpc,
  type AdminBatchLabels,
  type AdminOrderDetail,
  type AdminOrdersResponse,
} from '@labeldesk/contracts';
import { RpcClient } from '@labeldesk/nest-transport';
import type { z } from 'zod';
import { Forwards } from '../auth/access.decorators';
import { Ctx, type CallContext } from '../auth/request-context';
import { ApiDoc } from '../docs/api-doc.decorator';
import { ZodBody } from './zod-body.pipe';

/** Order-label management (the spec leaves it open): every order and batch across users, for an operator. */
@Controller('admin/orders')
export class AdminOrdersController {
  constructor(private readonly rpc: RpcClient) {}

  @ApiDoc({ summary: 'Orders and batches of every user, newest first, with carrier cost and margin; filter by user, kind, status, UTC dates, tracking number and carrier', query: adminOrdersQuerySchema, response: adminOrdersResponseSchema })
  @Forwards(OrdersAdminListRpc.list)
  @Get()
  async list(@Query(new ZodBody(adminOrdersQuerySchema)) query: z.output<typeof adminOrdersQuerySchema>, @Ctx() ctx: CallContext): Promise<AdminOrdersResponse> {
    const [page, { users }] = await Promise.all([this.rpc.call(OrdersAdminListRpc.list, query, ctx), this.rpc.call(AuthRpc.listUsers, {}, ctx)]);
    const byId = new Map(users.map((u) => [u.id, u]));
    // A deleted user is in no list: their orders stay, shown without a name.
    return { total: page.total, items: page.items.map((item) => ({ ...item, userName: byId.get(item.userId)?.name ?? null, userEmail: byId.get(item.userId)?.email ?? null })) };
  }

  @ApiDoc({ summary: "A batch's bought labels in row order, each with its carrier, price, cost and margin, and the batch's cost and margin", query: adminBatchLabelsQuerySchema, response: adminBatchLabelsSchema })
  @Forwards(OrdersAdminListRpc.batchLabels)
  @Get('batch/:id/labels')
  batchLabels(@Param('id') id: string, @Query(new ZodBody(adminBatchLabelsQuerySchema)) query: z.output<typeof adminBatchLabelsQuerySchema>, @Ctx() ctx: CallContext): Promise<AdminBatchLabels> {
    return this.rpc.call(OrdersAdminListRpc.batchLabels, { bulkOrderId: id, ...query }, ctx);
  }

  @ApiDoc({ summary: 'One single order (sender, recipient, package, outcome) or one batch (counts and failed labels)', response: adminOrderDetailSchema })
  @Forwards(OrdersAdminListRpc.single)
  @Get(':kind/:id')
  async detail(@Param('kind') kind: string, @Param('id') id: string, @Ctx() ctx: CallContext): Promise<AdminOrderDetail> {
    if (kind === 'single') return { kind, order: await this.rpc.call(OrdersAdminListRpc.single, { orderId: id }, ctx) };
    if (kind === 'batch') return { kind, order: await this.rpc.call(OrdersRpc.bulkGet, { orderId: id }, ctx) };
    throw new DomainError(ErrorCode.NOT_FOUND, 'Order not found');
  }
}
