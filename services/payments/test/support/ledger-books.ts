import type { LedgerBucket, LedgerKind } from '@labeldesk/contracts';
import { IsolationLevel, type MikroORM } from '@mikro-orm/postgresql';

/** The ledger as the database holds it, read in one snapshot. bigint columns arrive as strings: all are numbers here. */
export interface EntryFact {
  id: string;
  userId: string;
  kind: LedgerKind;
  bucket: LedgerBucket;
  amountCents: number;
  balanceAfterCents: number;
  key: string;
  /** A refund's charge (that entry's id), null for an unlinked refund and every other kind (decision 042). */
  refundOf: string | null;
}

export interface AccountFact {
  userId: string;
  balanceCents: number;
  heldCents: number;
  totalDepositCents: number;
  totalSpentCents: number;
}

export interface HoldFact {
  holdId: string;
  userId: string;
  amountCents: number;
  capturedCents: number;
  releasedCents: number;
  status: 'open' | 'closed';
}

export interface Books {
  entries: EntryFact[];
  /** Every entry by its idempotency key; a key found twice is reported by `checkBooks`, the first one kept here. */
  byKey: Map<string, EntryFact>;
  accounts: Map<string, AccountFact>;
  holds: Map<string, HoldFact>;
  /** What the refunds pointing at each charge gave back, by the charge's entry id. */
  refundedCents: Map<string, number>;
}

/**
 * Reads entries, accounts and holds in one repeatable-read transaction, so the three agree with one another; in a
 * fixed order, so what a seeded test draws from them depends only on what they hold.
 */
export const readBooks = async (orm: MikroORM, schema = 'payments'): Promise<Books> => {
  const table = (name: string) => `"${schema}"."${name}"`;
  const em = orm.em.fork();
  const [entryRows, accountRows, holdRows] = await em.transactional(
    async (tx) => {
      const entries = await tx.execute<
        Array<{ id: string; user_id: string; kind: LedgerKind; bucket: LedgerBucket; amount_cents: string; balance_after_cents: string; idempotency_key: string; refund_of: string | null }>
      >(`select "id", "user_id", "kind", "bucket", "amount_cents", "balance_after_cents", "idempotency_key", "refund_of" from ${table('ledger_entries')} order by "idempotency_key"`);
      const accounts = await tx.execute<
        Array<{ user_id: string; balance_cents: string; held_cents: string; total_deposit_cents: string; total_spent_cents: string }>
      >(`select "user_id", "balance_cents", "held_cents", "total_deposit_cents", "total_spent_cents" from ${table('accounts')} order by "user_id"`);
      const holds = await tx.execute<
        Array<{ hold_id: string; user_id: string; amount_cents: string; captured_cents: string; released_cents: string; status: 'open' | 'closed' }>
      >(`select "hold_id", "user_id", "amount_cents", "captured_cents", "released_cents", "status" from ${table('ledger_holds')} order by "hold_id"`);
      return [entries, accounts, holds] as const;
    },
    { isolationLevel: IsolationLevel.REPEATABLE_READ },
  );
  const entries = entryRows.map(
    (r): EntryFact => ({
      id: r.id,
      userId: r.user_id,
      kind: r.kind,
      bucket: r.bucket,
      amountCents: Number(r.amount_cents),
      balanceAfterCents: Number(r.balance_after_cents),
      key: r.idempotency_key,
      refundOf: r.refund_of,
    }),
  );
  const byKey = new Map<string, EntryFact>();
  for (const entry of entries) if (!byKey.has(entry.key)) byKey.set(entry.key, entry);
  const refundedCents = new Map<string, number>();
  for (const e of entries) if (e.refundOf !== null) refundedCents.set(e.refundOf, (refundedCents.get(e.refundOf) ?? 0) + e.amountCents);
  return {
    entries,
    byKey,
    refundedCents,
    accounts: new Map(
      accountRows.map((r): [string, AccountFact] => [
        r.user_id,
        {
          userId: r.user_id,
          balanceCents: Number(r.balance_cents),
          heldCents: Number(r.held_cents),
          totalDepositCents: Number(r.total_deposit_cents),
          totalSpentCents: Number(r.total_spent_cents),
        },
      ]),
    ),
    holds: new Map(
      holdRows.map((r): [string, HoldFact] => [
        r.hold_id,
        {
          holdId: r.hold_id,
          userId: r.user_id,
          amountCents: Number(r.amount_cents),
          capturedCents: Number(r.captured_cents),
          releasedCents: Number(r.released_cents),
          status: r.status,
        },
      ]),
    ),
  };
};

