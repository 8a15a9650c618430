import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { buyStoreBatchBodySchema, ErrorCode, StoreBatchRpc, storeBatchResponseSchema, type BuyStoreBatchBody, type StoreBatchResponse } from '@labeldesk/contracts';
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
 * bulk batch under the batch's rate rule. Orders weighs each parcel, and declares the customs of one abroad, from the
 * seller's SKUs itself (decision 121), for a session and an API key alike; it claims each order for its row, so none
 * is bought twice; those already shipped are left out unless the seller buys another on purpose, and the answer
 * counts them.
 */
@Controller('stores')
export class StoreBatchController {
  constructor(private readonly rpc: RpcClient) {}

  @ApiDoc({
    summary:
      'Buy the labels of several imported orders as one batch (a fixed service, the cheapest, or the cheapest within N days), each weighed and, abroad, declared from your SKUs; orders already shipped are left out unless in buyAnother, and an order abroad whose SKUs lack what its customs need is left out alone with why (customsRefused)',
    body: buyStoreBatchBodySchema,
    response: storeBatchResponseSchema,
    errors: [ErrorCode.VALIDATION_FAILED, ErrorCode.NOT_FOUND, ErrorCode.PAYMENTS_INSUFFICIENT_FUNDS],
  })
  @Forwards(StoreBatchRpc.buy)
  @Post('orders/batch')
  @HttpCode(200)
  async buy(@Body(new ZodBody(buyStoreBatchBodySchema)) body: BuyStoreBatchBody, @Ctx() ctx: CallContext): Promise<StoreBatchResponse> {
    const { batchId = randomUUID(), ...rest } = body;
    return this.rpc.call(StoreBatchRpc.buy, { ...rest, storeOrderIds: [...new Set(body.storeOrderIds)], batchId, packages: {} }, { ...ctx, timeoutMs: BATCH_TIMEOUT_MS });
  }
}
