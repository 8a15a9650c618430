import { Body, Controller, Get, HttpCode, Post, UseGuards } from '@nestjs/common';
import { SkipThrottle, Throttle } from '@nestjs/throttler';
import { RetryAfterThrottlerGuard } from './retry-after-throttler.guard';
import {
  loginResponseSchema,
  okSchema,
  TwoFactorRpc,
  twoFactorDisableBodySchema,
  twoFactorEnableBodySchema,
  twoFactorEnableResponseSchema,
  twoFactorRecoveryCodesBodySchema,
  twoFactorSetupResponseSchema,
  twoFactorStatusSchema,
  twoFactorVerifyBodySchema,
  type LoginResponse,
  type TwoFactorEnableResponse,
  type TwoFactorSetupResponse,
  type TwoFactorStatus,
} from '@labeldesk/contracts';
import { RpcClient } from '@labeldesk/nest-transport';
import type { z } from 'zod';
import { Forwards } from '../auth/access.decorators';
import { asVisitor, ClientAddress, Ctx, type CallContext } from '../auth/request-context';
import { ApiDoc } from '../docs/api-doc.decorator';
import { UserViewService } from '../users/user-view.service';
import { ZodBody } from './zod-body.pipe';
import { ForgetsUsers, self } from '../auth/forgets-user.decorator';

/** Two-factor sign-in (TOTP, decision 050): enrolment on the Account page, and the sign-in's second step. */
@Controller('auth/2fa')
export class TwoFactorController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly users: UserViewService,
  ) {}

  @ApiDoc({ summary: 'Whether two-factor sign-in is on, and how many of its recovery codes are still unused', response: twoFactorStatusSchema })
  @Forwards(TwoFactorRpc.status)
  @Get()
  status(@Ctx() ctx: CallContext): Promise<TwoFactorStatus> {
    return this.rpc.call(TwoFactorRpc.status, {}, ctx);
  }

  @ApiDoc({ summary: 'Start setting up two-factor sign-in: a new secret and its otpauth:// URL (for the QR code); on once enabled with a code', response: twoFactorSetupResponseSchema })
  @Forwards(TwoFactorRpc.setup)
  @Post('setup')
  @HttpCode(200)
  setup(@Ctx() ctx: CallContext): Promise<TwoFactorSetupResponse> {
    return this.rpc.call(TwoFactorRpc.setup, {}, ctx);
  }

  @ApiDoc({ summary: 'Turn two-factor sign-in on with a code from the app and the password (403 AUTH_CONFIRMATION_FAILED when wrong; throttled like sign-in): answers 10 recovery codes, shown this once', body: twoFactorEnableBodySchema, response: twoFactorEnableResponseSchema })
  @Forwards(TwoFactorRpc.enable)
  @ForgetsUsers(self)
  @Post('enable')
  @HttpCode(200)
  enable(@Body(new ZodBody(twoFactorEnableBodySchema)) body: z.output<typeof twoFactorEnableBodySchema>, @ClientAddress() clientAddress: string, @Ctx() ctx: CallContext): Promise<TwoFactorEnableResponse> {
    return this.rpc.call(TwoFactorRpc.enable, { ...body, clientAddress }, ctx);
  }

  @ApiDoc({ summary: 'Turn two-factor sign-in off (a code and the password; throttled like sign-in)', body: twoFactorDisableBodySchema, response: okSchema })
  @Forwards(TwoFactorRpc.disable)
  @ForgetsUsers(self)
  @Post('disable')
  @HttpCode(200)
  disable(@Body(new ZodBody(twoFactorDisableBodySchema)) body: z.output<typeof twoFactorDisableBodySchema>, @ClientAddress() clientAddress: string, @Ctx() ctx: CallContext): Promise<{ ok: true }> {
    return this.rpc.call(TwoFactorRpc.disable, { ...body, clientAddress }, ctx);
  }

  @ApiDoc({
    summary: 'New recovery codes in place of every earlier one (a code and the password; throttled like sign-in): answers 10 codes, shown this once',
    body: twoFactorRecoveryCodesBodySchema,
    response: twoFactorEnableResponseSchema,
  })
  @Forwards(TwoFactorRpc.recoveryCodes)
  @Post('recovery-codes')
  @HttpCode(200)
  recoveryCodes(@Body(new ZodBody(twoFactorRecoveryCodesBodySchema)) body: z.output<typeof twoFactorRecoveryCodesBodySchema>, @ClientAddress() clientAddress: string, @Ctx() ctx: CallContext): Promise<TwoFactorEnableResponse> {
    return this.rpc.call(TwoFactorRpc.recoveryCodes, { ...body, clientAddress }, ctx);
  }

  @ApiDoc({
    summary: "Sign-in's second step: the challenge from /api/auth/login and a code from the app or a recovery code (5 minutes, once; throttled like sign-in)",
    body: twoFactorVerifyBodySchema,
    response: loginResponseSchema,
  })
  @Forwards(TwoFactorRpc.verify)
  @Post('verify')
  @HttpCode(200)
  @UseGuards(RetryAfterThrottlerGuard)
  @Throttle({ auth: {} })
  @SkipThrottle({ topup: true })
  async verify(@Body(new ZodBody(twoFactorVerifyBodySchema)) body: z.output<typeof twoFactorVerifyBodySchema>, @ClientAddress() clientAddress: string, @Ctx() ctx: CallContext): Promise<LoginResponse> {
    return this.users.session(await this.rpc.call(TwoFactorRpc.verify, { ...body, clientAddress }, asVisitor(ctx)), ctx);
  }
}