const sumOf = (entries: EntryFact[]) => entries.reduce((sum, e) => sum + e.amountCents, 0);

/**
 * The entries of one bucket must chain from 0 to its balance: each entry starts where another ended
 * (balance_after − amount) and the walk ends at the account's balance. Whatever order they committed in, that is
 * an Euler path: every balance is entered as often as it is left, except 0 (left once more) and the final balance
 * (entered once more). A lost update (two entries computed from the same starting balance) breaks it.
 */
const chainViolation = (entries: EntryFact[], finalCents: number): string | null => {
  const degree = new Map<number, number>();
  const bump = (node: number, by: number) => degree.set(node, (degree.get(node) ?? 0) + by);
  for (const e of entries) {
    bump(e.balanceAfterCents - e.amountCents, 1);
    bump(e.balanceAfterCents, -1);
  }
  if (finalCents !== 0) {
    bump(0, -1);
    bump(finalCents, 1);
  }
  const unbalanced = [...degree].filter(([, d]) => d !== 0);
  return unbalanced.length === 0 ? null : `balances entered and left unevenly: ${unbalanced.slice(0, 6).map(([node, d]) => `${node}:${d > 0 ? '+' : ''}${d}`).join(', ')}`;
};

/**
 * The ledger's invariants, from the database alone (decisions 008 and 009), whatever the operations were:
 * per account and bucket the balance is the sum of its entries and nothing is negative; the entries chain;
 * the totals match the entries by kind; every idempotency key appears once; every hold keeps
 * captured + released ≤ amount with its own hold/release entries; the held bucket is what open holds have left; a
 * refund that points at a charge points at a label charge of its own user, and the refunds of one charge together
 * give back at most what it took (decision 042).
 */
