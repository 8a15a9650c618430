import { Controller, HttpCode, Param, Post } from '@nestjs/common';
import { OrdersRpc, todayScanFormsResponseSchema, type TodayScanFormsResponse } from '@labeldesk/contracts';
import { RpcClient } from '@labeldesk/nest-transport';
import { SelfOrAdmin } from '../auth/access.decorators';
import { Ctx, type CallContext } from '../auth/request-context';
import { ApiDoc } from '../docs/api-doc.decorator';

/**
 * The shipping day's single-label SCAN forms. A batch's forms and packing slips are downloads
 * (`GET /api/orders/download/scan-form/{orderId}`, `…/packing-slips/{orderId}?variant=gift`). Declared after the
 * orders controllers, whose `:userId` routes are matched first.
 */
@Controller('orders')
export class ShippingDayController {
  constructor(private readonly rpc: RpcClient) {}

  @ApiDoc({
    summary: "SCAN forms (USPS PS Form 5630) for today's single labels, one per sender address, made for labels not voided and on no form yet; each downloads at its downloadPath",
    response: todayScanFormsResponseSchema,
  })
  // Making a form manifests the labels on it (a void then becomes a refund request): a shipping action, as buying is.
  @SelfOrAdmin('labels:buy')
  @Post('scan-forms/today/:userId')
  @HttpCode(200)
  today(@Param('userId') userId: string, @Ctx() ctx: CallContext): Promise<TodayScanFormsResponse> {
    return this.rpc.call(OrdersRpc.scanFormsToday, { userId }, { ...ctx, timeoutMs: 120_000 });
  }
}
