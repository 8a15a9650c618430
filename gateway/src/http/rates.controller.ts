import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { OrdersRpc, ratesBodySchema, ratesResponseSchema, type RatesResponse } from '@labeldesk/contracts';
import { RpcClient } from '@labeldesk/nest-transport';
import type { z } from 'zod';
import { Forwards } from '../auth/access.decorators';
import { Ctx, type CallContext } from '../auth/request-context';
import { ApiDoc } from '../docs/api-doc.decorator';
import { ZodBody } from './zod-body.pipe';

/** Issue 45: rates compared across every carrier's services for one parcel, at the user's prices. */
@Controller('rates')
export class RatesController {
  constructor(private readonly rpc: RpcClient) {}

  @ApiDoc({ summary: "Every service the user may buy for one parcel: price, delivery days and tags, cheapest first (costs and margins for admins)", body: ratesBodySchema, response: ratesResponseSchema })
  @Forwards(OrdersRpc.rates)
  @Post()
  @HttpCode(200)
  compare(@Body(new ZodBody(ratesBodySchema)) body: z.output<typeof ratesBodySchema>, @Ctx() ctx: CallContext): Promise<RatesResponse> {
    // Carriers are asked at once, each under its own time-out (CARRIER_TIMEOUT_MS); pricing answers from its cache.
    return this.rpc.call(OrdersRpc.rates, body, { ...ctx, timeoutMs: 30_000 });
  }
}
