import { DomainError, ErrorCode, formatUsd, STATEMENT_KINDS, type StatementKind, type StatementTotal } from '@labeldesk/contracts';

/** What a ledger entry's own fields say about it: enough to describe it to the customer. */
export interface EntryFacts {
  kind: StatementKind;
  reference: string;
  reason: string | null;
}

const shortId = (id: string): string => id.slice(0, 8);

/**
 * The line a customer reads for an entry, from the references payments and orders write (deposits: `invoice X`, with
 * `TEST MONEY: ` from the test provider; reversals: `invoice X invalidated`; a single label's charge `order <id>`; a
 * batch label's `bulk <id> row N`; a void's refund `label <tracking> voided`; a failed label's `order <id> (label
 * failed)`). A reference of another shape is shown as it is, after the kind's name: nothing is hidden.
 */
export const describeEntry = ({ kind, reference, reason }: EntryFacts): string => {
  switch (kind) {
    case 'deposit': {
      const test = /^TEST MONEY: invoice (\S+)$/.exec(reference);
      if (test) return `Top-up (test money, invoice ${test[1]})`;
      const invoice = /^invoice (\S+)$/.exec(reference);
      return invoice ? `Top-up (BTCPay invoice ${invoice[1]})` : `Top-up (${reference})`;
    }
    case 'reversal': {
      const invoice = /^invoice (\S+) invalidated$/.exec(reference);
      return invoice ? `Top-up reversed (invoice ${invoice[1]} was invalidated)` : `Top-up reversed (${reference})`;
    }
    case 'label_purchase': {
      const single = /^order ([0-9a-f-]{36})$/.exec(reference);
      if (single?.[1]) return `Label, order ${shortId(single[1])}`;
      const bulk = /^bulk ([0-9a-f-]{36}) row (\d+)$/.exec(reference);
      if (bulk?.[1]) return `Label, batch ${shortId(bulk[1])} row ${bulk[2]}`;
      return `Label (${reference})`;
    }
    case 'refund': {
      const voided = /^label (\S+) voided$/.exec(reference);
      if (voided) return `Refund of label ${voided[1]} (voided)`;
      const failed = /^order ([0-9a-f-]{36}) \(label failed\)$/.exec(reference);
      if (failed?.[1]) return `Refund of a label that could not be bought (order ${shortId(failed[1])})`;
      return `Refund (${reference})`;
    }
    case 'referral_bonus':
      return reference;
    case 'claim_payout': {
      // Orders writes `claim <claimId> on label <tracking>` (decision 102).
      const claim = /^claim ([0-9a-f-]{36}) on label (\S+)$/.exec(reference);
      return claim?.[1] ? `Insurance claim ${shortId(claim[1])} paid (label ${claim[2]})` : `Insurance claim paid (${reference})`;
    }
    case 'admin_adjustment':
      return reason ? `Balance adjusted by LabelDesk: ${reason}` : 'Balance adjusted by LabelDesk';
  }
};

/** Every statement kind's count and sum, zeros included, in STATEMENT_KINDS order. */
export const totalsOf = (rows: ReadonlyArray<{ kind: StatementKind; count: number; amountCents: number }>): StatementTotal[] =>
  STATEMENT_KINDS.map((kind) => {
    const row = rows.find((r) => r.kind === kind);
    return { kind, count: row?.count ?? 0, amountCents: row?.amountCents ?? 0 };
  });

/** The sums a statement is built from, all read in one snapshot of the ledger. */
export interface StatementSums {
  /** Every entry (both buckets) before the month. */
  openingCents: number;
  /** Every entry (both buckets) before the month's end. */
  closingCents: number;
  /** The held bucket's entries before the month's end. */
  heldAtCloseCents: number;
  /** Every entry ever, and the account row's two buckets: the ledger and the balance it keeps must agree. */
  allEntriesCents: number;
  accountCents: number;
}

/**
 * Refuses a statement that would not add up (decision 094): the opening plus every line of the month is the closing,
 * and the entries add up to the balance the account row keeps. A mismatch is an error the operator must look at; it
 * is never printed as if it were true.
 */
export const checkStatement = (userId: string, month: string, sums: StatementSums, totals: readonly StatementTotal[]): void => {
  const monthCents = totals.reduce((sum, t) => sum + t.amountCents, 0);
  if (sums.openingCents + monthCents !== sums.closingCents) {
    throw new DomainError(
      ErrorCode.INTERNAL,
      `The statement of ${userId} for ${month} does not add up: opening ${formatUsd(sums.openingCents)} + the month's lines ${formatUsd(monthCents)} is not the closing ${formatUsd(sums.closingCents)}`,
    );
  }
  if (sums.allEntriesCents !== sums.accountCents) {
    throw new DomainError(
      ErrorCode.INTERNAL,
      `The ledger of ${userId} does not add up: its entries come to ${formatUsd(sums.allEntriesCents)} but the account holds ${formatUsd(sums.accountCents)}`,
    );
  }
};
