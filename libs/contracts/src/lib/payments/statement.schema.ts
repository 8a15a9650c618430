// Subjects are public API between processes: do not change one without a migration plan (add a v2 instead).
import { z } from 'zod';
import { defineRpc } from '../define';
import { idSchema } from '../common/ids';
import type { LedgerKind } from './ledger.schema';

/**
 * A monthly statement (issue 49, decision 094): one customer's ledger over one calendar month in UTC. The balance it
 * shows is all the customer's money, spendable and held for batches in progress: moving money into or out of a hold
 * changes neither, so holds and releases are not lines of it.
 */
export const STATEMENT_KINDS = ['deposit', 'label_purchase', 'refund', 'referral_bonus', 'claim_payout', 'admin_adjustment', 'reversal'] as const satisfies readonly LedgerKind[];
export const statementKindSchema = z.enum(STATEMENT_KINDS);
export type StatementKind = z.infer<typeof statementKindSchema>;

/** What each kind is called on the statement's totals. */
export const STATEMENT_KIND_NAMES: Readonly<Record<StatementKind, string>> = {
  deposit: 'Top-ups',
  label_purchase: 'Labels bought',
  refund: 'Refunds',
  referral_bonus: 'Referral bonuses',
  claim_payout: 'Insurance claims paid',
  admin_adjustment: 'Adjustments',
  reversal: 'Top-ups reversed',
};

/** Lines of a statement one request answers at most; a longer month is read a part at a time. */
export const STATEMENT_PART_LINES = 1000;

const MONTH_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** `2026-11` → the UTC instants its month starts and ends (exclusive). */
export const monthBounds = (month: string): { start: Date; end: Date } => {
  const match = MONTH_PATTERN.exec(month);
  if (!match) throw new Error(`Not a month: ${month}`);
  const year = Number(match[1]);
  const index = Number(match[2]) - 1;
  return { start: new Date(Date.UTC(year, index, 1)), end: new Date(Date.UTC(year, index + 1, 1)) };
};

/** The month (UTC) an instant falls in, as `YYYY-MM`. */
export const monthOf = (at: Date): string => at.toISOString().slice(0, 7);

/** A month in `YYYY-MM`, this month (UTC) at the latest: a month that has not begun has no statement yet. */
export const statementMonthSchema = z
  .string({ error: 'The month must be written YYYY-MM, for example 2026-11' })
  .regex(MONTH_PATTERN, { error: 'The month must be written YYYY-MM, for example 2026-11' })
  .refine((month) => month >= '2000-01', { error: 'There are no statements before 2000-01' })
  .refine((month) => month <= monthOf(new Date()), { error: 'That month has not begun yet: there is no statement for it' });

export const statementLineSchema = z.object({
  id: z.string(),
  at: z.string(),
  kind: statementKindSchema,
  /** What the customer reads: 'Top-up (BTCPay invoice …)', 'Refund of label 9400…', 'Referral bonus'. */
  description: z.string(),
  /** Signed: credits positive, debits negative. */
  amountCents: z.number().int(),
  /** The customer's money once this line is applied (spendable and held together). */
  balanceAfterCents: z.number().int(),
  /**
   * For a label's charge, its own idempotency key; for a refund, the key of the charge it gives back: what the label
   * behind the line is found by (orders knows its labels by these keys). Null for every other kind.
   */
  chargeKey: z.string().nullable(),
});
export type StatementLine = z.infer<typeof statementLineSchema>;

export const statementTotalSchema = z.object({ kind: statementKindSchema, count: z.number().int().min(0), amountCents: z.number().int() });
export type StatementTotal = z.infer<typeof statementTotalSchema>;

export const statementSummarySchema = z.object({
  userId: idSchema,
  month: z.string(),
  /** The period, UTC: from `periodStart` up to, not including, `periodEnd`. */
  periodStart: z.string(),
  periodEnd: z.string(),
  openingCents: z.number().int(),
  closingCents: z.number().int(),
  /** Of the closing balance, what was held for batches still buying at the period's end. */
  heldAtCloseCents: z.number().int(),
  lineCount: z.number().int().min(0),
  /** One per kind, in STATEMENT_KINDS order, zeros included. */
  totals: z.array(statementTotalSchema),
});
export type StatementSummary = z.infer<typeof statementSummarySchema>;

export const statementPartSchema = z.object({
  summary: statementSummarySchema,
  lines: z.array(statementLineSchema),
  /** How many lines come before the next part (its `offset`); null on the last part. */
  nextOffset: z.number().int().nullable(),
});
export type StatementPart = z.infer<typeof statementPartSchema>;

export const statementRequestSchema = z.object({
  userId: idSchema,
  month: statementMonthSchema,
  /** Lines to skip: the month's lines in time order (ties by id), so a past month's parts never move. */
  offset: z.number().int().min(0).default(0),
  limit: z.number().int().min(1).max(STATEMENT_PART_LINES).default(STATEMENT_PART_LINES),
});

/** The PDF's file name: `Statement_2026-11.pdf`. */
export const statementFileName = (month: string): string => `Statement_${month}.pdf`;

/** The label behind a statement line, as orders knows it by its charge's key. */
export const statementLabelSchema = z.object({ chargeKey: z.string(), trackingNumber: z.string(), courier: z.string(), serviceName: z.string() });
export type StatementLabel = z.infer<typeof statementLabelSchema>;

export const StatementRpc = {
  /**
   * A part of a customer's monthly statement: the summary (every time, so a reader can tell the month did not change
   * under it) and up to `limit` lines from `offset`. The balances are checked against the ledger before any part is
   * answered: a statement that does not add up is an error, never a document (decision 094).
   */
  part: defineRpc('payments.statement.part.v1', statementRequestSchema, statementPartSchema, { who: { selfOrAdmin: 'userId' }, scope: 'balance:read' }),
  /**
   * The customer's labels behind a part's lines, by the keys of their charges (`chargeKey`): payments does not know
   * labels, orders does, so the statement names a label by its tracking number and service. A key of another
   * customer's label, or of none, is left out of the answer.
   */
  labels: defineRpc(
    'orders.label.by-charge.v1',
    z.object({ userId: idSchema, chargeKeys: z.array(z.string().min(1).max(200)).max(STATEMENT_PART_LINES) }),
    z.object({ labels: z.array(statementLabelSchema) }),
    { who: { selfOrAdmin: 'userId' }, scope: 'balance:read' },
  ),
} as const;
