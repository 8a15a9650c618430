import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { OrdersRpc, ratesResponseSchema, verifyAddressBodySchema, verifyAddressResponseSchema, type RatesResponse, type VerifyAddressResponse } from '@labeldesk/contracts';
import { RpcClient } from '@labeldesk/nest-transport';
import type { z } from 'zod';
import { Forwards } from '../auth/access.decorators';
import { TestModeReady } from '../auth/test-mode';
import { CountsSessions } from '../auth/rate-limit-headers';
import { Ctx, type CallContext } from '../auth/request-context';
import { ApiDoc } from '../docs/api-doc.decorator';
import { signedIn } from './signed-in';
import { StrictBody } from './strict-body.pipe';
import { v1RatesBodySchema } from './v1.schemas';

/** What a label would cost and whether an address is deliverable, before buying (issue 48): the caller's prices. */
@CountsSessions()
@Controller('v1')
export class V1RatesController {
  constructor(private readonly rpc: RpcClient) {}

  @ApiDoc({ summary: 'Every service you may buy for one parcel: price, delivery days and tags, cheapest first', body: v1RatesBodySchema, response: ratesResponseSchema })
  @Forwards(OrdersRpc.rates)
  @TestModeReady()
  @Post('rates')
  @HttpCode(200)
  rates(@Body(new StrictBody(v1RatesBodySchema)) body: z.output<typeof v1RatesBodySchema>, @Ctx() ctx: CallContext): Promise<RatesResponse> {
    return this.rpc.call(OrdersRpc.rates, { ...body, userId: signedIn(ctx).userId }, { ...ctx, timeoutMs: 30_000 });
  }

  @ApiDoc({ summary: "The carrier's verification of an address, with its standardized form and what the offline checks doubt", body: verifyAddressBodySchema, response: verifyAddressResponseSchema })
  @Forwards(OrdersRpc.verifyAddress)
  @Post('addresses/verify')
  @HttpCode(200)
  verify(@Body(new StrictBody(verifyAddressBodySchema)) body: z.output<typeof verifyAddressBodySchema>, @Ctx() ctx: CallContext): Promise<VerifyAddressResponse> {
    return this.rpc.call(OrdersRpc.verifyAddress, { address: body.address }, { ...ctx, timeoutMs: 30_000 });
  }
}
