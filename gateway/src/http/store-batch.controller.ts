import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import {
  AddressRpc,
  authMethodOf,
  buyStoreBatchBodySchema,
  ErrorCode,
  StoreBatchRpc,
  storeBatchResponseSchema,
  storeOrderPackage,
  type BuyStoreBatchBody,
  type StoreBatchResponse,
  type StoreOrderPackage,
} from '@labeldesk/contracts';
import { RpcClient } from '@labeldesk/nest-transport';
import { randomUUID } from 'node:crypto';
import { Forwards } from '../auth/access.decorators';
import { Ctx, type CallContext } from '../auth/request-context';
import { ApiDoc } from '../docs/api-doc.decorator';
import { ZodBody } from './zod-body.pipe';

/** The checks, the hold and the claims of up to 500 orders: as long as a bulk submit may take. */
const BATCH_TIMEOUT_MS = 60_000;

/**
 * The inbox's "buy labels" (issue 47, decision 113): imported orders selected in "Awaiting shipment" bought as one
 * bulk batch under the batch's rate rule, each parcel weighed from the seller's SKUs as the inbox shows it. Orders
 * claims each order for its row, so none is bought twice; those already shipped are left out unless the seller buys
 * another on purpose, and the answer counts them.
 */
@Controller('stores')
export class StoreBatchController {
  constructor(private readonly rpc: RpcClient) {}

  @ApiDoc({
    summary: 'Buy the labels of several imported orders as one batch (a fixed service, the cheapest, or the cheapest within N days); orders already shipped are left out unless in buyAnother',
    body: buyStoreBatchBodySchema,
    response: storeBatchResponseSchema,
    errors: [ErrorCode.VALIDATION_FAILED, ErrorCode.NOT_FOUND, ErrorCode.PAYMENTS_INSUFFICIENT_FUNDS],
  })
  @Forwards(StoreBatchRpc.buy)
  @Post('orders/batch')
  @HttpCode(200)
  async buy(@Body(new ZodBody(buyStoreBatchBodySchema)) body: BuyStoreBatchBody, @Ctx() ctx: CallContext): Promise<StoreBatchResponse> {
    const ids = [...new Set(body.storeOrderIds)];
    const { orders } = await this.rpc.call(StoreBatchRpc.orders, { ids }, ctx);
    const skus = !ctx.caller || authMethodOf(ctx.caller) === 'api_key' ? [] : (await this.rpc.call(AddressRpc.listSkus, { userId: ctx.caller.userId }, ctx)).SkuData;
    const packages: Record<string, StoreOrderPackage> = {};
    for (const order of orders) {
      const parcel = storeOrderPackage(order.items, skus);
      if (parcel) packages[order.id] = parcel;
    }
    const { batchId = randomUUID(), ...rest } = body;
    return this.rpc.call(StoreBatchRpc.buy, { ...rest, storeOrderIds: ids, batchId, packages }, { ...ctx, timeoutMs: BATCH_TIMEOUT_MS });
  }
}
