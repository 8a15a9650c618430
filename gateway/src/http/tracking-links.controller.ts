import { Controller, Delete, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { SkipThrottle, Throttle } from '@nestjs/throttler';
import {
  DomainError,
  ErrorCode,
  OrdersRpc,
  publicTrackingSchema,
  TRACKING_LINK_NOT_FOUND,
  trackingLinkRevokedSchema,
  trackingLinkSchema,
  trackingTokenSchema,
  type PublicTracking,
  type TrackingLink,
  type TrackingLinkRevoked,
} from '@labeldesk/contracts';
import { RpcClient } from '@labeldesk/nest-transport';
import { Forwards } from '../auth/access.decorators';
import { Ctx, type CallContext } from '../auth/request-context';
import { ApiDoc } from '../docs/api-doc.decorator';
import { RetryAfterThrottlerGuard } from './retry-after-throttler.guard';

/** Asking a label's tracking may ask the carrier: a link holder's page waits as long as the seller's drawer does. */
const TRACKING_TIMEOUT_MS = 30_000;

/**
 * A seller's link for the buyer of a label (decision 089): asked for (the live one, or a new one) and turned off, for a
 * single order's label or one label of a batch. Declared after the orders controllers, as the label lifecycle's are.
 */
@Controller('orders')
export class TrackingLinksController {
  constructor(private readonly rpc: RpcClient) {}

  @ApiDoc({ summary: "The single order's tracking link for its buyer (/t/{token}): the live one, or a new one (owner or admin)", response: trackingLinkSchema })
  @Forwards(OrdersRpc.issueTrackingLink)
  @Post(':orderId/tracking-link')
  @HttpCode(200)
  issueSingle(@Param('orderId') orderId: string, @Ctx() ctx: CallContext): Promise<TrackingLink> {
    return this.rpc.call(OrdersRpc.issueTrackingLink, { kind: 'single', orderId }, ctx);
  }

  @ApiDoc({ summary: "Turn the single order's tracking link off: its page answers not found from then on", response: trackingLinkRevokedSchema })
  @Forwards(OrdersRpc.revokeTrackingLink)
  @Delete(':orderId/tracking-link')
  revokeSingle(@Param('orderId') orderId: string, @Ctx() ctx: CallContext): Promise<TrackingLinkRevoked> {
    return this.rpc.call(OrdersRpc.revokeTrackingLink, { kind: 'single', orderId }, ctx);
  }

  @ApiDoc({ summary: "One batch label's tracking link for its buyer: the live one, or a new one (owner or admin)", response: trackingLinkSchema })
  @Forwards(OrdersRpc.issueTrackingLink)
  @Post('bulk/:orderId/tracking-link/:trackingNumber')
  @HttpCode(200)
  issueBatchLabel(@Param('orderId') orderId: string, @Param('trackingNumber') trackingNumber: string, @Ctx() ctx: CallContext): Promise<TrackingLink> {
    return this.rpc.call(OrdersRpc.issueTrackingLink, { kind: 'bulk', orderId, trackingNumber }, ctx);
  }

  @ApiDoc({ summary: "Turn one batch label's tracking link off", response: trackingLinkRevokedSchema })
  @Forwards(OrdersRpc.revokeTrackingLink)
  @Delete('bulk/:orderId/tracking-link/:trackingNumber')
  revokeBatchLabel(@Param('orderId') orderId: string, @Param('trackingNumber') trackingNumber: string, @Ctx() ctx: CallContext): Promise<TrackingLinkRevoked> {
    return this.rpc.call(OrdersRpc.revokeTrackingLink, { kind: 'bulk', orderId, trackingNumber }, ctx);
  }
}

/**
 * What one address may ask of the buyers' tracking pages in a minute: a buyer reloading is a few; a shop's office
 * behind one address is dozens; someone walking tokens stops here (192 random bits make the walk hopeless anyway).
 */
export const PUBLIC_TRACKING_PER_MINUTE = 60;

/** The buyer's page: no sign-in, the token is the credential; limited per client address like every public route. */
@Controller('public/tracking')
export class PublicTrackingController {
  constructor(private readonly rpc: RpcClient) {}

  @ApiDoc({ summary: "Where a parcel is, for anyone holding its seller's link: seller, courier, service, status, scans with city and state only; 404 for an unknown or turned-off link", response: publicTrackingSchema })
  @Forwards(OrdersRpc.publicTracking)
  @Get(':token')
  @UseGuards(RetryAfterThrottlerGuard)
  @Throttle({ auth: { limit: PUBLIC_TRACKING_PER_MINUTE, ttl: 60_000 } })
  @SkipThrottle({ topup: true })
  publicTracking(@Param('token') token: string, @Ctx() ctx: CallContext): Promise<PublicTracking> {
    // A malformed token is no link either: the same 404, never a 400 telling a guesser the shape.
    if (!trackingTokenSchema.safeParse(token).success) throw new DomainError(ErrorCode.NOT_FOUND, TRACKING_LINK_NOT_FOUND);
    return this.rpc.call(OrdersRpc.publicTracking, { token }, { correlationId: ctx.correlationId, timeoutMs: TRACKING_TIMEOUT_MS });
  }
}
