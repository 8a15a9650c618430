import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { OrdersRpc, todayFormLabelsResponseSchema, todayScanFormsBodySchema, todayScanFormsResponseSchema, type TodayFormLabelsResponse, type TodayScanFormsResponse } from '@labeldesk/contracts';
import type { z } from 'zod';
import { RpcClient } from '@labeldesk/nest-transport';
import { Forwards } from '../auth/access.decorators';
import { Ctx, type CallContext } from '../auth/request-context';
import { ApiDoc } from '../docs/api-doc.decorator';
import { ZodBody } from './zod-body.pipe';

/**
 * The shipping day's single-label SCAN forms. A batch's forms and packing slips are downloads
 * (`GET /api/orders/download/scan-form/{orderId}`, `…/packing-slips/{orderId}?variant=gift`). Declared after the
 * orders controllers, whose `:userId` routes are matched first.
 */
@Controller('orders')
export class ShippingDayController {
  constructor(private readonly rpc: RpcClient) {}

  @ApiDoc({
    summary:
      "Today's single labels (USPS's Central day), oldest first, each with whether it may go on a new SCAN form: available, voided, on_form, or on_unconfirmed_form (on a form the carrier may have made but never confirmed: it must not go on another form, and an operator is checking it)",
    response: todayFormLabelsResponseSchema,
  })
  @Forwards(OrdersRpc.scanFormsTodayLabels)
  @Get('scan-forms/today/:userId')
  todayLabels(@Param('userId') userId: string, @Ctx() ctx: CallContext): Promise<TodayFormLabelsResponse> {
    return this.rpc.call(OrdersRpc.scanFormsTodayLabels, { userId }, ctx);
  }

  @ApiDoc({
    summary:
      "SCAN forms (USPS PS Form 5630) for today's single labels, one per sender address: for the labels chosen (orderIds), every one of them today's, not voided and on no form, or else for every label of today not voided and on no form yet. A form of state created downloads at its downloadPath; one of state unconfirmed (the carrier may have made it but never confirmed it) has no file (downloadPath null) and its labels must not go on another form. With no form made, the answer is a 422 that names the unconfirmed forms' labels",
    body: todayScanFormsBodySchema,
    response: todayScanFormsResponseSchema,
  })
  // Making a form manifests the labels on it (a void then becomes a refund request): a shipping action, as buying is.
  @Forwards(OrdersRpc.scanFormsToday)
  @Post('scan-forms/today/:userId')
  @HttpCode(200)
  today(@Param('userId') userId: string, @Body(new ZodBody(todayScanFormsBodySchema)) body: z.output<typeof todayScanFormsBodySchema>, @Ctx() ctx: CallContext): Promise<TodayScanFormsResponse> {
    const options = { ...ctx, timeoutMs: 120_000 };
    return body.orderIds ? this.rpc.call(OrdersRpc.scanFormsChosen, { userId, orderIds: body.orderIds }, options) : this.rpc.call(OrdersRpc.scanFormsToday, { userId }, options);
  }
}
