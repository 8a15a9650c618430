import { Body, Controller, Get, HttpCode, Post, UseGuards } from '@nestjs/common';
import { SkipThrottle, Throttle, ThrottlerGuard } from '@nestjs/throttler';
import { AuthRpc, loginRequestSchema, PaymentsRpc, registerRequestSchema, updateProfileRequestSchema, type AuthUser, type LoginResponse, type RegisterResponse, type VerifyResponse, registerResponseSchema, loginResponseSchema, verifyResponseSchema } from '@labeldesk/contracts';
import { RpcClient } from '@labeldesk/nest-transport';
import { ApiDoc } from '../docs/api-doc.decorator';
import { z } from 'zod';
import { Public } from '../auth/access.decorators';
import { Ctx, CurrentAuthUser, type CallContext } from '../auth/request-context';
import { UserViewService } from '../users/user-view.service';
import { ZodBody } from './zod-body.pipe';

@Controller('auth')
export class AuthController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly users: UserViewService,
  ) {}

  @ApiDoc({ summary: 'Create an account (optional referral code)', body: registerRequestSchema, response: registerResponseSchema, status: 201 })
  @Post('register')
  @Public()
  @UseGuards(ThrottlerGuard)
  @Throttle({ auth: {} })
  @SkipThrottle({ topup: true })
  async register(@Body(new ZodBody(registerRequestSchema)) body: z.output<typeof registerRequestSchema>, @Ctx() ctx: CallContext): Promise<RegisterResponse> {
    const session = await this.rpc.call(AuthRpc.register, body, ctx);
    return { ok: true, ...(await this.users.session(session, ctx)), message: 'Registration successful' };
  }

  @ApiDoc({ summary: 'Sign in', body: loginRequestSchema, response: loginResponseSchema })
  @Post('login')
  @HttpCode(200)
  @Public()
  @UseGuards(ThrottlerGuard)
  @Throttle({ auth: {} })
  @SkipThrottle({ topup: true })
  async login(@Body(new ZodBody(loginRequestSchema)) body: z.output<typeof loginRequestSchema>, @Ctx() ctx: CallContext): Promise<LoginResponse> {
    return this.users.session(await this.rpc.call(AuthRpc.login, body, ctx), ctx);
  }

  @ApiDoc({ summary: 'The signed-in user', response: verifyResponseSchema })
  @Get('verify')
  async verify(@CurrentAuthUser() user: AuthUser, @Ctx() ctx: CallContext): Promise<VerifyResponse> {
    return { user: await this.users.one(user, ctx) };
  }

  @ApiDoc({ summary: 'The signed-in user\'s balance (cents)', response: z.object({ balance: z.number().int() }) })
  @Get('api/balance')
  async balance(@CurrentAuthUser() user: AuthUser, @Ctx() ctx: CallContext): Promise<{ balance: number }> {
    const account = await this.rpc.call(PaymentsRpc.accountSummary, { userId: user.id }, ctx);
    return { balance: account.balanceCents };
  }

  @ApiDoc({ summary: 'Change your name and, optionally, password', body: updateProfileRequestSchema, response: verifyResponseSchema })
  @Post('me')
  @HttpCode(200)
  async updateMe(@Body(new ZodBody(updateProfileRequestSchema)) body: z.output<typeof updateProfileRequestSchema>, @Ctx() ctx: CallContext): Promise<VerifyResponse> {
    const user = await this.rpc.call(AuthRpc.updateProfile, body, ctx);
    return { user: await this.users.one(user, ctx) };
  }
}
