import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { OrdersRpc, verifyAddressBodySchema, verifyAddressResponseSchema, type VerifyAddressResponse } from '@labeldesk/contracts';
import { RpcClient } from '@labeldesk/nest-transport';
import type { z } from 'zod';
import { ApiDoc } from '../docs/api-doc.decorator';
import { Ctx, type CallContext } from '../auth/request-context';
import { ZodBody } from './zod-body.pipe';
import { Forwards } from '../auth/access.decorators';

/** Issue 26: the carrier's verification of an address, for the order form and the bulk table (session required). */
@Controller('addresses')
export class AddressVerifyController {
  constructor(private readonly rpc: RpcClient) {}

  @ApiDoc({ summary: "The carrier's verification of an address (ADDRESS_CHECK=carrier), with its standardized form", body: verifyAddressBodySchema, response: verifyAddressResponseSchema })
  @Forwards(OrdersRpc.verifyAddress)
  @Post('verify')
  @HttpCode(200)
  verify(@Body(new ZodBody(verifyAddressBodySchema)) body: z.output<typeof verifyAddressBodySchema>, @Ctx() ctx: CallContext): Promise<VerifyAddressResponse> {
    return this.rpc.call(OrdersRpc.verifyAddress, { address: body.address }, { ...ctx, timeoutMs: 30_000 });
  }
}
