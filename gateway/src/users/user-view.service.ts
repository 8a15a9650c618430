import { Injectable } from '@nestjs/common';
import { PaymentsRpc, type AuthUser, type Caller, type PublicUser, type Session } from '@labeldesk/contracts';
import { RpcClient } from '@labeldesk/nest-transport';
import type { CallContext } from '../auth/request-context';
import { toPublicUser } from './public-user.mapper';

/** Joins auth's users with payments' totals; the gateway composes, it decides nothing. */
@Injectable()
export class UserViewService {
  constructor(private readonly rpc: RpcClient) {}

  async one(user: AuthUser, ctx: CallContext): Promise<PublicUser> {
    // A user who just signed in has no caller on the request yet: they may read their own account.
    const caller: Caller = ctx.caller ?? { userId: user.id, role: user.role };
    const account = await this.rpc.call(PaymentsRpc.accountSummary, { userId: user.id }, { caller, correlationId: ctx.correlationId });
    return toPublicUser(user, account);
  }

  async session(session: Session, ctx: CallContext): Promise<{ token: string; user: PublicUser }> {
    return { token: session.token, user: await this.one(session.user, { ...ctx, caller: null }) };
  }

  async many(users: AuthUser[], ctx: CallContext): Promise<PublicUser[]> {
    const { summaries } = await this.rpc.call(PaymentsRpc.accountSummaries, { userIds: users.map((u) => u.id) }, ctx);
    const byUser = new Map(summaries.map((s) => [s.userId, s]));
    return users.map((user) =>
      toPublicUser(user, byUser.get(user.id) ?? { userId: user.id, balanceCents: 0, heldCents: 0, totalDepositCents: 0, totalSpentCents: 0 }),
    );
  }
}
