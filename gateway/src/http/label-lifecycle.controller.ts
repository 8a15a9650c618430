import { Body, Controller, Get, HttpCode, Param, Post, Query, Req } from '@nestjs/common';
import type { RawBodyRequest } from '@nestjs/common';
import {
  adminRefundsPageSchema,
  adminRefundsQuerySchema,
  AuthRpc,
  batchLabelsPageSchema,
  batchLabelsQuerySchema,
  bulkVoidBodySchema,
  bulkVoidResponseSchema,
  DomainError,
  ErrorCode,
  labelCarrierSchema,
  labelTrackingSchema,
  OrdersRpc,
  refundSummarySchema,
  voidLabelResponseSchema,
  type AdminRefundsPage,
  type BatchLabelsPage,
  type BulkVoidBody,
  type BulkVoidResponse,
  type LabelTracking,
  type RefundSummary,
  type VoidLabelResponse,
} from '@labeldesk/contracts';
import { RpcClient } from '@labeldesk/nest-transport';
import type { Request } from 'express';
import type { z } from 'zod';
import { Audited, param } from '../audit/audited.decorator';
import { Forwards, Public } from '../auth/access.decorators';
import { Ctx, type CallContext } from '../auth/request-context';
import { ApiDoc } from '../docs/api-doc.decorator';
import { TestModeReady } from '../auth/test-mode';
import { pushHeadersOf } from './push-headers';
import { WebhookSenderLimit } from './retry-after-throttler.guard';
import { ZodBody } from './zod-body.pipe';

/**
 * A label's life after purchase: void one or a batch, the refund's progress, tracking. Declared after the orders
 * controllers: their fixed paths (`recent/:userId`, `bulk/:userId`) are matched first.
 */
@Controller('orders')
export class LabelLifecycleController {
  constructor(private readonly rpc: RpcClient) {}

  @ApiDoc({ summary: "Void a single order's label (owner or admin): voided and credited at once, or a refund the carrier watches for scans", response: voidLabelResponseSchema })
  @Forwards(OrdersRpc.voidLabel)
  @Post(':orderId/void')
  @HttpCode(200)
  @Audited({ action: 'label.void', targetType: 'order', target: param('orderId'), onlyWhenAdmin: true })
  voidLabel(@Param('orderId') orderId: string, @Ctx() ctx: CallContext): Promise<VoidLabelResponse> {
    return this.rpc.call(OrdersRpc.voidLabel, { orderId }, { ...ctx, timeoutMs: 60_000 });
  }

  @ApiDoc({ summary: "A single order's tracking: status and events (owner or admin)", response: labelTrackingSchema })
  @Forwards(OrdersRpc.tracking)
  @Get(':orderId/tracking')
  tracking(@Param('orderId') orderId: string, @Ctx() ctx: CallContext): Promise<LabelTracking> {
    return this.rpc.call(OrdersRpc.tracking, { orderId }, { ...ctx, timeoutMs: 30_000 });
  }

  @ApiDoc({ summary: "Void a batch's labels: those listed in trackingNumbers, or all of them in pages of 5,000 (send the answer's nextRow as fromRow until it is null): a result per label", body: bulkVoidBodySchema, response: bulkVoidResponseSchema })
  @Forwards(OrdersRpc.bulkVoid)
  @Post('bulk/:orderId/void')
  @TestModeReady()
  @HttpCode(200)
  @Audited({ action: 'batch.void', targetType: 'bulk-order', target: param('orderId'), onlyWhenAdmin: true })
  bulkVoid(@Param('orderId') orderId: string, @Body(new ZodBody(bulkVoidBodySchema)) body: BulkVoidBody, @Ctx() ctx: CallContext): Promise<BulkVoidResponse> {
    return this.rpc.call(OrdersRpc.bulkVoid, { orderId, ...body }, { ...ctx, timeoutMs: 300_000 });
  }

