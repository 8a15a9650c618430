import { Inject, Injectable } from '@nestjs/common';
import type { AccountSummary } from '@labeldesk/contracts';
import { ORM, schemaTable } from '@labeldesk/nest-orm';
import type { MikroORM } from '@mikro-orm/postgresql';

/** An accounts row as read for a summary: bigint columns arrive as strings. */
interface SummaryRow {
  userId: string;
  balanceCents: string | number;
  heldCents: string | number;
  totalDepositCents: string | number;
  totalSpentCents: string | number;
}

const toSummary = (userId: string, row: SummaryRow | undefined): AccountSummary => ({
  userId,
  balanceCents: Number(row?.balanceCents ?? 0),
  heldCents: Number(row?.heldCents ?? 0),
  totalDepositCents: Number(row?.totalDepositCents ?? 0),
  totalSpentCents: Number(row?.totalSpentCents ?? 0),
});

/** A user with no ledger activity has no row yet: their summary is all zeros. */
@Injectable()
export class AccountRepository {
  constructor(@Inject(ORM) private readonly orm: MikroORM) {}

  /**
   * One query, no entities: the gateway asks for a balance on every verify and dashboard load, and building an
   * Account entity per ask costs the embedded process far more CPU than the row itself (decision 022).
   */
  async summaries(userIds: string[]): Promise<AccountSummary[]> {
    if (userIds.length === 0) return [];
    const table = schemaTable(this.orm, 'accounts');
    const rows = await this.orm.em.getConnection().execute<SummaryRow[]>(
      `select "user_id" as "userId", "balance_cents" as "balanceCents", "held_cents" as "heldCents",
              "total_deposit_cents" as "totalDepositCents", "total_spent_cents" as "totalSpentCents"
         from ${table} where "user_id" in (${userIds.map(() => '?').join(', ')})`,
      userIds,
    );
    const byUser = new Map(rows.map((row) => [row.userId, row]));
    return userIds.map((id) => toSummary(id, byUser.get(id)));
  }

  /** Only what an inviter may see of the people they invited: the sum of their settled deposits. */
  async depositTotals(userIds: string[]): Promise<Array<{ userId: string; totalDepositCents: number }>> {
    return (await this.summaries(userIds)).map(({ userId, totalDepositCents }) => ({ userId, totalDepositCents }));
  }
}
