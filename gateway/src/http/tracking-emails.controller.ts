import { Body, Controller, Get, HttpCode, Param, Post, Put, UseGuards } from '@nestjs/common';
import { SkipThrottle, Throttle } from '@nestjs/throttler';
import {
  DomainError,
  ErrorCode,
  trackingEmailSettingsBodySchema,
  trackingEmailSettingsSchema,
  TrackingEmailsRpc,
  UNSUBSCRIBE_LINK_NOT_FOUND,
  unsubscribeInfoSchema,
  unsubscribeTokenSchema,
  type TrackingEmailSettings,
  type TrackingEmailSettingsBody,
  type UnsubscribeInfo,
} from '@labeldesk/contracts';
import { RpcClient } from '@labeldesk/nest-transport';
import { Forwards } from '../auth/access.decorators';
import { Ctx, type CallContext } from '../auth/request-context';
import { ApiDoc } from '../docs/api-doc.decorator';
import { RetryAfterThrottlerGuard } from './retry-after-throttler.guard';
import { PUBLIC_TRACKING_PER_MINUTE } from './tracking-links.controller';
import { ZodBody } from './zod-body.pipe';

/** The signed-in seller's tracking e-mails to receivers (decision 095): on or off, the sender's name and the texts. */
@Controller('tracking-emails')
export class TrackingEmailsController {
  constructor(private readonly rpc: RpcClient) {}

  @ApiDoc({ summary: "The caller's tracking e-mail settings, and whether this install can send e-mail (smtpConfigured)", response: trackingEmailSettingsSchema })
  @Forwards(TrackingEmailsRpc.settings)
  @Get('settings')
  settings(@Ctx() ctx: CallContext): Promise<TrackingEmailSettings> {
    return this.rpc.call(TrackingEmailsRpc.settings, {}, ctx);
  }

  @ApiDoc({
    summary: 'Switch tracking e-mails on or off, name their sender and set their texts ({store}, {courier}, {tracking_number}, {tracking_link}); 409 when this install cannot send e-mail',
    body: trackingEmailSettingsBodySchema,
    response: trackingEmailSettingsSchema,
  })
  @Forwards(TrackingEmailsRpc.updateSettings)
  @Put('settings')
  update(@Body(new ZodBody(trackingEmailSettingsBodySchema)) body: TrackingEmailSettingsBody, @Ctx() ctx: CallContext): Promise<TrackingEmailSettings> {
    return this.rpc.call(TrackingEmailsRpc.updateSettings, body, ctx);
  }
}

/** A malformed token is no link either: the same 404, never a 400 telling a guesser the shape. */
const tokenOf = (token: string): string => {
  if (!unsubscribeTokenSchema.safeParse(token).success) throw new DomainError(ErrorCode.NOT_FOUND, UNSUBSCRIBE_LINK_NOT_FOUND);
  return token;
};

/**
 * A receiver's unsubscribe link, no sign-in: the token is the credential. GET only reads (a mail scanner following
 * links unsubscribes nobody); POST unsubscribes, from the page's button or from a mail client's own button (RFC 8058
 * one-click: `List-Unsubscribe=One-Click` as a form, which the JSON-only body rule lets through on this path only).
 */
@Controller('public/tracking-emails/unsubscribe')
@UseGuards(RetryAfterThrottlerGuard)
@Throttle({ auth: { limit: PUBLIC_TRACKING_PER_MINUTE, ttl: 60_000 } })
@SkipThrottle({ topup: true })
export class UnsubscribeController {
  constructor(private readonly rpc: RpcClient) {}

  @ApiDoc({ summary: "Whose tracking e-mails an unsubscribe link stops (the seller's name, the address partly hidden) and whether it already did; 404 for an unknown link", response: unsubscribeInfoSchema })
  @Forwards(TrackingEmailsRpc.unsubscribeInfo)
  @Get(':token')
  info(@Param('token') token: string, @Ctx() ctx: CallContext): Promise<UnsubscribeInfo> {
    return this.rpc.call(TrackingEmailsRpc.unsubscribeInfo, { token: tokenOf(token) }, { correlationId: ctx.correlationId });
  }

  @ApiDoc({ summary: "No more tracking e-mails from this link's seller to its address (RFC 8058 one-click too); asking again changes nothing", response: unsubscribeInfoSchema })
  @Forwards(TrackingEmailsRpc.unsubscribe)
  @Post(':token')
  @HttpCode(200)
  unsubscribe(@Param('token') token: string, @Ctx() ctx: CallContext): Promise<UnsubscribeInfo> {
    return this.rpc.call(TrackingEmailsRpc.unsubscribe, { token: tokenOf(token) }, { correlationId: ctx.correlationId });
  }
}
