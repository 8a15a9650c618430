import { Body, Controller, Get, HttpCode, Param, Post, Query, Req, UseGuards } from '@nestjs/common';
import type { RawBodyRequest } from '@nestjs/common';
import { SkipThrottle, Throttle, ThrottlerGuard } from '@nestjs/throttler';
import { depositFilterSchema, PaymentsRpc, topUpAmountSchema, type Deposit, type TestInvoice, type TopUpResponse, depositSchema, testInvoiceSchema, topUpResponseSchema } from '@labeldesk/contracts';
import { RpcClient } from '@labeldesk/nest-transport';
import { ApiDoc } from '../docs/api-doc.decorator';
import type { Request } from 'express';
import { z } from 'zod';
import { Public } from '../auth/access.decorators';
import { Ctx, CurrentAuthUser, type CallContext } from '../auth/request-context';
import { headerValue } from './header-value';
import { ZodBody } from './zod-body.pipe';

const topUpQuery = z.object({ amount: topUpAmountSchema });
const depositsQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(7),
  filter: depositFilterSchema.default('all'),
});
const settleBody = z.object({ outcome: z.enum(['paid', 'expired']).default('paid') });

@Controller('payment')
export class PaymentsController {
  constructor(private readonly rpc: RpcClient) {}

  /** Spec: GET gives the invoice id (amount in cents as `?amount=`); at most a few invoices a minute per client. */
  @ApiDoc({ summary: 'Create a top-up invoice for ?amount= cents', query: topUpQuery, response: topUpResponseSchema })
  @Get('top-up/:userId')
  @UseGuards(ThrottlerGuard)
  @Throttle({ topup: {} })
  @SkipThrottle({ auth: true })
  topUp(@Param('userId') userId: string, @Query(new ZodBody(topUpQuery)) query: z.output<typeof topUpQuery>, @CurrentAuthUser() user: { email: string }, @Ctx() ctx: CallContext): Promise<TopUpResponse> {
    return this.rpc.call(PaymentsRpc.createTopUp, { userId, amountCents: query.amount, buyerEmail: user.email }, { ...ctx, timeoutMs: 30_000 });
  }

  @ApiDoc({ summary: 'Deposit history, newest first', query: depositsQuery, response: z.object({ deposits: z.array(depositSchema), totalCount: z.number().int() }) })
  @Get('deposits/:userId')
  list(@Param('userId') userId: string, @Query(new ZodBody(depositsQuery)) query: z.output<typeof depositsQuery>, @Ctx() ctx: CallContext): Promise<{ deposits: Deposit[]; totalCount: number }> {
    return this.rpc.call(PaymentsRpc.listDeposits, { userId, ...query }, ctx);
  }

  @ApiDoc({ summary: 'Latest deposits', response: z.array(depositSchema) })
  @Get('recent-deposits/:userId')
  async recentDeposits(@Param('userId') userId: string, @Ctx() ctx: CallContext): Promise<Deposit[]> {
    return (await this.rpc.call(PaymentsRpc.recentDeposits, { userId, limit: 10 }, ctx)).deposits;
  }

  /**
   * BTCPay's webhook. No token: the payments service checks BTCPay-Sig over the exact bytes received. 2xx only
   * after the effect is committed; 401 for a bad signature (not retried); 5xx makes BTCPay retry.
   */
  @ApiDoc({ summary: 'BTCPay Server webhook (BTCPay-Sig over the raw body)', response: z.object({ ok: z.literal(true), outcome: z.string() }) })
  @Post('webhook')
  @Public()
  @HttpCode(200)
  async webhook(@Req() request: RawBodyRequest<Request>): Promise<{ ok: true; outcome: string }> {
    const signature = headerValue(request.headers, 'btcpay-sig');
    const rawBody = request.rawBody?.toString('utf8') ?? '';
    const { outcome } = await this.rpc.call(PaymentsRpc.receiveWebhook, { rawBody, signature }, { timeoutMs: 30_000 });
    return { ok: true, outcome };
  }

  @ApiDoc({ summary: 'A test-provider invoice', response: testInvoiceSchema })
  @Get('test-invoices/:invoiceId')
  testInvoice(@Param('invoiceId') invoiceId: string, @Ctx() ctx: CallContext): Promise<TestInvoice> {
    return this.rpc.call(PaymentsRpc.getTestInvoice, { invoiceId }, ctx);
  }

  @ApiDoc({ summary: 'Pay (or expire) a test-provider invoice', body: settleBody, response: z.object({ deposit: depositSchema }) })
  @Post('test-invoices/:invoiceId/pay')
  @HttpCode(200)
  settleTestInvoice(@Param('invoiceId') invoiceId: string, @Body(new ZodBody(settleBody)) body: z.output<typeof settleBody>, @Ctx() ctx: CallContext): Promise<{ deposit: Deposit }> {
    return this.rpc.call(PaymentsRpc.settleTestInvoice, { invoiceId, outcome: body.outcome }, ctx);
  }
}
