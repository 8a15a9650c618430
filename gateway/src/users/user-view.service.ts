import { Injectable } from '@nestjs/common';
import { PaymentsRpc, type AccountSummary, type AuthUser, type Caller, type PublicUser, type Session } from '@labeldesk/contracts';
import { RpcClient } from '@labeldesk/nest-transport';
import type { CallContext } from '../auth/request-context';
import { AccountSummaryCache } from './account-summary.cache';
import { toPublicUser } from './public-user.mapper';

/** Joins auth's users with payments' totals; the gateway composes, it decides nothing. */
@Injectable()
export class UserViewService {
  constructor(
    private readonly rpc: RpcClient,
    private readonly accounts: AccountSummaryCache,
  ) {}

  async one(user: AuthUser, ctx: CallContext): Promise<PublicUser> {
    return toPublicUser(user, this.accounts.get(user.id) ?? (await this.readAccount(user, ctx)));
  }

  /**
   * This replica has just moved the user's money (an admin's balance change): its answer must show the new balance even
   * if payments' event reaches this replica after the call's reply.
   */
  accountChanged(userId: string): void {
    this.accounts.forget(userId);
  }

  private async readAccount(user: AuthUser, ctx: CallContext): Promise<AccountSummary> {
    // A user who just signed in has no caller on the request yet: they may read their own account.
    const caller: Caller = ctx.caller ?? { userId: user.id, role: user.role };
    const ticket = this.accounts.ticket();
    const account = await this.rpc.call(PaymentsRpc.accountSummary, { userId: user.id }, { caller, correlationId: ctx.correlationId });
    this.accounts.keep(user.id, account, ticket);
    return account;
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
