import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query, Res, UseGuards } from '@nestjs/common';
import { SkipThrottle, Throttle } from '@nestjs/throttler';
import {
  bulkReturnsBodySchema,
  bulkReturnsSchema,
  createdReturnSchema,
  createReturnBodySchema,
  DomainError,
  ErrorCode,
  FILE_CHUNK_BYTES,
  issuedReturnLinkSchema,
  publicReturnSchema,
  RETURN_LINK_NOT_FOUND,
  returnLabelSchema,
  returnListQuerySchema,
  returnQuoteQuerySchema,
  returnQuoteSchema,
  ReturnsRpc,
  returnTokenSchema,
  type BulkReturns,
  type CreatedReturn,
  type IssuedReturnLink,
  type PublicReturn,
  type ReturnQuote,
} from '@labeldesk/contracts';
import { RpcClient } from '@labeldesk/nest-transport';
import type { Response } from 'express';
import { z } from 'zod';
import { AllowQueryToken, Forwards } from '../auth/access.decorators';
import { TestModeReady } from '../auth/test-mode';
import { Ctx, type CallContext } from '../auth/request-context';
import { ApiDoc } from '../docs/api-doc.decorator';
import { RetryAfterThrottlerGuard } from './retry-after-throttler.guard';
import { PUBLIC_TRACKING_PER_MINUTE } from './tracking-links.controller';
import { ZodBody } from './zod-body.pipe';

/** A return label is bought while the request waits, as a single label is. */
const BUY_TIMEOUT_MS = 60_000;
/** Many return labels are bought one after the other. */
const BULK_TIMEOUT_MS = 600_000;

const safeName = (fileName: string) => fileName.replace(/[^A-Za-z0-9._-]/g, '_');

/** Writes a PDF read part by part (NATS refuses messages over 1 MB). */
const streamPdf = async (res: Response, fileName: string, sizeBytes: number, first: { base64: string; done: boolean }, next: (offset: number) => Promise<{ base64: string; done: boolean }>, disposition: 'attachment' | 'inline') => {
  res.status(200);
  res.setHeader('Content-Type', 'application/pdf');
  res.setHeader('Content-Length', String(sizeBytes));
  res.setHeader('Content-Disposition', `${disposition}; filename="${safeName(fileName)}"`);
  res.setHeader('Cache-Control', 'no-store');
  let chunk = first;
  for (let offset = 0; ; ) {
    const bytes = Buffer.from(chunk.base64, 'base64');
    res.write(bytes);
    offset += bytes.length;
    if (chunk.done || bytes.length === 0) break;
    chunk = await next(offset);
  }
  res.end();
};

/**
 * Return labels (decision 101) of a single order: what one would cost and when it is charged, making one (or another,
 * deliberately), several at once, the seller's list, the label file, and the buyer's link. Declared after the orders
 * controllers, as the label lifecycle's are.
 */
@Controller('orders')
export class OrderReturnsController {
  constructor(private readonly rpc: RpcClient) {}

  @ApiDoc({ summary: "What a return label of this order would cost and whether it is charged now (prepaid) or only when the buyer ships it (pay on use); buys nothing (owner or admin). Sold by the outbound label's carrier unless carrier names another that makes these returns", query: returnQuoteQuerySchema, response: returnQuoteSchema })
  @Forwards(ReturnsRpc.quote)
  @TestModeReady()
  @Get(':orderId/return/quote')
  quote(@Param('orderId') orderId: string, @Query(new ZodBody(returnQuoteQuerySchema)) query: z.output<typeof returnQuoteQuerySchema>, @Ctx() ctx: CallContext): Promise<ReturnQuote> {
    return this.rpc.call(ReturnsRpc.quote, { orderId, ...(query.carrier ? { carrier: query.carrier } : {}) }, ctx);
  }

  @ApiDoc({
    summary: "Make the order's return label, from its receiver back to its sender with the same carrier and service; answers the order's existing return label unless again is true (owner or admin)",
    body: createReturnBodySchema,
    response: createdReturnSchema,
  })
  @Forwards(ReturnsRpc.create)
  @TestModeReady()
  @Post(':orderId/return')
  @HttpCode(200)
  create(@Param('orderId') orderId: string, @Body(new ZodBody(createReturnBodySchema)) body: z.output<typeof createReturnBodySchema>, @Ctx() ctx: CallContext): Promise<CreatedReturn> {
    return this.rpc.call(ReturnsRpc.create, { orderId, again: body.again, ...(body.carrier ? { carrier: body.carrier } : {}) }, { ...ctx, timeoutMs: BUY_TIMEOUT_MS });
  }
}

/** The seller's return labels, their files and links; several made at once. */
@Controller('returns')
export class ReturnLabelsController {
  constructor(private readonly rpc: RpcClient) {}

  @ApiDoc({
    summary: "The caller's return labels of one mode, newest first (an admin's: everyone's): a key's own mode; a session's mode=live|test, live when absent (test returns are listed apart)",
    query: returnListQuerySchema,
    response: z.object({ returns: z.array(returnLabelSchema) }),
  })
  @Forwards(ReturnsRpc.list)
  @TestModeReady()
  @Get()
  list(@Query(new ZodBody(returnListQuerySchema)) query: z.output<typeof returnListQuerySchema>, @Ctx() ctx: CallContext) {
    return this.rpc.call(ReturnsRpc.list, query.mode ? { mode: query.mode } : {}, ctx);
  }

