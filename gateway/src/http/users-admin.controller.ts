import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { type AuditAction, AuthRpc, changeRoleBodySchema, DomainError, ErrorCode, deleteUserResponseSchema, type DeleteUserResponse, loginResponseSchema, PaymentsRpc, publicUserSchema, setActivationBodySchema, TwoFactorRpc, userDetailsBodySchema, usersListResponseSchema, type LoginResponse, type PublicUser } from '@labeldesk/contracts';
import { RpcClient } from '@labeldesk/nest-transport';
import { ApiDoc } from '../docs/api-doc.decorator';
import type { z } from 'zod';
import { AdminOnly, Forwards } from '../auth/access.decorators';
import { Ctx, type CallContext } from '../auth/request-context';
import { UserViewService } from '../users/user-view.service';
import { IdempotencyKey } from './idempotency-key.decorator';
import { ZodBody } from './zod-body.pipe';
import { Audited, param } from '../audit/audited.decorator';
import { userSnapshot } from '../audit/snapshots';
import type { Request } from 'express';
import { ForgetsUsers, pathUser } from '../auth/forgets-user.decorator';

/** One route sets a balance and/or a referral code: the log names the balance when one was sent. */
const detailsAction = (request: Request): AuditAction => (userDetailsBodySchema.safeParse(request.body).data?.balance !== undefined ? 'user.balance' : 'user.referral-code');

/** Spec 7 "Users (admin)". Ids in the path are validated by the auth service's contract. */
@Controller('auth')
export class UsersAdminController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly users: UserViewService,
  ) {}

  @ApiDoc({ summary: 'Every user with balance and totals', response: usersListResponseSchema })
  @Forwards(AuthRpc.listUsers)
  @Get('users')
  async list(@Ctx() ctx: CallContext): Promise<PublicUser[]> {
    const { users } = await this.rpc.call(AuthRpc.listUsers, {}, ctx);
    return this.users.many(users, ctx);
  }

  @ApiDoc({ summary: 'Delete a user: they can no longer sign in and their sessions and sockets end; orders, files and ledger stay', response: deleteUserResponseSchema })
  @Audited({ action: 'user.delete', targetType: 'user', target: param('id'), snapshot: userSnapshot })
  @ForgetsUsers(pathUser('id'))
  @Forwards(AuthRpc.deleteUser)
  @Delete('users/:id')
  @HttpCode(200)
  deleteUser(@Param('id') userId: string, @Ctx() ctx: CallContext): Promise<DeleteUserResponse> {
    return this.rpc.call(AuthRpc.deleteUser, { userId }, ctx);
  }

  @ApiDoc({ summary: 'Change a user\'s role (ends their sessions and closes their sockets)', body: changeRoleBodySchema, response: publicUserSchema })
  @Audited({ action: 'user.role', targetType: 'user', target: param('userId'), snapshot: userSnapshot })
  @ForgetsUsers(pathUser('userId'))
  @Forwards(AuthRpc.changeRole)
  @Post('users/role/:userId')
  @HttpCode(200)
  async changeRole(@Param('userId') userId: string, @Body(new ZodBody(changeRoleBodySchema)) body: z.output<typeof changeRoleBodySchema>, @Ctx() ctx: CallContext): Promise<PublicUser> {
    return this.users.one(await this.rpc.call(AuthRpc.changeRole, { userId, role: body.user_role }, ctx), ctx);
  }

  @ApiDoc({ summary: 'Allow or block a user (blocking ends their sessions and closes their sockets)', body: setActivationBodySchema, response: publicUserSchema })
  @Audited({ action: 'user.access', targetType: 'user', target: param('userId'), snapshot: userSnapshot })
  @ForgetsUsers(pathUser('userId'))
  @Forwards(AuthRpc.setActivation)
  @Post('users/activation/:userId')
  @HttpCode(200)
  async setActivation(@Param('userId') userId: string, @Body(new ZodBody(setActivationBodySchema)) body: z.output<typeof setActivationBodySchema>, @Ctx() ctx: CallContext): Promise<PublicUser> {
    return this.users.one(await this.rpc.call(AuthRpc.setActivation, { userId, activation: body.activation }, ctx), ctx);
  }

  @ApiDoc({ summary: "Reset a user's two-factor sign-in (a lost phone and lost recovery codes): they sign in with their password until they enrol again; not your own", response: publicUserSchema })
  @Audited({ action: 'user.2fa-reset', targetType: 'user', target: param('userId'), snapshot: userSnapshot })
  @ForgetsUsers(pathUser('userId'))
  @Forwards(TwoFactorRpc.adminReset)
  @Post('users/2fa-reset/:userId')
  @HttpCode(200)
  async resetTwoFactor(@Param('userId') userId: string, @Ctx() ctx: CallContext): Promise<PublicUser> {
    return this.users.one(await this.rpc.call(TwoFactorRpc.adminReset, { userId }, ctx), ctx);
  }

  /** Spec: the admin sets a balance (a ledger adjustment for the difference) and/or a referral code. */
  @ApiDoc({ summary: 'Set a balance (as a ledger adjustment) and/or a referral code', body: userDetailsBodySchema, response: publicUserSchema })
  @Audited({ action: detailsAction, targetType: 'user', target: param('id'), snapshot: userSnapshot })
  @ForgetsUsers(pathUser('id'))
  @AdminOnly()
  @Post('users/details/:id')
  @HttpCode(200)
  async details(@Param('id') userId: string, @Body(new ZodBody(userDetailsBodySchema)) body: z.output<typeof userDetailsBodySchema>, @IdempotencyKey() key: string, @Ctx() ctx: CallContext): Promise<PublicUser> {
    // An admin crediting themselves is the one adjustment no second person would see: it is refused before
    // anything (even the referral code) changes, so the request is all or nothing.
    if (body.balance !== undefined && userId === ctx.caller?.userId) {
      throw new DomainError(ErrorCode.VALIDATION_FAILED, 'You cannot change your own balance');
    }
    if (body.referralCode) await this.rpc.call(AuthRpc.setReferralCode, { userId, referralCode: body.referralCode }, ctx);
    if (body.balance !== undefined) {
      await this.rpc.call(PaymentsRpc.adjustBalance, { userId, newBalanceCents: body.balance, reason: 'Balance set by an admin in user management', idempotencyKey: `adjust:${key}` }, ctx);
      this.users.accountChanged(userId);
    }
    return this.users.one(await this.rpc.call(AuthRpc.getUser, { userId }, ctx), ctx);
  }

  @ApiDoc({ summary: 'Sign in as a user', response: loginResponseSchema })
  @Audited({ action: 'user.login-as', refused: 'user.login-as-refused', targetType: 'user', target: param('id') })
  @Forwards(AuthRpc.loginAsUser)
  @Post('login-as-user/:id')
  @HttpCode(200)
  async loginAsUser(@Param('id') userId: string, @Ctx() ctx: CallContext): Promise<LoginResponse> {
    return this.users.session(await this.rpc.call(AuthRpc.loginAsUser, { userId }, ctx), ctx);
  }
}