export const checkBooks = (books: Books): string[] => {
  const violations: string[] = [];
  const seen = new Set<string>();
  for (const e of books.entries) {
    if (seen.has(e.key)) violations.push(`idempotency key ${e.key} posted more than once`);
    seen.add(e.key);
    if (e.balanceAfterCents < 0) violations.push(`entry ${e.key} leaves the ${e.bucket} bucket of ${e.userId} at ${e.balanceAfterCents}`);
    if (e.bucket === 'held' && !['hold', 'label_purchase', 'release'].includes(e.kind)) violations.push(`entry ${e.key} of kind ${e.kind} moves the held bucket`);
  }

  const byUser = new Map<string, EntryFact[]>();
  for (const e of books.entries) byUser.set(e.userId, [...(byUser.get(e.userId) ?? []), e]);
  for (const userId of byUser.keys()) if (!books.accounts.has(userId)) violations.push(`user ${userId} has entries but no account row`);

  const holdsByUser = new Map<string, HoldFact[]>();
  for (const hold of books.holds.values()) holdsByUser.set(hold.userId, [...(holdsByUser.get(hold.userId) ?? []), hold]);

  for (const account of books.accounts.values()) {
    const entries = byUser.get(account.userId) ?? [];
    const available = entries.filter((e) => e.bucket === 'available');
    const held = entries.filter((e) => e.bucket === 'held');
    const who = `account ${account.userId}`;
    if (account.balanceCents < 0 || account.heldCents < 0) violations.push(`${who} is negative: balance ${account.balanceCents}, held ${account.heldCents}`);
    if (sumOf(available) !== account.balanceCents) violations.push(`${who}: balance_cents ${account.balanceCents} but its available entries sum to ${sumOf(available)}`);
    if (sumOf(held) !== account.heldCents) violations.push(`${who}: held_cents ${account.heldCents} but its held entries sum to ${sumOf(held)}`);
    const availableChain = chainViolation(available, account.balanceCents);
    if (availableChain) violations.push(`${who}, available bucket: ${availableChain}`);
    const heldChain = chainViolation(held, account.heldCents);
    if (heldChain) violations.push(`${who}, held bucket: ${heldChain}`);
    const deposited = sumOf(entries.filter((e) => e.kind === 'deposit' || e.kind === 'reversal'));
    if (deposited !== account.totalDepositCents) violations.push(`${who}: total_deposit_cents ${account.totalDepositCents} but deposits and reversals sum to ${deposited}`);
    const spent = -sumOf(entries.filter((e) => e.kind === 'label_purchase' || e.kind === 'refund'));
    if (spent !== account.totalSpentCents) violations.push(`${who}: total_spent_cents ${account.totalSpentCents} but label purchases and refunds sum to ${spent}`);

    const holds = holdsByUser.get(account.userId) ?? [];
    const openLeft = holds.filter((h) => h.status === 'open').reduce((sum, h) => sum + h.amountCents - h.capturedCents - h.releasedCents, 0);
    if (openLeft !== account.heldCents) violations.push(`${who}: held_cents ${account.heldCents} but its open holds have ${openLeft} left`);
    const capturedEntries = -sumOf(held.filter((e) => e.kind === 'label_purchase'));
    const captured = holds.reduce((sum, h) => sum + h.capturedCents, 0);
    if (capturedEntries !== captured) violations.push(`${who}: holds captured ${captured} but its held label purchases sum to ${capturedEntries}`);
    const placed = sumOf(held.filter((e) => e.kind === 'hold'));
    const holdAmounts = holds.reduce((sum, h) => sum + h.amountCents, 0);
    if (placed !== holdAmounts) violations.push(`${who}: its holds amount to ${holdAmounts} but its held hold entries sum to ${placed}`);
  }

  for (const hold of books.holds.values()) {
    const who = `hold ${hold.holdId}`;
    const left = hold.amountCents - hold.capturedCents - hold.releasedCents;
    if (hold.capturedCents < 0 || hold.releasedCents < 0 || left < 0) violations.push(`${who}: captured ${hold.capturedCents} + released ${hold.releasedCents} exceed its amount ${hold.amountCents}`);
    if (hold.status === 'open' && hold.releasedCents !== 0) violations.push(`${who} is open but released ${hold.releasedCents}`);
    if (hold.status === 'closed' && left !== 0) violations.push(`${who} is closed with ${left} neither captured nor released`);
    const expect = (key: string, bucket: LedgerBucket, kind: LedgerKind, amountCents: number) => {
      const entry = books.byKey.get(key);
      if (amountCents === 0) {
        if (entry) violations.push(`${who}: entry ${key} posted for nothing to move`);
        return;
      }
      if (!entry || entry.userId !== hold.userId || entry.bucket !== bucket || entry.kind !== kind || entry.amountCents !== amountCents) {
        violations.push(`${who}: expected ${kind} ${bucket} ${amountCents} under ${key}, found ${entry ? `${entry.kind} ${entry.bucket} ${entry.amountCents} of ${entry.userId}` : 'none'}`);
      }
    };
    expect(`hold:${hold.holdId}`, 'available', 'hold', -hold.amountCents);
    expect(`hold:${hold.holdId}:held`, 'held', 'hold', hold.amountCents);
    expect(`release:${hold.holdId}`, 'available', 'release', hold.releasedCents);
    expect(`release:${hold.holdId}:held`, 'held', 'release', -hold.releasedCents);
  }
  for (const e of books.entries) {
    if (e.kind !== 'hold' && e.kind !== 'release') continue;
    const holdId = e.key.replace(/^(hold|release):/, '').replace(/:held$/, '');
    if (!books.holds.has(holdId)) violations.push(`entry ${e.key} moves ${e.amountCents} for hold ${holdId}, which does not exist`);
  }
  violations.push(...refundViolations(books));
  return violations;
};

/** Every linked refund gives back part of a label charge of its own user; all of a charge's refunds, at most what it took. */
const refundViolations = (books: Books): string[] => {
  const violations: string[] = [];
  const byId = new Map(books.entries.map((e) => [e.id, e]));
  for (const e of books.entries) {
    if (e.refundOf === null) continue;
    const charge = byId.get(e.refundOf);
    if (e.kind !== 'refund' || e.bucket !== 'available' || e.amountCents <= 0) violations.push(`entry ${e.key} points at a charge but is a ${e.kind} of ${e.amountCents} in the ${e.bucket} bucket`);
    if (!charge) violations.push(`refund ${e.key} points at entry ${e.refundOf}, which does not exist`);
    else if (charge.kind !== 'label_purchase' || charge.amountCents >= 0 || charge.userId !== e.userId) {
      violations.push(`refund ${e.key} of ${e.userId} points at ${charge.key}, a ${charge.kind} of ${charge.amountCents} of ${charge.userId}`);
    }
  }
  for (const [chargeId, refundedCents] of books.refundedCents) {
    const charge = byId.get(chargeId);
    if (charge && refundedCents > -charge.amountCents) {
      const keys = books.entries.filter((e) => e.refundOf === chargeId).map((e) => `${e.key} ${e.amountCents}`);
      violations.push(`charge ${charge.key} took ${-charge.amountCents} but its refunds give back ${refundedCents} (${keys.join(', ')})`);
    }
  }
  return violations;
};
