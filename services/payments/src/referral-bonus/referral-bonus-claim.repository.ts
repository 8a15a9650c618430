import { Inject, Injectable } from '@nestjs/common';
import type { ReferralBonusRecipients } from '@labeldesk/contracts';
import { ORM, schemaTable } from '@labeldesk/nest-orm';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';

/** `pending`: to credit (and retry); every other state is final, and no timer acts on it. */
export type ClaimState = 'pending' | 'paid' | 'not_referred' | 'no_recipient' | 'off' | 'below_minimum';

/** A customer's first top-up, with the bonus settings of the moment it was credited. */
export interface BonusClaim {
  userId: string;
  depositId: string;
  amountCents: number;
  recipients: ReferralBonusRecipients;
  tries: number;
}

interface Row {
  user_id: string;
  deposit_id: string;
  amount_cents: number;
  recipients: ReferralBonusRecipients;
  tries: number;
}

/** Payments' record of each customer's first top-up and of the referral bonus it earned (decision 087). */
@Injectable()
export class ReferralBonusClaimRepository {
  constructor(@Inject(ORM) private readonly orm: MikroORM) {}

  private t(name = 'referral_bonus_claims'): string {
    return schemaTable(this.orm, name);
  }

  /**
   * In the transaction that credits a deposit: when it is the customer's first credited one, records it with what the
   * settings say now (`pending`, `off` or `below_minimum`) and answers that state; null when it is not their first.
   * The primary key is the customer, so of two first top-ups credited at once only one is recorded, and the earlier
   * credited deposits (before this table existed) count too.
   */
  async recordFirstTopUpIn(em: EntityManager, deposit: { id: string; userId: string; amountCents: number }): Promise<ClaimState | null> {
    const [row] = await em.execute<Array<{ state: ClaimState }>>(
      `insert into ${this.t()} ("user_id", "deposit_id", "deposit_cents", "amount_cents", "recipients", "state")
       select ?, ?, ?, s."amount_cents", s."recipients",
              case when s."amount_cents" = 0 then 'off' when ? < s."minimum_first_top_up_cents" then 'below_minimum' else 'pending' end
         from ${this.t('referral_bonus_settings')} s
        where s."id" = 1
          and not exists (select 1 from ${this.t('deposits')} d where d."user_id" = ? and d."credited" and d."id" <> ?)
       on conflict ("user_id") do nothing
       returning "state"`,
      [deposit.userId, deposit.id, deposit.amountCents, deposit.amountCents, deposit.userId, deposit.id],
    );
    return row?.state ?? null;
  }

  /** Claims pending bonuses due now, pushing their next try `leaseSeconds` ahead (SKIP LOCKED: replicas take different ones). */
  async claimDue(limit: number, leaseSeconds: number): Promise<BonusClaim[]> {
    const rows = await this.orm.em.getConnection().execute<Row[]>(
      `update ${this.t()} set "next_try_at" = now() + make_interval(secs => ?), "tries" = "tries" + 1
        where "user_id" in (select "user_id" from ${this.t()} where "state" = 'pending' and "next_try_at" <= now() order by "next_try_at" limit ? for update skip locked)
        returning "user_id", "deposit_id", "amount_cents", "recipients", "tries"`,
      [leaseSeconds, limit],
    );
    return rows.map((r) => ({ userId: r.user_id, depositId: r.deposit_id, amountCents: Number(r.amount_cents), recipients: r.recipients, tries: r.tries }));
  }

  /** A pending claim settled: paid, or nobody to pay. */
  async settle(userId: string, state: Exclude<ClaimState, 'pending'>, referrerId: string | null): Promise<void> {
    await this.orm.em
      .getConnection()
      .execute(`update ${this.t()} set "state" = ?, "referrer_id" = ?, "settled_at" = now(), "last_error" = null where "user_id" = ? and "state" = 'pending'`, [state, referrerId, userId]);
  }

  /** The try failed: kept pending, tried again after `seconds`, the error kept for whoever looks. */
  async retryAfter(userId: string, seconds: number, error: string): Promise<void> {
    await this.orm.em
      .getConnection()
      .execute(`update ${this.t()} set "next_try_at" = now() + make_interval(secs => ?), "last_error" = ? where "user_id" = ? and "state" = 'pending'`, [seconds, error.slice(0, 500), userId]);
  }

  /** One customer's claim state, if they have made a first top-up. */
  async stateOf(userId: string): Promise<ClaimState | null> {
    const [row] = await this.orm.em.getConnection().execute<Array<{ state: ClaimState }>>(`select "state" from ${this.t()} where "user_id" = ?`, [userId]);
    return row?.state ?? null;
  }
}