  @ApiDoc({ summary: 'Return labels for several orders: each order once (its existing return is answered) unless again is true; one answer per order', body: bulkReturnsBodySchema, response: bulkReturnsSchema })
  @Forwards(ReturnsRpc.createMany)
  @TestModeReady()
  @Post('bulk')
  @HttpCode(200)
  createMany(@Body(new ZodBody(bulkReturnsBodySchema)) body: z.output<typeof bulkReturnsBodySchema>, @Ctx() ctx: CallContext): Promise<BulkReturns> {
    return this.rpc.call(ReturnsRpc.createMany, body, { ...ctx, timeoutMs: BULK_TIMEOUT_MS });
  }

  @ApiDoc({ summary: "A new link for the buyer to open the return label without an account (/r/{token}); any earlier link stops working. The token is answered this once", response: issuedReturnLinkSchema })
  @Forwards(ReturnsRpc.issueLink)
  @TestModeReady()
  @Post(':returnId/link')
  @HttpCode(200)
  issueLink(@Param('returnId') returnId: string, @Ctx() ctx: CallContext): Promise<IssuedReturnLink> {
    return this.rpc.call(ReturnsRpc.issueLink, { returnId }, ctx);
  }

  @ApiDoc({ summary: "Turn the return label's buyer link off: it opens nothing from then on", response: z.object({ revoked: z.boolean() }) })
  @Forwards(ReturnsRpc.revokeLink)
  @TestModeReady()
  @Delete(':returnId/link')
  revokeLink(@Param('returnId') returnId: string, @Ctx() ctx: CallContext) {
    return this.rpc.call(ReturnsRpc.revokeLink, { returnId }, ctx);
  }

  @ApiDoc({ summary: "Void an unused return label at the carrier that sold it; a prepaid one's charge is given back once. A voided one is answered as it is; a used one is refused", response: returnLabelSchema })
  @Forwards(ReturnsRpc.void)
  @TestModeReady()
  @Post(':returnId/void')
  @HttpCode(200)
  voidReturn(@Param('returnId') returnId: string, @Ctx() ctx: CallContext) {
    return this.rpc.call(ReturnsRpc.void, { returnId }, { ...ctx, timeoutMs: BUY_TIMEOUT_MS });
  }

  @ApiDoc({ summary: 'Download the return label (PDF); token may be ?token=' })
  @Forwards(ReturnsRpc.fileChunk)
  @TestModeReady()
  @Get(':returnId/label')
  @AllowQueryToken()
  async label(@Param('returnId') returnId: string, @Ctx() ctx: CallContext, @Res() res: Response): Promise<void> {
    const first = await this.rpc.call(ReturnsRpc.fileChunk, { returnId, offset: 0, length: FILE_CHUNK_BYTES }, ctx);
    await streamPdf(res, first.fileName, first.sizeBytes, first, (offset) => this.rpc.call(ReturnsRpc.fileChunk, { returnId, offset, length: FILE_CHUNK_BYTES }, ctx), 'attachment');
  }
}

/** A malformed token is no link either: the same 404, never a 400 telling a guesser the shape. */
const tokenOf = (token: string): string => {
  if (!returnTokenSchema.safeParse(token).success) throw new DomainError(ErrorCode.NOT_FOUND, RETURN_LINK_NOT_FOUND);
  return token;
};

/** The buyer's page: no sign-in, the token is the credential; limited per client address like the tracking pages. */
@Controller('public/returns')
export class PublicReturnsController {
  constructor(private readonly rpc: RpcClient) {}

  @ApiDoc({ summary: "The return label a seller's link opens, for anyone holding it: who to send it to (a name), courier, service, tracking number, when the link expires; 404 for an unknown, expired or turned-off link", response: publicReturnSchema })
  @Forwards(ReturnsRpc.publicReturn)
  @Get(':token')
  @UseGuards(RetryAfterThrottlerGuard)
  @Throttle({ auth: { limit: PUBLIC_TRACKING_PER_MINUTE, ttl: 60_000 } })
  @SkipThrottle({ topup: true })
  publicReturn(@Param('token') token: string, @Ctx() ctx: CallContext): Promise<PublicReturn> {
    return this.rpc.call(ReturnsRpc.publicReturn, { token: tokenOf(token) }, { correlationId: ctx.correlationId });
  }

  @ApiDoc({ summary: "The return label's PDF, for anyone holding a live link; 404 otherwise" })
  @Forwards(ReturnsRpc.publicFileChunk)
  @Get(':token/label')
  @UseGuards(RetryAfterThrottlerGuard)
  @Throttle({ auth: { limit: PUBLIC_TRACKING_PER_MINUTE, ttl: 60_000 } })
  @SkipThrottle({ topup: true })
  async label(@Param('token') token: string, @Ctx() ctx: CallContext, @Res() res: Response): Promise<void> {
    const valid = tokenOf(token);
    const opts = { correlationId: ctx.correlationId };
    const info = await this.rpc.call(ReturnsRpc.publicReturn, { token: valid }, opts);
    const read = (offset: number) => this.rpc.call(ReturnsRpc.publicFileChunk, { token: valid, offset, length: FILE_CHUNK_BYTES }, opts);
    await streamPdf(res, info.fileName, info.sizeBytes, await read(0), read, 'inline');
  }
}
