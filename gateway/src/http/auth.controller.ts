import { Body, Controller, Get, Headers, HttpCode, Inject, Post, UseGuards } from '@nestjs/common';
import { SkipThrottle, Throttle } from '@nestjs/throttler';
import { RetryAfterThrottlerGuard } from './retry-after-throttler.guard';
import {
  AuthRpc,
  balanceResponseSchema,
  isTwoFactorChallenge,
  loginAnswerSchema,
  loginRequestSchema,
  TwoFactorRpc,
  okSchema,
  PaymentsRpc,
  registerRequestSchema,
  registerResponseSchema,
  updateProfileRequestSchema,
  updateProfileResponseSchema,
  verifyResponseSchema,
  type AuthUser,
  type BalanceResponse,
  type LoginAnswer,
  type RegisterResponse,
  type UpdateProfileResponse,
  type VerifyResponse,
} from '@labeldesk/contracts';
import { RpcClient } from '@labeldesk/nest-transport';
import type { IncomingHttpHeaders } from 'node:http';
import type { z } from 'zod';
import { ApiDoc } from '../docs/api-doc.decorator';
import { Forwards, SignedIn } from '../auth/access.decorators';
import { mustEnrolTwoFactor } from '../auth/admin-two-factor.guard';
import { GATEWAY_ENV, type GatewayEnv } from '../config/env.schema';
import { asVisitor, ClientAddress, Ctx, CurrentAuthUser, type CallContext } from '../auth/request-context';
import { UserViewService } from '../users/user-view.service';
import { headerValue } from './header-value';
import { ZodBody } from './zod-body.pipe';
import { ForgetsUsers, self } from '../auth/forgets-user.decorator';

@Controller('auth')
export class AuthController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly users: UserViewService,
    @Inject(GATEWAY_ENV) private readonly env: Pick<GatewayEnv, 'ADMIN_2FA_REQUIRED'>,
  ) {}

  @ApiDoc({ summary: 'Create an account (optional referral code)', body: registerRequestSchema, response: registerResponseSchema, status: 201 })
  @Forwards(AuthRpc.register)
  @Post('register')
  @UseGuards(RetryAfterThrottlerGuard)
  @Throttle({ auth: {} })
  @SkipThrottle({ topup: true })
  async register(@Body(new ZodBody(registerRequestSchema)) body: z.output<typeof registerRequestSchema>, @Ctx() ctx: CallContext): Promise<RegisterResponse> {
    const session = await this.rpc.call(AuthRpc.register, body, asVisitor(ctx));
    return { ok: true, ...(await this.users.session(session, ctx)), message: 'Registration successful' };
  }

  @ApiDoc({ summary: 'Sign in: a token, or (two-factor sign-in on) a challenge for POST /api/auth/2fa/verify', body: loginRequestSchema, response: loginAnswerSchema })
  @Forwards(TwoFactorRpc.login)
  @Post('login')
  @HttpCode(200)
  @UseGuards(RetryAfterThrottlerGuard)
  @Throttle({ auth: {} })
  @SkipThrottle({ topup: true })
  async login(@Body(new ZodBody(loginRequestSchema)) body: z.output<typeof loginRequestSchema>, @ClientAddress() clientAddress: string, @Ctx() ctx: CallContext): Promise<LoginAnswer> {
    // Failures are counted by the auth service per (account, address) and per address: it needs the address.
    const answer = await this.rpc.call(TwoFactorRpc.login, { ...body, clientAddress }, asVisitor(ctx));
    return isTwoFactorChallenge(answer) ? answer : this.users.session(answer, ctx);
  }

  @ApiDoc({ summary: 'The signed-in user', response: verifyResponseSchema })
  @SignedIn()
  @Get('verify')
  async verify(@CurrentAuthUser() user: AuthUser, @Ctx() ctx: CallContext): Promise<VerifyResponse> {
    const answer = { user: await this.users.one(user, ctx) };
    return mustEnrolTwoFactor(user, this.env.ADMIN_2FA_REQUIRED) ? { ...answer, twoFactorEnrolmentRequired: true } : answer;
  }

  @ApiDoc({ summary: 'The signed-in user\'s balance (cents)', response: balanceResponseSchema })
  @Forwards(PaymentsRpc.accountSummary)
  @Get('api/balance')
  async balance(@CurrentAuthUser() user: AuthUser, @Ctx() ctx: CallContext): Promise<BalanceResponse> {
    const account = await this.rpc.call(PaymentsRpc.accountSummary, { userId: user.id }, ctx);
    return { balance: account.balanceCents };
  }

  /**
   * The Account page (the spec names no route for it). A new password needs `currentPassword` (400 when missing or
   * wrong, throttled like sign-in); it ends every other session, revokes every API key unless `revokeApiKeys` is false
   * (decision 072) and answers a fresh `token` for this one. A login-as session may change the name, not the password.
   */
  @ApiDoc({
    summary:
      'Change your name and, optionally, password (needs currentPassword; ends your other sessions, revokes your API keys unless revokeApiKeys is false, and answers a new token)',
    body: updateProfileRequestSchema,
    response: updateProfileResponseSchema,
  })
  @Forwards(AuthRpc.updateProfileV2)
  @ForgetsUsers(self)
  @Post('me')
  @HttpCode(200)
  async updateMe(@Body(new ZodBody(updateProfileRequestSchema)) body: z.output<typeof updateProfileRequestSchema>, @ClientAddress() clientAddress: string, @Ctx() ctx: CallContext): Promise<UpdateProfileResponse> {
    const result = await this.rpc.call(AuthRpc.updateProfileV2, { ...body, clientAddress }, ctx);
    const revoked = result.revokedApiKeys === undefined ? {} : { revokedApiKeys: result.revokedApiKeys };
    return { user: await this.users.one(result.user, ctx), ...(result.token ? { token: result.token } : {}), ...revoked };
  }

  /**
   * Signing out (the spec's logout only forgets the token in the browser). An admin's, or a login-as session's admin's,
   * "login as" sessions end here (decision 037); the token itself stays valid until it expires, as before.
   */
  @ApiDoc({ summary: 'Sign out: ends the "login as" sessions of the admin behind this token', response: okSchema })
  @Forwards(AuthRpc.logout)
  @ForgetsUsers(self)
  @Post('logout')
  @HttpCode(200)
  async logout(@Headers() headers: IncomingHttpHeaders, @Ctx() ctx: CallContext): Promise<{ ok: true }> {
    // The guard has verified this very header's token: the route is not public.
    return this.rpc.call(AuthRpc.logout, { token: headerValue(headers, 'token') }, ctx);
  }
}