  @ApiDoc({ summary: "A batch's labels with their states, in file order", query: batchLabelsQuerySchema, response: batchLabelsPageSchema })
  @Forwards(OrdersRpc.bulkLabels)
  @Get('bulk/:orderId/labels')
  bulkLabels(@Param('orderId') orderId: string, @Query(new ZodBody(batchLabelsQuerySchema)) query: z.output<typeof batchLabelsQuerySchema>, @Ctx() ctx: CallContext): Promise<BatchLabelsPage> {
    return this.rpc.call(OrdersRpc.bulkLabels, { orderId, ...query }, ctx);
  }

  @ApiDoc({ summary: "One label of a batch: its tracking", response: labelTrackingSchema })
  @Forwards(OrdersRpc.bulkTracking)
  @Get('bulk/:orderId/tracking/:trackingNumber')
  bulkTracking(@Param('orderId') orderId: string, @Param('trackingNumber') trackingNumber: string, @Ctx() ctx: CallContext): Promise<LabelTracking> {
    return this.rpc.call(OrdersRpc.bulkTracking, { orderId, trackingNumber }, { ...ctx, timeoutMs: 30_000 });
  }

  @ApiDoc({ summary: 'Refunds the carriers are still deciding about (not spendable until refunded), and what refunds gave back', response: refundSummarySchema })
  @Forwards(OrdersRpc.refundSummary)
  @Get('refunds/:userId')
  refunds(@Param('userId') userId: string, @Ctx() ctx: CallContext): Promise<RefundSummary> {
    return this.rpc.call(OrdersRpc.refundSummary, { userId }, ctx);
  }
}

/** Every label void with its state, for operators. */
@Controller('admin/orders/refunds')
export class AdminRefundsController {
  constructor(private readonly rpc: RpcClient) {}

  @ApiDoc({ summary: 'Every label void or refund with its state, newest first; filter by state', query: adminRefundsQuerySchema, response: adminRefundsPageSchema })
  @Forwards(OrdersRpc.adminRefunds)
  @Get()
  async list(@Query(new ZodBody(adminRefundsQuerySchema)) query: z.output<typeof adminRefundsQuerySchema>, @Ctx() ctx: CallContext): Promise<AdminRefundsPage> {
    const [page, { users }] = await Promise.all([this.rpc.call(OrdersRpc.adminRefunds, query, ctx), this.rpc.call(AuthRpc.listUsers, {}, ctx)]);
    const emails = new Map(users.map((u) => [u.id, u.email]));
    return { ...page, refunds: page.refunds.map((r) => ({ ...r, email: emails.get(r.userId) ?? null })) };
  }
}

/**
 * Carriers' pushes, one route for every carrier. No session: each is authenticated by its signature, checked by the
 * service holding the carrier's secret (which also knows which header carries it), so the headers go along. The body
 * is read by readSmallBody (256 KB, json-body.middleware) and the route is limited per client address.
 */
@Controller('webhooks/carriers')
export class CarrierPushesController {
  constructor(private readonly rpc: RpcClient) {}

  @ApiDoc({ summary: "A carrier's push, {carrier} one of LABEL_CARRIERS (EasyPost: tracker.updated, X-Hmac-Signature over the raw body)" })
  @Post(':carrier')
  @Public()
  @HttpCode(200)
  @WebhookSenderLimit()
  async push(@Param('carrier') carrierParam: string, @Req() request: RawBodyRequest<Request>): Promise<{ ok: true }> {
    const carrier = labelCarrierSchema.safeParse(carrierParam);
    if (!carrier.success) throw new DomainError(ErrorCode.NOT_FOUND, 'No such carrier');
    const body = request.rawBody?.toString('utf8') ?? '';
    const { accepted } = await this.rpc.call(OrdersRpc.carrierPush, { carrier: carrier.data, body, headers: pushHeadersOf(request.headers) }, { timeoutMs: 30_000 });
    if (!accepted) throw new DomainError(ErrorCode.UNAUTHENTICATED, 'Webhook signature missing or invalid');
    return { ok: true };
  }
}
