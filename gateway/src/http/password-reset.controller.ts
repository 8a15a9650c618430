import { Body, Controller, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { SkipThrottle, Throttle } from '@nestjs/throttler';
import { RetryAfterThrottlerGuard } from './retry-after-throttler.guard';
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
import { Forwards } from '../auth/access.decorators';
import { asVisitor, ClientAddress, Ctx, type CallContext } from '../auth/request-context';
import { Audited, param } from '../audit/audited.decorator';
import { ApiDoc } from '../docs/api-doc.decorator';
import { ZodBody } from './zod-body.pipe';

/**
 * Account recovery (beyond the spec, whose /forgot-password was not shown). Auth builds the links from its own
 * PUBLIC_URL, never from the request's Host header or anything in a message: a reset link must not be steerable to
 * someone else's site (decision 036).
 */
@Controller('auth')
export class PasswordResetController {
  constructor(private readonly rpc: RpcClient) {}

  @ApiDoc({
    summary: 'E-mail a one-time password reset link (the same answer whether or not the account exists): at most 3 an hour to an account, 10 an hour asked for from one address',
    body: forgotPasswordBodySchema,
    response: forgotPasswordResponseSchema,
  })
  @Forwards(PasswordResetRpc.request)
  @Post('forgot-password')
  @HttpCode(200)
  @UseGuards(RetryAfterThrottlerGuard)
  @Throttle({ auth: {} })
  @SkipThrottle({ topup: true })
  forgot(@Body(new ZodBody(forgotPasswordBodySchema)) body: z.output<typeof forgotPasswordBodySchema>, @ClientAddress() clientAddress: string, @Ctx() ctx: CallContext): Promise<ForgotPasswordResponse> {
    return this.rpc.call(PasswordResetRpc.request, { email: body.email, clientAddress }, asVisitor(ctx));
  }

  @ApiDoc({ summary: 'Set a new password with a reset link (it works once; every session of the user ends)', body: resetPasswordBodySchema, response: resetPasswordResponseSchema })
  @Forwards(PasswordResetRpc.complete)
  @Post('reset-password')
  @HttpCode(200)
  @UseGuards(RetryAfterThrottlerGuard)
  @Throttle({ auth: {} })
  @SkipThrottle({ topup: true })
  reset(@Body(new ZodBody(resetPasswordBodySchema)) body: z.output<typeof resetPasswordBodySchema>, @Ctx() ctx: CallContext): Promise<ResetPasswordResponse> {
    return this.rpc.call(PasswordResetRpc.complete, body, asVisitor(ctx));
  }

  @ApiDoc({ summary: 'Issue a one-time password reset link for a user, for the operator to hand over', response: resetLinkResponseSchema })
  @Forwards(PasswordResetRpc.issue)
  @Post('users/:id/reset-link')
  @HttpCode(200)
  @Audited({ action: 'user.reset-link', targetType: 'user', target: param('id') })
  issue(@Param('id') userId: string, @Ctx() ctx: CallContext): Promise<ResetLinkResponse> {
    return this.rpc.call(PasswordResetRpc.issue, { userId }, ctx);
  }
}
