import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { applyReferralRequestSchema, AuthRpc, type ApplyReferralResponse, applyReferralResponseSchema } from '@labeldesk/contracts';
import { RpcClient } from '@labeldesk/nest-transport';
import { ApiDoc } from '../docs/api-doc.decorator';
import type { z } from 'zod';
import { Ctx, type CallContext } from '../auth/request-context';
import { UserViewService } from '../users/user-view.service';
import { ZodBody } from './zod-body.pipe';

@Controller('invite')
export class InviteController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly users: UserViewService,
  ) {}

  @ApiDoc({ summary: 'Apply a referral code (onboarding)', body: applyReferralRequestSchema, response: applyReferralResponseSchema })
  @Post('referral/apply')
  @HttpCode(200)
  async apply(@Body(new ZodBody(applyReferralRequestSchema)) body: z.output<typeof applyReferralRequestSchema>, @Ctx() ctx: CallContext): Promise<ApplyReferralResponse> {
    const session = await this.rpc.call(AuthRpc.applyReferral, body, ctx);
    return { success: true, ...(await this.users.session(session, ctx)) };
  }
}
