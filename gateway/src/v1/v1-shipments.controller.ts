import { Body, Controller, Get, Headers, HttpCode, Inject, Param, Post, Query, Res } from '@nestjs/common';
import {
  apiShipmentSchema,
  DomainError,
  ErrorCode,
  OrdersApiRpc,
  OrdersRpc,
  type ApiShipment,
} from '@labeldesk/contracts';
import { RpcClient } from '@labeldesk/nest-transport';
import type { Response } from 'express';
import type { z } from 'zod';
import { Audited, param } from '../audit/audited.decorator';
import { Forwards } from '../auth/access.decorators';
import { TestModeReady } from '../auth/test-mode';
import { CountsSessions } from '../auth/rate-limit-headers';
import { Ctx, type CallContext } from '../auth/request-context';
import { GATEWAY_ENV, type GatewayEnv } from '../config/env.schema';
import { ApiDoc } from '../docs/api-doc.decorator';
import { streamFile } from '../http/file-stream';
import { IdempotencyKey } from '../http/idempotency-key.decorator';
import { purchaseSingle } from '../http/single-purchase';
import { cursorPage, decodeCursor } from './cursor';
import { signedIn } from './signed-in';
import { pathId } from './path-id';
import { StrictBody } from './strict-body.pipe';
import {
  v1LabelQuerySchema,
  v1ShipmentBodySchema,
  v1ShipmentsPageSchema,
  v1ShipmentsQuerySchema,
  v1TrackingSchema,
  v1VoidSchema,
  type V1ShipmentsPage,
  type V1Tracking,
  type V1Void,
} from './v1.schemas';

export const IDEMPOTENCY_KEY_REQUIRED = 'Send an Idempotency-Key header (8 to 200 letters, digits or -_.:) unique to this purchase: a retry with it is never charged twice';

const shipmentId = (id: string): string => pathId(id, 'Shipment not found');

/**
 * Shipments (single labels) for integrators (issue 48, decision 103): buy, read one in any state, page through them by
 * cursor, void, fetch the label, track. The caller's own only: no path or body names a user. Each route's access comes
 * from the contract it forwards to (decision 080), so an API key needs the scope that contract names.
 */
@CountsSessions()
@Controller('v1/shipments')
export class V1ShipmentsController {
  constructor(
    private readonly rpc: RpcClient,
    @Inject(GATEWAY_ENV) private readonly env: Pick<GatewayEnv, 'ORDER_REPLY_WAIT_MS'>,
  ) {}

