import { Inject, Injectable } from '@nestjs/common';
import { STATEMENT_KINDS, type StatementKind } from '@labeldesk/contracts';
import { ORM, schemaTable } from '@labeldesk/nest-orm';
import { IsolationLevel, type EntityManager, type MikroORM } from '@mikro-orm/postgresql';
import type { StatementSums } from './statement-lines';

export interface StatementEntryRow {
  id: string;
  kind: StatementKind;
  amountCents: number;
  /** The month's lines up to and with this one (the opening not included). */
  monthRunningCents: number;
  reference: string;
  reason: string | null;
  chargeKey: string | null;
  at: string;
}

export interface StatementRead {
  sums: StatementSums;
  kindTotals: Array<{ kind: StatementKind; count: number; amountCents: number }>;
  lines: StatementEntryRow[];
}

type Cents = string | number;

const LISTED = `"kind" in (${STATEMENT_KINDS.map((k) => `'${k}'`).join(', ')})`;

/**
 * Reads one customer's month from the ledger, in one repeatable-read transaction: the sums, the totals and the lines
 * are of the same moment, so a posting that lands meanwhile cannot make them disagree. Holds and releases move money
 * between the account's two buckets (their pair of entries adds up to zero), so they count in the sums and are no
 * line of their own.
 */
@Injectable()
export class StatementRepository {
  constructor(@Inject(ORM) private readonly orm: MikroORM) {}

  private table(name: string): string {
    return schemaTable(this.orm, name);
  }

  read(userId: string, start: Date, end: Date, offset: number, limit: number): Promise<StatementRead> {
    return this.orm.em.fork().transactional(
      async (em) => ({
        sums: await this.sums(em, userId, start, end),
        kindTotals: await this.kindTotals(em, userId, start, end),
        lines: await this.lines(em, userId, start, end, offset, limit),
      }),
      { isolationLevel: IsolationLevel.REPEATABLE_READ, readOnly: true },
    );
  }

  private async sums(em: EntityManager, userId: string, start: Date, end: Date): Promise<StatementSums> {
    const [row] = await em.execute<Array<{ opening: Cents; closing: Cents; held: Cents; every: Cents }>>(
      `select coalesce(sum("amount_cents") filter (where "created_at" < ?::timestamptz), 0) as "opening",
              coalesce(sum("amount_cents") filter (where "created_at" < ?::timestamptz), 0) as "closing",
              coalesce(sum("amount_cents") filter (where "created_at" < ?::timestamptz and "bucket" = 'held'), 0) as "held",
              coalesce(sum("amount_cents"), 0) as "every"
         from ${this.table('ledger_entries')} where "user_id" = ?`,
      [start.toISOString(), end.toISOString(), end.toISOString(), userId],
    );
    const [account] = await em.execute<Array<{ cents: Cents }>>(
      `select "balance_cents" + "held_cents" as "cents" from ${this.table('accounts')} where "user_id" = ?`,
      [userId],
    );
    return {
      openingCents: Number(row?.opening ?? 0),
      closingCents: Number(row?.closing ?? 0),
      heldAtCloseCents: Number(row?.held ?? 0),
      allEntriesCents: Number(row?.every ?? 0),
      accountCents: Number(account?.cents ?? 0),
    };
  }

  private async kindTotals(em: EntityManager, userId: string, start: Date, end: Date): Promise<StatementRead['kindTotals']> {
    const rows = await em.execute<Array<{ kind: StatementKind; count: Cents; amount: Cents }>>(
      `select "kind", count(*) as "count", sum("amount_cents") as "amount"
         from ${this.table('ledger_entries')}
        where "user_id" = ? and "created_at" >= ?::timestamptz and "created_at" < ?::timestamptz and ${LISTED}
        group by "kind"`,
      [userId, start.toISOString(), end.toISOString()],
    );
    return rows.map((r) => ({ kind: r.kind, count: Number(r.count), amountCents: Number(r.amount) }));
  }

  /** The month's lines in time order (ties by id), each with the sum of the month's lines so far. */
  private async lines(em: EntityManager, userId: string, start: Date, end: Date, offset: number, limit: number): Promise<StatementEntryRow[]> {
    const entries = this.table('ledger_entries');
    const rows = await em.execute<
      Array<{ id: string; kind: StatementKind; amount_cents: Cents; running: Cents; reference: string; reason: string | null; charge_key: string | null; created_at: Date | string }>
    >(
      `select "e"."id", "e"."kind", "e"."amount_cents", "e"."reference", "e"."reason", "e"."created_at",
              case when "e"."kind" = 'label_purchase' then "e"."idempotency_key" else "charge"."idempotency_key" end as "charge_key",
              sum("e"."amount_cents") over (order by "e"."created_at", "e"."id" rows unbounded preceding) as "running"
         from ${entries} as "e"
         left join ${entries} as "charge" on "charge"."id" = "e"."refund_of"
        where "e"."user_id" = ? and "e"."created_at" >= ?::timestamptz and "e"."created_at" < ?::timestamptz and "e".${LISTED}
        order by "e"."created_at", "e"."id"
        offset ? limit ?`,
      [userId, start.toISOString(), end.toISOString(), offset, limit],
    );
    // The window runs over the rows before the offset too: a window is computed before offset and limit apply.
    return rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      amountCents: Number(r.amount_cents),
      monthRunningCents: Number(r.running),
      reference: r.reference,
      reason: r.reason,
      chargeKey: r.charge_key,
      at: new Date(r.created_at).toISOString(),
    }));
  }
}
