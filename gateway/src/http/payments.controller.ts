import { Body, Controller, Get, HttpCode, Param, Post, Query, Req, UseGuards } from '@nestjs/common';
import type { RawBodyRequest } from '@nestjs/common';
import { SkipThrottle, Throttle } from '@nestjs/throttler';
import { RetryAfterThrottlerGuard } from './retry-after-throttler.guard';
import {
  depositPageSchema,
  depositsQuerySchema,
  PaymentsRpc,
  paymentNotificationResponseSchema,
  recentDepositsResponseSchema,
  settleTestInvoiceBodySchema,
  settleTestInvoiceResponseSchema,
  testInvoiceSchema,
  topUpQuerySchema,
  topUpResponseSchema,
  type Deposit,
  type DepositPage,
  type PaymentNotificationResponse,
  type SettleTestInvoiceResponse,
  type TestInvoice,
  type TopUpResponse,
} from '@labeldesk/contracts';
import { RpcClient } from '@labeldesk/nest-transport';
import { ApiDoc } from '../docs/api-doc.decorator';
import type { Request } from 'express';
import type { z } from 'zod';
import { Forwards, Public } from '../auth/access.decorators';
import { Ctx, CurrentAuthUser, type CallContext } from '../auth/request-context';
import { headerValue } from './header-value';
import { WebhookSenderLimit } from './retry-after-throttler.guard';
import { ZodBody } from './zod-body.pipe';

@Controller('payment')
export class PaymentsController {
  constructor(private readonly rpc: RpcClient) {}

  /** Spec: GET gives the invoice id (amount in cents as `?amount=`); at most a few invoices a minute per client. */
  @ApiDoc({ summary: 'Create a top-up invoice for ?amount= cents', query: topUpQuerySchema, response: topUpResponseSchema })
  @Forwards(PaymentsRpc.createTopUp)
  @Get('top-up/:userId')
  @UseGuards(RetryAfterThrottlerGuard)
  @Throttle({ topup: {} })
  @SkipThrottle({ auth: true })
  topUp(@Param('userId') userId: string, @Query(new ZodBody(topUpQuerySchema)) query: z.output<typeof topUpQuerySchema>, @CurrentAuthUser() user: { email: string }, @Ctx() ctx: CallContext): Promise<TopUpResponse> {
    return this.rpc.call(PaymentsRpc.createTopUp, { userId, amountCents: query.amount, buyerEmail: user.email }, { ...ctx, timeoutMs: 30_000 });
  }

  @ApiDoc({ summary: 'Deposit history, newest first', query: depositsQuerySchema, response: depositPageSchema })
  @Forwards(PaymentsRpc.listDeposits)
  @Get('deposits/:userId')
  list(@Param('userId') userId: string, @Query(new ZodBody(depositsQuerySchema)) query: z.output<typeof depositsQuerySchema>, @Ctx() ctx: CallContext): Promise<DepositPage> {
    return this.rpc.call(PaymentsRpc.listDeposits, { userId, ...query }, ctx);
  }

  @ApiDoc({ summary: 'Latest deposits', response: recentDepositsResponseSchema })
  @Forwards(PaymentsRpc.recentDeposits)
  @Get('recent-deposits/:userId')
  async recentDeposits(@Param('userId') userId: string, @Ctx() ctx: CallContext): Promise<Deposit[]> {
    return (await this.rpc.call(PaymentsRpc.recentDeposits, { userId, limit: 10 }, ctx)).deposits;
  }

  /**
   * BTCPay's webhook. No token: the payments service checks BTCPay-Sig over the exact bytes received. 2xx only
   * after the effect is committed; 401 for a bad signature (not retried); 5xx makes BTCPay retry.
   */
  @ApiDoc({ summary: 'BTCPay Server webhook (BTCPay-Sig over the raw body)', response: paymentNotificationResponseSchema })
  @Post('webhook')
  @Public()
  @HttpCode(200)
  @WebhookSenderLimit()
  async paymentNotification(@Req() request: RawBodyRequest<Request>): Promise<PaymentNotificationResponse> {
    const signature = headerValue(request.headers, 'btcpay-sig');
    const rawBody = request.rawBody?.toString('utf8') ?? '';
    const { outcome } = await this.rpc.call(PaymentsRpc.receivePaymentNotification, { rawBody, signature }, { timeoutMs: 30_000 });
    return { ok: true, outcome };
  }

  @ApiDoc({ summary: 'A test-provider invoice', response: testInvoiceSchema })
  @Forwards(PaymentsRpc.getTestInvoice)
  @Get('test-invoices/:invoiceId')
  testInvoice(@Param('invoiceId') invoiceId: string, @Ctx() ctx: CallContext): Promise<TestInvoice> {
    return this.rpc.call(PaymentsRpc.getTestInvoice, { invoiceId }, ctx);
  }

  @ApiDoc({ summary: 'Pay (or expire) a test-provider invoice', body: settleTestInvoiceBodySchema, response: settleTestInvoiceResponseSchema })
  @Forwards(PaymentsRpc.settleTestInvoice)
  @Post('test-invoices/:invoiceId/pay')
  @HttpCode(200)
  settleTestInvoice(@Param('invoiceId') invoiceId: string, @Body(new ZodBody(settleTestInvoiceBodySchema)) body: z.output<typeof settleTestInvoiceBodySchema>, @Ctx() ctx: CallContext): Promise<SettleTestInvoiceResponse> {
    return this.rpc.call(PaymentsRpc.settleTestInvoice, { invoiceId, outcome: body.outcome }, ctx);
  }
}
