import { Body, Controller, HttpCode, Inject, Param, Post, UseGuards } from '@nestjs/common';
import { SkipThrottle, Throttle, ThrottlerGuard } from '@nestjs/throttler';
import {
  forgotPasswordBodySchema,
  forgotPasswordResponseSchema,
  PasswordResetRpc,
  resetLinkResponseSchema,
  resetPasswordBodySchema,
  resetPasswordResponseSchema,
  type ForgotPasswordResponse,
  type ResetLinkResponse,
  type ResetPasswordResponse,
} from '@labeldesk/contracts';
import { RpcClient } from '@labeldesk/nest-transport';
import type { z } from 'zod';
import { AdminOnly, Public } from '../auth/access.decorators';
import { Ctx, type CallContext } from '../auth/request-context';
import { Audited, param } from '../audit/audited.decorator';
import { GATEWAY_ENV, type GatewayEnv } from '../config/env.schema';
import { ApiDoc } from '../docs/api-doc.decorator';
import { ZodBody } from './zod-body.pipe';

/**
 * Account recovery (beyond the spec, whose /forgot-password was not shown). Links point at PUBLIC_URL, never at the
 * request's Host header, which a client sets: a reset link must not be steerable to someone else's site.
 */
@Controller('auth')
export class PasswordResetController {
  constructor(
    private readonly rpc: RpcClient,
    @Inject(GATEWAY_ENV) private readonly env: Pick<GatewayEnv, 'PUBLIC_URL'>,
  ) {}

  @ApiDoc({ summary: 'E-mail a one-time password reset link (the same answer whether or not the account exists)', body: forgotPasswordBodySchema, response: forgotPasswordResponseSchema })
  @Post('forgot-password')
  @HttpCode(200)
  @Public()
  @UseGuards(ThrottlerGuard)
  @Throttle({ auth: {} })
  @SkipThrottle({ topup: true })
  forgot(@Body(new ZodBody(forgotPasswordBodySchema)) body: z.output<typeof forgotPasswordBodySchema>, @Ctx() ctx: CallContext): Promise<ForgotPasswordResponse> {
    return this.rpc.call(PasswordResetRpc.request, { email: body.email, appUrl: this.env.PUBLIC_URL }, ctx);
  }

  @ApiDoc({ summary: 'Set a new password with a reset link (it works once; every session of the user ends)', body: resetPasswordBodySchema, response: resetPasswordResponseSchema })
  @Post('reset-password')
  @HttpCode(200)
  @Public()
  @UseGuards(ThrottlerGuard)
  @Throttle({ auth: {} })
  @SkipThrottle({ topup: true })
  reset(@Body(new ZodBody(resetPasswordBodySchema)) body: z.output<typeof resetPasswordBodySchema>, @Ctx() ctx: CallContext): Promise<ResetPasswordResponse> {
    return this.rpc.call(PasswordResetRpc.complete, body, ctx);
  }

  @ApiDoc({ summary: 'Issue a one-time password reset link for a user, for the operator to hand over', response: resetLinkResponseSchema })
  @Post('users/:id/reset-link')
  @HttpCode(200)
  @AdminOnly()
  @Audited({ action: 'user.reset-link', targetType: 'user', target: param('id') })
  issue(@Param('id') userId: string, @Ctx() ctx: CallContext): Promise<ResetLinkResponse> {
    return this.rpc.call(PasswordResetRpc.issue, { userId, appUrl: this.env.PUBLIC_URL }, ctx);
  }
}
