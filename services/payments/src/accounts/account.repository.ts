import { Inject, Injectable } from '@nestjs/common';
import type { AccountSummary } from '@labeldesk/contracts';
import { ORM } from '@labeldesk/nest-orm';
import type { MikroORM } from '@mikro-orm/postgresql';
import { Account } from './account.entity';

const toSummary = (userId: string, account: Account | undefined): AccountSummary => ({
  userId,
  balanceCents: account?.balanceCents ?? 0,
  heldCents: account?.heldCents ?? 0,
  totalDepositCents: account?.totalDepositCents ?? 0,
  totalSpentCents: account?.totalSpentCents ?? 0,
});

/** A user with no ledger activity has no row yet: their summary is all zeros. */
@Injectable()
export class AccountRepository {
  constructor(@Inject(ORM) private readonly orm: MikroORM) {}

  async summaries(userIds: string[]): Promise<AccountSummary[]> {
    if (userIds.length === 0) return [];
    const accounts = await this.orm.em.fork().find(Account, { userId: { $in: userIds } });
    const byUser = new Map(accounts.map((a) => [a.userId, a]));
    return userIds.map((id) => toSummary(id, byUser.get(id)));
  }

  /** Only what an inviter may see of the people they invited: the sum of their settled deposits. */
  async depositTotals(userIds: string[]): Promise<Array<{ userId: string; totalDepositCents: number }>> {
    return (await this.summaries(userIds)).map(({ userId, totalDepositCents }) => ({ userId, totalDepositCents }));
  }
}
