import { Body, Controller, Get, Headers, HttpCode, Param, Post } from '@nestjs/common';
import {
  applyReferralRequestSchema,
  applyReferralResponseSchema,
  AuthRpc,
  InviteRpc,
  invitedUsersResponseSchema,
  PaymentsRpc,
  referralCodeResponseSchema,
  type ApplyReferralResponse,
  type InvitedUser,
  type ReferralCodeResponse,
} from '@labeldesk/contracts';
import { RpcClient } from '@labeldesk/nest-transport';
import { ApiDoc } from '../docs/api-doc.decorator';
import type { z } from 'zod';
import { Ctx, type AuthenticatedRequest, type CallContext } from '../auth/request-context';
import { readClaims } from '../auth/verified-callers.cache';
import type { IncomingHttpHeaders } from 'node:http';
import { UserViewService } from '../users/user-view.service';
import { headerValue } from './header-value';
import { ZodBody } from './zod-body.pipe';
import { Forwards } from '../auth/access.decorators';
import { ForgetsUsers, self } from '../auth/forgets-user.decorator';
import { Audited } from '../audit/audited.decorator';
import { userSnapshot } from '../audit/snapshots';

/**
 * Spec 7 "Invites". `{userId}` routes are the user themselves or an admin (AccessGuard, and auth checks again).
 * Invited users join auth's list with payments' deposit totals, asked for with exactly the ids auth answered for this
 * caller: payments cannot tell who invited whom, so nothing else may reach that call.
 */
@Controller('invite')
export class InviteController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly users: UserViewService,
  ) {}

  @ApiDoc({ summary: 'The users who registered with this user\'s referral code, newest first, with their total deposits (cents)', response: invitedUsersResponseSchema })
  @Forwards(InviteRpc.listInvitees)
  @Get(':userId')
  async invitedUsers(@Param('userId') userId: string, @Ctx() ctx: CallContext): Promise<InvitedUser[]> {
    const { invitees } = await this.rpc.call(InviteRpc.listInvitees, { userId }, ctx);
    if (invitees.length === 0) return [];
    const { totals } = await this.rpc.call(PaymentsRpc.depositTotals, { userIds: invitees.map((invitee) => invitee.userId) }, ctx);
    const depositOf = new Map(totals.map((total) => [total.userId, total.totalDepositCents]));
    return invitees.map((invitee) => ({ name: invitee.name, registeredDate: invitee.registeredAt, totalDeposit: depositOf.get(invitee.userId) ?? 0 }));
  }

  @ApiDoc({ summary: 'A user\'s referral code (their invite link is /register?ref=<code>)', response: referralCodeResponseSchema })
  @Forwards(AuthRpc.getUser)
  @Get('referral/:userId')
  async referralCode(@Param('userId') userId: string, @Ctx() ctx: CallContext): Promise<ReferralCodeResponse> {
    const user = await this.rpc.call(AuthRpc.getUser, { userId }, ctx);
    return { referralCode: user.referralCode };
  }

  @ApiDoc({ summary: 'Apply a referral code (onboarding)', body: applyReferralRequestSchema, response: applyReferralResponseSchema })
  @Forwards(AuthRpc.applyReferral)
  // An admin signed in as the customer sets who referred them: the log names the admin, acting as the customer.
  @Audited({ action: 'user.referrer-set', targetType: 'user', target: (request) => (request as AuthenticatedRequest).caller?.userId ?? null, snapshot: userSnapshot, onlyUnderLoginAs: true })
  @ForgetsUsers(self)
  @Post('referral/apply')
  @HttpCode(200)
  async apply(@Body(new ZodBody(applyReferralRequestSchema)) body: z.output<typeof applyReferralRequestSchema>, @Headers() headers: IncomingHttpHeaders, @Ctx() ctx: CallContext): Promise<ApplyReferralResponse> {
    const session = await this.rpc.call(AuthRpc.applyReferral, body, ctx);
    // A login-as session (its token verified by the guard) keeps its own token: the one auth signs for it is bound to
    // the admin too, but would start the hour again (decision 037).
    const token = headerValue(headers, 'token');
    const kept = readClaims(token).impersonatorId ? { ...session, token } : session;
    return { success: true, ...(await this.users.session(kept, ctx)) };
  }
}