  /**
   * Buys one label under the caller's Idempotency-Key (required here): 201 with the shipment once bought; 202 with it
   * pending when a service on the way did not answer in time (it completes or is refunded by itself, and
   * `GET /api/v1/shipments/{id}` shows which); 503 when nothing was or will be charged.
   */
  @ApiDoc({
    summary: 'Buy one label (Idempotency-Key required), with your own reference and metadata; 202 with the pending shipment when a service is slow',
    body: v1ShipmentBodySchema,
    response: apiShipmentSchema,
    also: [{ status: 202, description: 'A service on the way did not answer in time: the shipment is pending, and completes or is refunded by itself', response: apiShipmentSchema }],
    errors: [ErrorCode.PAYMENTS_INSUFFICIENT_FUNDS, ErrorCode.ORDERS_IN_PROGRESS, ErrorCode.CONFLICT, ErrorCode.PRICING_WEIGHT_OVER_MAX, ErrorCode.ORDERS_CARRIER_FAILED, ErrorCode.ORDERS_NOT_ANSWERED],
  })
  @Forwards(OrdersRpc.placeSingle)
  @TestModeReady()
  @Post()
  async buy(
    @Body(new StrictBody(v1ShipmentBodySchema)) body: z.output<typeof v1ShipmentBodySchema>,
    @IdempotencyKey() idempotencyKey: string,
    @Headers('idempotency-key') sentKey: string | undefined,
    @Ctx() ctx: CallContext,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ApiShipment> {
    if (!sentKey) throw new DomainError(ErrorCode.VALIDATION_FAILED, IDEMPOTENCY_KEY_REQUIRED, [{ path: 'Idempotency-Key', message: IDEMPOTENCY_KEY_REQUIRED }]);
    const userId = signedIn(ctx).userId;
    const { reference, metadata, ...order } = body;
    const purchase = await purchaseSingle(this.rpc, { userId, idempotencyKey, order, reference, metadata }, this.env.ORDER_REPLY_WAIT_MS, ctx);
    if ('pendingOrderId' in purchase) res.status(202);
    return this.rpc.call(OrdersApiRpc.shipment, { orderId: 'bought' in purchase ? purchase.bought.orderId : purchase.pendingOrderId }, ctx);
  }

  @ApiDoc({
    summary: 'Your shipments, newest first, a page at a time: send the answer\'s next_cursor as cursor while has_more; filter by status, reference, tracking number and creation time',
    query: v1ShipmentsQuerySchema,
    response: v1ShipmentsPageSchema,
  })
  @Forwards(OrdersApiRpc.shipments)
  @TestModeReady()
  @Get()
  async list(@Query(new StrictBody(v1ShipmentsQuerySchema)) query: z.output<typeof v1ShipmentsQuerySchema>, @Ctx() ctx: CallContext): Promise<V1ShipmentsPage> {
    const page = await this.rpc.call(
      OrdersApiRpc.shipments,
      {
        limit: query.limit,
        ...(query.cursor ? { after: decodeCursor(query.cursor) } : {}),
        ...(query.status ? { status: query.status } : {}),
        ...(query.reference ? { reference: query.reference } : {}),
        ...(query.tracking_number ? { trackingNumber: query.tracking_number } : {}),
        ...(query.created_gte ? { createdGte: query.created_gte } : {}),
        ...(query.created_lt ? { createdLt: query.created_lt } : {}),
        ...(query.mode ? { mode: query.mode } : {}),
      },
      ctx,
    );
    return cursorPage(page.shipments, page.next);
  }

  @ApiDoc({ summary: 'One shipment in any state (pending while its label is being bought), with your reference and metadata', response: apiShipmentSchema })
  @Forwards(OrdersApiRpc.shipment)
  @TestModeReady()
  @Get(':id')
  one(@Param('id') id: string, @Ctx() ctx: CallContext): Promise<ApiShipment> {
    return this.rpc.call(OrdersApiRpc.shipment, { orderId: shipmentId(id) }, ctx);
  }

  @ApiDoc({ summary: "Void a shipment's label: voided and credited at once, or a refund the carrier watches for scans first", response: v1VoidSchema, status: 200, errors: [ErrorCode.CONFLICT] })
  @Forwards(OrdersRpc.voidLabel)
  @TestModeReady()
  @Post(':id/void')
  @HttpCode(200)
  @Audited({ action: 'label.void', targetType: 'order', target: param('id'), onlyWhenAdmin: true })
  async void(@Param('id') id: string, @Ctx() ctx: CallContext): Promise<V1Void> {
    // Read first: another mode's shipment is not found by a key (decision 119), as another user's.
    const shipment = await this.rpc.call(OrdersApiRpc.shipment, { orderId: shipmentId(id) }, ctx);
    const voided = await this.rpc.call(OrdersRpc.voidLabel, { orderId: shipment.id }, { ...ctx, timeoutMs: 60_000 });
    return { shipment_id: voided.orderId, tracking_number: voided.trackingNumber, label_state: voided.state, amount_cents: voided.amount, message: voided.message };
  }

  /**
   * The label file, in the format it was bought in (a label is bought once, as PDF or ZPL): `format` may name it, and
   * another format is refused saying which there is. 202 while the label is being bought.
   */
  @ApiDoc({
    summary: "The shipment's label file (application/pdf, or ZPL as text); 202 while it is being bought, 409 when format names another format than the label's",
    query: v1LabelQuerySchema,
    errors: [ErrorCode.CONFLICT],
  })
  @Forwards(OrdersRpc.fileInfo)
  @TestModeReady()
  @Get(':id/label')
  async label(
    @Param('id') id: string,
    @Query(new StrictBody(v1LabelQuerySchema)) query: z.output<typeof v1LabelQuerySchema>,
    @Ctx() ctx: CallContext,
    @Res() res: Response,
  ): Promise<void> {
    const shipment = await this.rpc.call(OrdersApiRpc.shipment, { orderId: shipmentId(id) }, ctx);
    if (shipment.status === 'cancelled') throw new DomainError(ErrorCode.NOT_FOUND, 'This shipment has no label: it was not bought');
    if (query.format && query.format !== shipment.label_format) {
      throw new DomainError(ErrorCode.CONFLICT, `This label was bought as ${shipment.label_format.toUpperCase()}: ask format=${shipment.label_format}`, [
        { path: 'format', message: `The label is ${shipment.label_format}` },
      ]);
    }
    const info = shipment.status === 'pending' ? ({ status: 'processing' } as const) : await this.rpc.call(OrdersRpc.fileInfo, { kind: shipment.label_format, id: shipment.id }, ctx);
    if (info.status === 'processing') {
      res.status(202).json({ message: 'The label is still being bought. Ask again in a few moments.', code: ErrorCode.ORDERS_FILE_NOT_READY });
      return;
    }
    await streamFile(this.rpc, info, ctx, res);
  }

  @ApiDoc({ summary: "The shipment's tracking: status and events, oldest first (a shipment whose label is not bought yet answers no status and no events)", response: v1TrackingSchema })
  @Forwards(OrdersRpc.tracking)
  @TestModeReady()
  @Get(':id/tracking')
  async tracking(@Param('id') id: string, @Ctx() ctx: CallContext): Promise<V1Tracking> {
    const shipment = await this.rpc.call(OrdersApiRpc.shipment, { orderId: shipmentId(id) }, ctx);
    if (shipment.status !== 'completed' || !shipment.tracking_number) {
      return { shipment_id: shipment.id, tracking_number: shipment.tracking_number, carrier: null, courier: shipment.courier, status: null, used: false, events: [], checked_at: null };
    }
    const tracked = await this.rpc.call(OrdersRpc.tracking, { orderId: shipment.id }, { ...ctx, timeoutMs: 30_000 });
    return {
      shipment_id: shipment.id,
      tracking_number: tracked.trackingNumber,
      carrier: tracked.carrier,
      courier: tracked.courier,
      status: tracked.status,
      used: tracked.used,
      events: tracked.events,
      checked_at: tracked.checkedAt,
    };
  }
}
