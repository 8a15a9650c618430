import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import {
  claimSchema,
  claimsListQuerySchema,
  claimsListSchema,
  ClaimsRpc,
  DomainError,
  ErrorCode,
  extraServicesQuoteBodySchema,
  extraServicesQuoteSchema,
  fileClaimBodySchema,
  insuredLabelsSchema,
  type Claim,
  type ClaimsList,
  type ExtraServicesQuote,
  type FileClaimBody,
  type InsuredLabels,
} from '@labeldesk/contracts';
import { RpcClient } from '@labeldesk/nest-transport';
import type { z } from 'zod';
import { Forwards } from '../auth/access.decorators';
import { TestModeReady } from '../auth/test-mode';
import { Ctx, type CallContext } from '../auth/request-context';
import { ApiDoc } from '../docs/api-doc.decorator';
import { ZodBody } from './zod-body.pipe';

/** A claim is filed with its insurer while the request waits (EasyPost's Claims API for its labels). */
const FILE_TIMEOUT_MS = 30_000;

const callerIdOf = (ctx: CallContext): string => {
  if (!ctx.caller) throw new DomainError(ErrorCode.UNAUTHENTICATED, 'Authentication required');
  return ctx.caller.userId;
};

/**
 * Insurance and signatures priced before buying, and claims filed on an insured single label (decision 102). Declared
 * after the orders controllers, as the label lifecycle's are: their fixed paths are matched first.
 */
@Controller('orders')
export class OrderClaimsController {
  constructor(private readonly rpc: RpcClient) {}

  @ApiDoc({
    summary: 'What insurance (a declared value) and a signature add to a label of one of your services, in cents, or a 400 saying why the service cannot have them; buys nothing',
    body: extraServicesQuoteBodySchema,
    response: extraServicesQuoteSchema,
  })
  @Forwards(ClaimsRpc.quoteExtras)
  @Post('extra-services/quote')
  @TestModeReady()
  @HttpCode(200)
  quoteExtras(@Body(new ZodBody(extraServicesQuoteBodySchema)) body: z.output<typeof extraServicesQuoteBodySchema>, @Ctx() ctx: CallContext): Promise<ExtraServicesQuote> {
    return this.rpc.call(ClaimsRpc.quoteExtras, body, ctx);
  }

  @ApiDoc({
    summary: "File a claim for a lost or damaged parcel on an insured single label (owner or admin): at most the insured value, one live claim a label; the insurer decides it and an approved claim is credited to the balance once",
    body: fileClaimBodySchema,
    response: claimSchema,
  })
  @Forwards(ClaimsRpc.file)
  @TestModeReady()
  @Post(':orderId/claims')
  @HttpCode(201)
  file(@Param('orderId') orderId: string, @Body(new ZodBody(fileClaimBodySchema)) body: FileClaimBody, @Ctx() ctx: CallContext): Promise<Claim> {
    return this.rpc.call(ClaimsRpc.file, { orderId, ...body }, { ...ctx, timeoutMs: FILE_TIMEOUT_MS });
  }
}

/**
 * A user's claims, one claim, and the insured labels a claim may be filed on. A key reads and files in its own mode
 * (decision 124): a test key's claims are on test labels, decided by the sandbox insurer and paid on the test balance.
 */
@Controller('claims')
export class ClaimsController {
  constructor(private readonly rpc: RpcClient) {}

  @ApiDoc({ summary: "The caller's claims, newest first, with their states (submitted, approved, rejected, paid): live ones, or test-mode ones with mode=test", query: claimsListQuerySchema, response: claimsListSchema })
  @Forwards(ClaimsRpc.list)
  @TestModeReady()
  @Get()
  mine(@Query(new ZodBody(claimsListQuerySchema)) query: z.output<typeof claimsListQuerySchema>, @Ctx() ctx: CallContext): Promise<ClaimsList> {
    return this.rpc.call(ClaimsRpc.list, { userId: callerIdOf(ctx), ...query }, ctx);
  }

  @ApiDoc({ summary: "The caller's insured single labels that are not voided, newest first, each with its live claim if it has one: live labels, or test-mode ones with mode=test", query: claimsListQuerySchema, response: insuredLabelsSchema })
  @Forwards(ClaimsRpc.insuredLabels)
  @TestModeReady()
  @Get('insured-labels')
  insuredLabels(@Query(new ZodBody(claimsListQuerySchema)) query: z.output<typeof claimsListQuerySchema>, @Ctx() ctx: CallContext): Promise<InsuredLabels> {
    return this.rpc.call(ClaimsRpc.insuredLabels, { userId: callerIdOf(ctx), ...query }, ctx);
  }

  @ApiDoc({ summary: "A user's claims, newest first (the user or an admin): live ones, or test-mode ones with mode=test", query: claimsListQuerySchema, response: claimsListSchema })
  @Forwards(ClaimsRpc.list)
  @TestModeReady()
  @Get('user/:userId')
  ofUser(@Param('userId') userId: string, @Query(new ZodBody(claimsListQuerySchema)) query: z.output<typeof claimsListQuerySchema>, @Ctx() ctx: CallContext): Promise<ClaimsList> {
    return this.rpc.call(ClaimsRpc.list, { userId, ...query }, ctx);
  }

  @ApiDoc({ summary: 'One claim (its owner or an admin)', response: claimSchema })
  @Forwards(ClaimsRpc.get)
  @TestModeReady()
  @Get(':claimId')
  one(@Param('claimId') claimId: string, @Ctx() ctx: CallContext): Promise<Claim> {
    return this.rpc.call(ClaimsRpc.get, { claimId }, ctx);
  }
}
