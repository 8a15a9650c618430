import { DomainError, ErrorCode, type Hold, type HoldCapture, type LedgerEntry } from '@labeldesk/contracts';
import { initOrm } from '@labeldesk/nest-orm';
import { createPostgresDatabase, type TestDatabase } from '@labeldesk/nest-orm/testing';
import { createEmbeddedDatabaseFromTemplate } from '@labeldesk/testing';
import type { MikroORM } from '@mikro-orm/postgresql';
import { DepositEntity } from '../src/deposits/deposit.entity';
import { AccountRepository } from '../src/accounts/account.repository';
import { paymentsMigrations } from '../src/database/migrations';
import { HoldRepository, type HoldRequest } from '../src/holds/hold.repository';
import { LedgerRepository, type Posting } from '../src/ledger/ledger.repository';
import { RefundRepository } from '../src/ledger/refund.repository';
import { RefundChargeUseCase, type RefundRequest } from '../src/ledger/usecases/refund-charge.usecase';
import { checkBooks, readBooks, type Books, type EntryFact } from './support/ledger-books';
import { SeededRandom } from './support/seeded-random';

/**
 * A randomized concurrent test of the ledger (decisions 008 and 009). Each round, 8 workers run their batch of
 * random operations at the same time over 50 accounts (6 of them hot, so the same rows are contended): deposits,
 * label debits, refunds of earlier debits, reversals of earlier deposits, admin adjustments, holds, captures
 * (repeated keys, keys of other labels, more than the hold has) and releases, label voids, and earlier operations
 * replayed with the same or with other money. After every round the books are read from the database and checked (see
 * `checkBooks`), together with what is certain whatever the interleaving: a refusal writes nothing, a key is
 * posted at most once, a replay answers the first posting, a key already posted for other money is refused.
 *
 * Refunds and voids go through the refund rule (decision 042), as the ledger controller sends them: each names the
 * charge it gives back, a single label's debit `label:<orderId>:<attempt>` or a bulk item's capture
 * `bulk-item:<itemId>`. A void (`void:<single|bulk>:<labelId>`) is drawn racing its charge in the same round,
 * sent 2–5 times at once under one key, under a second key at a charge already voided, in part, for more than the
 * charge took, and by a user the charge is not theirs. Every refusal of a refund must be explained by the books
 * after the round and by what had finished before it was sent (a charge whose posting was answered before the
 * refund started was there: "nothing was posted under it" is then wrong).
 *
 * The operations are drawn from LEDGER_SEED (printed in every failure); which of them win a race is up to the
 * database, so a rerun draws the same first round and then follows what the database decided.
 */
const SEED = Number(process.env['LEDGER_SEED'] ?? 20_261_122) >>> 0;
const WORKERS = 8;
const ACCOUNTS = 50;
const HOT_ACCOUNTS = 6;

interface RunSize {
  rounds: number;
  opsPerWorker: number;
}

const databases: Array<[string, () => Promise<TestDatabase>, RunSize]> = [
  ['PostgreSQL', () => createPostgresDatabase('ledger_random_it'), { rounds: Number(process.env['LEDGER_ROUNDS'] ?? 25), opsPerWorker: 50 }],
  ['embedded PGlite', createEmbeddedDatabaseFromTemplate, { rounds: 5, opsPerWorker: 25 }],
];

type Op =
  | { kind: 'post'; posting: Posting }
  /** Reverses an earlier deposit as ApplyInvoiceUseCase does: up to what the balance holds when it looks. */
  | { kind: 'reverse'; userId: string; depositCents: number; key: string }
  | { kind: 'adjust'; userId: string; targetCents: number; key: string }
  | { kind: 'place'; request: HoldRequest }
  | { kind: 'capture'; holdId: string; captures: HoldCapture[] }
  | { kind: 'release'; holdId: string }
  /** A refund or a void of a label charge, through RefundChargeUseCase. */
  | { kind: 'refund'; request: RefundRequest };

/**
 * What must happen whatever the interleaving, decided from the books as they were before the round:
 * - replay: a key (or holdId) already there for the same money answers the first posting;
 * - mismatch: a key already there for other money is refused with PAYMENTS_IDEMPOTENCY_MISMATCH;
 * - fresh-credit: a credit under a key nobody else uses this round is posted, whatever the balance;
 * - fresh-adjust: an admin edit under such a key lands exactly on its target (or finds it already there);
 * - beyond-hold: a capture costing more than the whole hold is refused;
 * - closed-release: releasing a hold closed before the round gives nothing;
 * - forbidden: a refund of another user's charge, or of more than the charge took, is refused with FORBIDDEN;
 * - no-room: a refund of more than the charge's earlier refunds left is refused with CONFLICT;
 * - fresh-refund: a refund of a charge posted before the round, the only one of that charge this round, within
 *   what is left, under a key nobody else uses, is posted.
 */
type Expectation = 'none' | 'replay' | 'mismatch' | 'fresh-credit' | 'fresh-adjust' | 'beyond-hold' | 'closed-release' | 'forbidden' | 'no-room' | 'fresh-refund';

interface Planned {
  round: number;
  worker: number;
  index: number;
  label: string;
  op: Op;
  expect: Expectation;
  /** The entry already posted under the op's key before the round, for replays. */
  priorEntryId: string | null;
  /** The hold existed before the round, so NOT_FOUND is wrong. */
  holdKnown: boolean;
}

interface Success {
  ok: true;
  entry: LedgerEntry | null;
  replayed: boolean;
  hold: Hold | null;
  capturedCount: number;
  releasedCents: number;
}
type Outcome = Success | { ok: false; error: unknown };

/** The refusals each operation may answer; anything else (INTERNAL, a constraint violation, a deadlock) is a failure. */
const ALLOWED: Record<Op['kind'], ErrorCode[]> = {
  post: [ErrorCode.PAYMENTS_INSUFFICIENT_FUNDS, ErrorCode.PAYMENTS_IDEMPOTENCY_MISMATCH],
  reverse: [ErrorCode.PAYMENTS_INSUFFICIENT_FUNDS, ErrorCode.PAYMENTS_IDEMPOTENCY_MISMATCH],
  // A target of zero or more is always reachable: the only refusal is a key another edit took at the same time.
  adjust: [ErrorCode.PAYMENTS_IDEMPOTENCY_MISMATCH],
  place: [ErrorCode.PAYMENTS_INSUFFICIENT_FUNDS, ErrorCode.PAYMENTS_IDEMPOTENCY_MISMATCH],
  capture: [ErrorCode.CONFLICT, ErrorCode.PAYMENTS_IDEMPOTENCY_MISMATCH, ErrorCode.NOT_FOUND],
  release: [ErrorCode.NOT_FOUND],
  refund: [ErrorCode.FORBIDDEN, ErrorCode.CONFLICT, ErrorCode.PAYMENTS_IDEMPOTENCY_MISMATCH],
};

const keysOf = (op: Op): string[] => {
  switch (op.kind) {
    case 'post':
      return [op.posting.idempotencyKey];
    case 'reverse':
    case 'adjust':
      return [op.key];
    case 'place':
      return [`hold:${op.request.holdId}`, `hold:${op.request.holdId}:held`];
    case 'capture':
      return op.captures.map((c) => c.idempotencyKey);
    case 'release':
      return [`release:${op.holdId}`, `release:${op.holdId}:held`];
    case 'refund':
      return [op.request.idempotencyKey];
  }
};

const errorText = (error: unknown): string =>
  (error instanceof DomainError ? `${error.code}: ${error.message}` : error instanceof Error ? `${error.name}: ${error.message}` : String(error)).replace(/\s+/g, ' ');

const describeOp = (p: Planned): string => `worker ${p.worker} op ${p.index} (${p.label}, expect ${p.expect}) ${JSON.stringify(p.op)}`;

interface Timing {
  startedAt: number;
  answeredAt: number;
}

/**
 * Why a refused refund should not have been refused, judged from the books after the round (refunds only add up, a
 * charge once posted stays), or null. `chargeWasThere`: an answer saying its charge was posted came before it started.
 * - FORBIDDEN: no charge when it looked (never posted, or not yet), another user's, or more than the charge took;
 * - CONFLICT: the charge is its user's and took enough, but its other refunds leave less than asked;
 * - PAYMENTS_IDEMPOTENCY_MISMATCH: its key holds a refund of other money, another user or another charge.
 */
const unexplainedRefusal = (request: RefundRequest, code: ErrorCode | null, books: Books, chargeWasThere: boolean): string | null => {
  const charge = books.byKey.get(request.refundOf);
  const chargedCents = charge ? -charge.amountCents : 0;
  const own = books.byKey.get(request.idempotencyKey);
  const refundedByOthers = charge ? (books.refundedCents.get(charge.id) ?? 0) - (own?.refundOf === charge.id ? own.amountCents : 0) : 0;
  const ruleAllowsIt = charge !== undefined && charge.kind === 'label_purchase' && charge.userId === request.userId && request.amountCents <= chargedCents;
  switch (code) {
    case ErrorCode.FORBIDDEN:
      return ruleAllowsIt && chargeWasThere ? `FORBIDDEN, but its charge ${request.refundOf} (${chargedCents}) was posted before it started and is its user's` : null;
    case ErrorCode.CONFLICT:
      if (!ruleAllowsIt) return `CONFLICT, but the rule refuses it as FORBIDDEN (charge ${charge ? `${charge.kind} ${charge.amountCents} of ${charge.userId}` : 'never posted'})`;
      return refundedByOthers + request.amountCents > chargedCents ? null : `CONFLICT, but its charge took ${chargedCents} and its other refunds give back only ${refundedByOthers}`;
    case ErrorCode.PAYMENTS_IDEMPOTENCY_MISMATCH:
      if (!own) return 'an idempotency mismatch, but nothing is posted under its key';
      return own.kind === 'refund' && own.userId === request.userId && own.amountCents === request.amountCents && own.refundOf === (charge?.id ?? null)
        ? `an idempotency mismatch, but its key holds the same refund ${own.id}`
        : null;
    default:
      return null; // judged already: not a refusal a refund may answer
  }
};

interface PlannedHold {
  holdId: string;
  userId: string;
  amountCents: number;
  /** The most any place of this holdId asked for (a replay with other money may win the race). */
  mostCents: number;
  /** Fresh captures drawn for it so far, to repeat. */
  captures: HoldCapture[];
}

/** A label charge as drawn: whose it is and what it asked for (a replay with other money may win the race). */
interface PlannedCharge {
  key: string;
  userId: string;
  amountCents: number;
  voidKind: 'single' | 'bulk';
}

type Drawn = { op: Op; label: string };

/** Draws the operations of each round from the seed and the books as they stand before it. */
class Planner {
  private counter = 0;
  private readonly history: Op[] = [];
  private readonly holds = new Map<string, PlannedHold>();
  /** Every label charge drawn, by its key; a bulk item's key also names its hold. */
  private readonly charges = new Map<string, PlannedCharge>();
  private readonly itemHolds = new Map<string, string>();
  /** Charges drawn this round, in order: a void of one of the last few races it. */
  private roundCharges: PlannedCharge[] = [];
  /** Charges some void was drawn for: a void under another key goes there. */
  private readonly voided: PlannedCharge[] = [];
  /** Copies of one void still to place, one after another, so that they land on different workers at once. */
  private pending: Drawn[] = [];

  constructor(
    private readonly random: SeededRandom,
    private readonly users: string[],
  ) {}

  /** The hold a bulk item's capture key belongs to. */
  holdOfItem(key: string): string | undefined {
    return this.itemHolds.get(key);
  }

  planRound(round: number, opsPerWorker: number, books: Books): Planned[][] {
    const roundOps: Drawn[] = [];
    this.roundCharges = [];
    this.pending = [];
    const refundable = books.entries.filter((e) => e.kind === 'label_purchase' && !books.byKey.has(`refund:${e.key}`));
    const reversible = books.entries.filter((e) => e.kind === 'deposit' && !books.byKey.has(`reversal:${e.key}`));
    const openHolds = [...books.holds.values()].filter((h) => h.status === 'open').map((h) => h.holdId);
    const roundHolds: string[] = [];
    const total = WORKERS * opsPerWorker;
    for (let i = 0; i < total; i++) {
      const drawn = this.pending.shift() ?? this.draw(books, roundOps, refundable, reversible, openHolds, roundHolds, total - i);
      roundOps.push(drawn);
      this.history.push(drawn.op);
    }
    const uses = new Map<string, number>();
    const refundsOfCharge = new Map<string, number>();
    for (const { op } of roundOps) {
      for (const key of new Set(keysOf(op))) uses.set(key, (uses.get(key) ?? 0) + 1);
      if (op.kind === 'refund') refundsOfCharge.set(op.request.refundOf, (refundsOfCharge.get(op.request.refundOf) ?? 0) + 1);
    }
    const workers: Planned[][] = Array.from({ length: WORKERS }, () => []);
    roundOps.forEach(({ op, label }, i) => {
      const worker = i % WORKERS;
      const uncontested = keysOf(op).every((key) => uses.get(key) === 1 && !books.byKey.has(key));
      const alone = op.kind !== 'refund' || refundsOfCharge.get(op.request.refundOf) === 1;
      workers[worker]?.push({ round, worker, index: Math.floor(i / WORKERS), label, op, ...this.expectation(op, books, uncontested, alone) });
    });
    return workers;
  }

  /** `uncontested`: its keys are new and used by no other operation this round; `alone`: no other refund of its charge this round. */
  private expectation(op: Op, books: Books, uncontested: boolean, alone: boolean): Pick<Planned, 'expect' | 'priorEntryId' | 'holdKnown'> {
    const none = { expect: 'none' as Expectation, priorEntryId: null, holdKnown: false };
    switch (op.kind) {
      case 'post': {
        const prior = books.byKey.get(op.posting.idempotencyKey);
        if (prior) {
          const same = prior.userId === op.posting.userId && prior.kind === op.posting.kind && prior.amountCents === op.posting.amountCents;
          return { ...none, expect: same ? 'replay' : 'mismatch', priorEntryId: prior.id };
        }
        return { ...none, expect: uncontested && op.posting.amountCents > 0 ? 'fresh-credit' : 'none' };
      }
      case 'reverse':
        return none;
      case 'adjust': {
        const prior = books.byKey.get(op.key);
        if (prior) return { ...none, expect: 'replay', priorEntryId: prior.id };
        return { ...none, expect: uncontested ? 'fresh-adjust' : 'none' };
      }
      case 'place': {
        const prior = books.holds.get(op.request.holdId);
        if (!prior) return none;
        return { ...none, expect: prior.userId === op.request.userId && prior.amountCents === op.request.amountCents ? 'replay' : 'mismatch', holdKnown: true };
      }
      case 'capture': {
        const hold = books.holds.get(op.holdId);
        const holdKnown = hold !== undefined;
        const planned = this.holds.get(op.holdId);
        const fresh = op.captures.filter((c) => !books.byKey.has(c.idempotencyKey));
        const most = hold ? hold.amountCents : (planned?.mostCents ?? Infinity);
        if (op.captures.length === 1 && fresh.length === 1 && (fresh[0]?.amountCents ?? 0) > most) return { ...none, expect: 'beyond-hold', holdKnown };
        if (!hold) return none;
        const clash = op.captures.some((c) => {
          const prior = books.byKey.get(c.idempotencyKey);
          return prior !== undefined && (prior.kind !== 'label_purchase' || prior.userId !== hold.userId || prior.amountCents !== -c.amountCents);
        });
        if (clash) return { ...none, expect: 'mismatch', holdKnown };
        if (fresh.length === 0) return { ...none, expect: 'replay', holdKnown };
        return { ...none, holdKnown };
      }
      case 'release': {
        const hold = books.holds.get(op.holdId);
        return { ...none, expect: hold?.status === 'closed' ? 'closed-release' : 'none', holdKnown: hold !== undefined };
      }
      case 'refund': {
        const { request } = op;
        const charge = books.byKey.get(request.refundOf);
        const prior = books.byKey.get(request.idempotencyKey);
        if (prior) {
          // Answered under the charge's lock before the rule runs: a refund that went through is never refused.
          const same = prior.kind === 'refund' && prior.userId === request.userId && prior.amountCents === request.amountCents && prior.refundOf === (charge?.id ?? null);
          return { ...none, expect: same ? 'replay' : 'mismatch', priorEntryId: prior.id };
        }
        // A copy of it under the same key with other money may be posted first: then it is a mismatch instead.
        if (!uncontested) return none;
        const owner = charge?.userId ?? this.charges.get(request.refundOf)?.userId;
        if (owner !== undefined && owner !== request.userId) return { ...none, expect: 'forbidden' };
        if (!charge) return none; // racing its charge: judged once the round is over
        const chargedCents = -charge.amountCents;
        if (request.amountCents > chargedCents) return { ...none, expect: 'forbidden' };
        if (request.amountCents > chargedCents - (books.refundedCents.get(charge.id) ?? 0)) return { ...none, expect: 'no-room' };
        return { ...none, expect: alone ? 'fresh-refund' : 'none' };
      }
    }
  }

  private user(): string {
    return this.random.chance(0.5) ? this.random.pick(this.users.slice(0, HOT_ACCOUNTS)) : this.random.pick(this.users);
  }

  private key(prefix: string): string {
    return `${prefix}${++this.counter}`;
  }

  private charge(key: string, userId: string, amountCents: number, voidKind: PlannedCharge['voidKind']): void {
    const charge: PlannedCharge = { key, userId, amountCents, voidKind };
    this.charges.set(key, charge);
    this.roundCharges.push(charge);
  }

  /**
   * A void of a label charge: racing a charge drawn moments ago in this round, or of one posted earlier; sent 2–5
   * times at once, under a second key at a charge voided already, by another user, for more than the charge took.
   */
  private drawVoid(books: Books, slotsLeft: number): Drawn | null {
    const r = this.random;
    const posted = (entry: EntryFact): PlannedCharge | null => {
      const planned = this.charges.get(entry.key);
      return planned ? { ...planned, userId: entry.userId, amountCents: -entry.amountCents } : null;
    };
    const earlier = (): PlannedCharge | null => {
      const charges = books.entries.filter((e) => e.kind === 'label_purchase' && this.charges.has(e.key));
      return charges.length > 0 ? posted(r.pick(charges)) : null;
    };
    const racing = (): PlannedCharge | null => (this.roundCharges.length > 0 ? r.pick(this.roundCharges.slice(-WORKERS)) : earlier());
    const variant = r.weighted({ racing: 5, earlier: 3, sameKeyAtOnce: 3, anotherKey: 3, otherUser: 1, tooMuch: 1 });
    const again = variant === 'anotherKey' && this.voided.length > 0;
    const charge = again ? r.pick(this.voided.slice(-40)) : variant === 'racing' || r.chance(0.5) ? racing() : earlier();
    if (!charge) return null;
    const known = books.byKey.get(charge.key);
    const chargedCents = known ? -known.amountCents : charge.amountCents;
    let amountCents = r.chance(0.6) ? chargedCents : r.int(1, chargedCents);
    let userId = charge.userId;
    let label = variant === 'racing' ? 'void racing its charge' : again ? 'void under another key' : 'void';
    if (variant === 'otherUser') {
      userId = r.pick(this.users.filter((u) => u !== charge.userId));
      label = "void of another user's charge";
    }
    if (variant === 'tooMuch') {
      amountCents = chargedCents + r.int(1, 500);
      label = 'void of more than the charge took';
    }
    this.voided.push(charge);
    const request: RefundRequest = {
      userId,
      amountCents,
      reference: `label ${charge.key} voided`,
      idempotencyKey: this.key(`void:${charge.voidKind}:label-`),
      refundOf: charge.key,
    };
    const copies = variant === 'sameKeyAtOnce' ? Math.min(r.int(2, 5), slotsLeft) : 1;
    if (copies > 1) label = `void sent ${copies} times at once`;
    for (let n = 1; n < copies; n++) this.pending.push({ label, op: { kind: 'refund', request: { ...request } } });
    return { label, op: { kind: 'refund', request } };
  }

  private draw(
    books: Books,
    roundOps: Drawn[],
    refundable: EntryFact[],
    reversible: EntryFact[],
    openHolds: string[],
    roundHolds: string[],
    slotsLeft: number,
  ): Drawn {
    const r = this.random;
    const choice = r.weighted({ deposit: 14, debit: 22, refund: 6, void: 12, reversal: 3, adjust: 5, place: 12, capture: 16, release: 7, replaySame: 9, replayOther: 6 });
    const pickHold = (): PlannedHold | null => {
      const pool = roundHolds.length > 0 && (openHolds.length === 0 || r.chance(0.15)) ? roundHolds : openHolds.length > 0 ? openHolds : [...this.holds.keys()];
      return pool.length > 0 ? (this.holds.get(r.pick(pool)) ?? null) : null;
    };
    const deposit = (): { op: Op; label: string } => ({
      label: 'deposit',
      op: { kind: 'post', posting: { userId: this.user(), kind: 'deposit', amountCents: r.int(1_000, 20_000), reference: 'random deposit', idempotencyKey: this.key('deposit:inv-') } },
    });
    switch (choice) {
      case 'deposit':
        return deposit();
      case 'debit': {
        const withCaptures = [...this.holds.values()].filter((h) => h.captures.length > 0);
        if (withCaptures.length > 0 && r.chance(0.1)) {
          // The label of a bulk item charged from the balance instead: its hold must then skip it.
          const hold = r.pick(withCaptures.slice(-20));
          const c = r.pick(hold.captures);
          return { label: 'debit with a capture key', op: { kind: 'post', posting: { userId: hold.userId, kind: 'label_purchase', amountCents: -c.amountCents, reference: c.reference, idempotencyKey: c.idempotencyKey } } };
        }
        const posting: Posting = { userId: this.user(), kind: 'label_purchase', amountCents: -r.int(100, 4_000), reference: 'single label', idempotencyKey: `label:${this.key('order-')}:1` };
        this.charge(posting.idempotencyKey, posting.userId, -posting.amountCents, 'single');
        return { label: 'debit', op: { kind: 'post', posting } };
      }
      case 'refund': {
        // A failed label's whole price back, as orders refunds it: through the same rule as voids, at the same charges.
        if (refundable.length === 0) return deposit();
        const debit = r.pick(refundable);
        const request: RefundRequest = { userId: debit.userId, amountCents: -debit.amountCents, reference: `refund of ${debit.key}`, idempotencyKey: `refund:${debit.key}`, refundOf: debit.key };
        return { label: 'refund', op: { kind: 'refund', request } };
      }
      case 'void':
        return this.drawVoid(books, slotsLeft) ?? deposit();
      case 'reversal': {
        if (reversible.length === 0) return deposit();
        const credit = r.pick(reversible);
        return { label: 'reversal', op: { kind: 'reverse', userId: credit.userId, depositCents: credit.amountCents, key: `reversal:${credit.key}` } };
      }
      case 'adjust':
        return { label: 'admin adjustment', op: { kind: 'adjust', userId: this.user(), targetCents: r.chance(0.2) ? 0 : r.int(0, 15_000), key: this.key('adjust:') } };
      case 'place': {
        const amountCents = r.int(500, 10_000);
        const hold: PlannedHold = { holdId: this.key('bulk-'), userId: this.user(), amountCents, mostCents: amountCents, captures: [] };
        this.holds.set(hold.holdId, hold);
        roundHolds.push(hold.holdId);
        return { label: 'place hold', op: { kind: 'place', request: { userId: hold.userId, holdId: hold.holdId, amountCents: hold.amountCents, reference: `bulk order ${hold.holdId}` } } };
      }
      case 'capture': {
        const hold = pickHold();
        if (!hold) return deposit();
        const fresh = (amountCents: number): HoldCapture => {
          const capture = { idempotencyKey: this.key('bulk-item:item-'), amountCents, reference: `label of ${hold.holdId}` };
          this.itemHolds.set(capture.idempotencyKey, hold.holdId);
          return capture;
        };
        if (r.chance(0.08)) return { label: 'capture beyond the hold', op: { kind: 'capture', holdId: hold.holdId, captures: [fresh(hold.amountCents + r.int(1, 1_000))] } };
        const others = books.entries.filter((e) => e.kind === 'label_purchase' && e.userId === hold.userId && this.itemHolds.get(e.key) !== hold.holdId);
        const captures: HoldCapture[] = [];
        const labels = new Set<string>();
        for (let n = r.int(1, 4); n > 0; n--) {
          const roll = r.next();
          if (roll < 0.2 && hold.captures.length > 0) {
            captures.push(r.pick(hold.captures));
            labels.add('repeated key');
          } else if (roll < 0.25 && hold.captures.length > 0) {
            const c = r.pick(hold.captures);
            captures.push({ ...c, amountCents: c.amountCents + r.int(1, 300) });
            labels.add('repeated key, other amount');
          } else if (roll < 0.3 && others.length > 0) {
            // A label already charged (from the balance or another hold): never charged twice.
            const e = r.pick(others);
            captures.push({ idempotencyKey: e.key, amountCents: -e.amountCents, reference: 'already charged' });
            labels.add("another label's key");
          } else {
            const c = fresh(r.int(100, 1_500));
            hold.captures.push(c);
            captures.push(c);
            this.charge(c.idempotencyKey, hold.userId, c.amountCents, 'bulk');
          }
        }
        return { label: ['capture', ...labels].join(', '), op: { kind: 'capture', holdId: hold.holdId, captures } };
      }
      case 'release': {
        const hold = pickHold();
        return hold ? { label: 'release', op: { kind: 'release', holdId: hold.holdId } } : deposit();
      }
      case 'replaySame': {
        const pool = roundOps.length > 0 && r.chance(0.5) ? roundOps.map((o) => o.op) : this.history;
        return pool.length > 0 ? { label: 'same operation again', op: structuredClone(r.pick(pool)) } : deposit();
      }
      case 'replayOther': {
        const pool = (roundOps.length > 0 && r.chance(0.5) ? roundOps.map((o) => o.op) : this.history).filter((op) => op.kind !== 'reverse' && op.kind !== 'release');
        if (pool.length === 0) return deposit();
        const op = structuredClone(r.pick(pool));
        const more = r.int(1, 500);
        if (op.kind === 'post') op.posting.amountCents += Math.sign(op.posting.amountCents) * more;
        if (op.kind === 'adjust') op.targetCents += more;
        if (op.kind === 'place') {
          op.request.amountCents += more;
          const hold = this.holds.get(op.request.holdId);
          if (hold) hold.mostCents = Math.max(hold.mostCents, op.request.amountCents);
        }
        if (op.kind === 'capture' && op.captures[0]) op.captures[0] = { ...op.captures[0], amountCents: op.captures[0].amountCents + more };
        if (op.kind === 'refund') op.request.amountCents += more;
        return { label: 'same key, other money', op };
      }
    }
  }
}

describe.each(databases)('the ledger under random concurrent operations on %s', (_name, createDatabase, size) => {
  let database: TestDatabase;
  let orm: MikroORM;
  let ledger: LedgerRepository;
  let accounts: AccountRepository;
  let holds: HoldRepository;
  let refunds: RefundChargeUseCase;
  const adminId = '00000000-0000-4000-8000-00000000a0a0';

  beforeAll(async () => {
    database = await createDatabase();
    orm = await initOrm({ schema: 'payments', databaseUrl: database.url, poolMax: 10, entities: [DepositEntity], migrations: paymentsMigrations });
    ledger = new LedgerRepository(orm);
    accounts = new AccountRepository(orm);
    holds = new HoldRepository(orm, ledger);
    refunds = new RefundChargeUseCase(new RefundRepository(orm, ledger));
  }, 60_000);

  afterAll(async () => {
    await orm?.close();
    await database?.drop();
  });

  const execute = async (op: Op): Promise<Outcome> => {
    const done = (change: Partial<Success>): Success => ({ ok: true, entry: null, replayed: false, hold: null, capturedCount: 0, releasedCents: 0, ...change });
    try {
      switch (op.kind) {
        case 'post':
          return done(await ledger.post(op.posting));
        case 'reverse': {
          const [summary] = await accounts.summaries([op.userId]);
          const amountCents = Math.min(op.depositCents, summary?.balanceCents ?? 0);
          if (amountCents === 0) return done({});
          return done(await ledger.post({ userId: op.userId, kind: 'reversal', amountCents: -amountCents, reference: 'invoice invalidated', idempotencyKey: op.key }));
        }
        case 'adjust':
          return done({ entry: await ledger.adjustTo(op.userId, op.targetCents, adminId, 'random admin edit', op.key) });
        case 'place':
          return done({ hold: await holds.place(op.request) });
        case 'capture':
          return done(await holds.capture(op.holdId, op.captures));
        case 'release':
          return done(await holds.release(op.holdId));
        case 'refund':
          return done(await refunds.execute(op.request));
      }
    } catch (error) {
      return { ok: false, error };
    }
  };

  /** What one answer must be on its own: a violation, or null. */
  const judge = (p: Planned, outcome: Outcome): string | null => {
    if (!outcome.ok) {
      const code = outcome.error instanceof DomainError ? outcome.error.code : null;
      if (code === null || !ALLOWED[p.op.kind].includes(code)) return `unexpected error ${errorText(outcome.error)}`;
      if (code === ErrorCode.NOT_FOUND && p.holdKnown) return `NOT_FOUND for a hold that exists`;
      if (p.expect === 'mismatch') return code === ErrorCode.PAYMENTS_IDEMPOTENCY_MISMATCH ? null : `refused with ${code} instead of an idempotency mismatch`;
      if (p.expect === 'beyond-hold') return null; // CONFLICT, or a mismatch/NOT_FOUND found first: refused all the same
      if (p.expect === 'forbidden') return code === ErrorCode.FORBIDDEN ? null : `refused with ${code} instead of FORBIDDEN`;
      if (p.expect === 'no-room') return code === ErrorCode.CONFLICT ? null : `refused with ${code} instead of CONFLICT`;
      if (p.expect !== 'none') return `refused with ${errorText(outcome.error)}`;
      return null;
    }
    const { op } = p;
    if (p.expect === 'mismatch') return 'accepted a key already posted for other money';
    if (p.expect === 'forbidden' || p.expect === 'no-room') return `accepted a refund the rule refuses (${p.expect})`;
    // Captured nothing: its key was posted meanwhile by a concurrent worker's label debit of the same amount, so this
    // capture was answered as that debit's replay and charged nothing (the books' invariants below check the money).
    if (p.expect === 'beyond-hold' && outcome.capturedCount !== 0) return `charged a capture beyond the whole hold (capturedCount ${outcome.capturedCount})`;
    if (p.expect === 'closed-release' && outcome.releasedCents !== 0) return `released ${outcome.releasedCents} from a hold already closed`;
    if (op.kind === 'refund') {
      const e = outcome.entry;
      const { request } = op;
      if (!e || e.idempotencyKey !== request.idempotencyKey || e.userId !== request.userId || e.kind !== 'refund' || e.amountCents !== request.amountCents) {
        return `answered ${JSON.stringify(e)} for the refund`;
      }
      if (p.expect === 'replay' && (!outcome.replayed || e.id !== p.priorEntryId)) return `did not answer the first refund ${p.priorEntryId} as a replay`;
      if (p.expect === 'fresh-refund' && outcome.replayed) return 'a fresh refund answered as a replay';
    }
    if (op.kind === 'post') {
      const e = outcome.entry;
      if (!e || e.idempotencyKey !== op.posting.idempotencyKey || e.userId !== op.posting.userId || e.kind !== op.posting.kind || e.amountCents !== op.posting.amountCents) {
        return `answered ${JSON.stringify(e)} for the posting`;
      }
      if (p.expect === 'replay' && (!outcome.replayed || e.id !== p.priorEntryId)) return `did not answer the first posting ${p.priorEntryId} as a replay`;
      if (p.expect === 'fresh-credit' && outcome.replayed) return 'a fresh credit answered as a replay';
    }
    if (op.kind === 'reverse' && outcome.entry && -outcome.entry.amountCents > op.depositCents) return `reversed ${-outcome.entry.amountCents}, more than the deposit ${op.depositCents}`;
    if (op.kind === 'adjust') {
      if (p.expect === 'replay' && outcome.entry?.id !== p.priorEntryId) return `answered ${outcome.entry?.id ?? 'nothing'} instead of the first adjustment ${p.priorEntryId}`;
      if (p.expect === 'fresh-adjust' && outcome.entry && (outcome.entry.balanceAfterCents !== op.targetCents || outcome.entry.kind !== 'admin_adjustment' || outcome.entry.userId !== op.userId)) {
        return `an edit to ${op.targetCents} left the balance at ${outcome.entry.balanceAfterCents}`;
      }
    }
    if (op.kind === 'place' && (outcome.hold?.userId !== op.request.userId || outcome.hold.amountCents !== op.request.amountCents)) return `answered hold ${JSON.stringify(outcome.hold)}`;
    if (op.kind === 'capture') {
      if (outcome.capturedCount > new Set(op.captures.map((c) => c.idempotencyKey)).size) return `captured ${outcome.capturedCount} labels out of ${op.captures.length}`;
      if (p.expect === 'replay' && outcome.capturedCount !== 0) return `charged ${outcome.capturedCount} labels already charged`;
    }
    return null;
  };

  it(
    `keeps every balance equal to its entries, never negative, held money spent once, no charge refunded beyond what it took and each key posted once (${size.rounds} rounds of ${WORKERS} workers × ${size.opsPerWorker} operations, seed ${SEED})`,
    async () => {
      const random = new SeededRandom(SEED);
      const users = Array.from({ length: ACCOUNTS }, () => random.uuid());
      const planner = new Planner(random, users);
      /** Keys some successful operation accounts for: every entry in the database must be one of them. */
      const explained = new Set<string>();
      const freshPostings = new Map<string, number>();
      const capturedByHold = new Map<string, number>();
      const releasedByHold = new Map<string, number>();
      const releasesGivingMoney = new Map<string, number>();
      const tally = new Map<string, number>();
      const bump = <K>(map: Map<K, number>, key: K, by = 1) => map.set(key, (map.get(key) ?? 0) + by);
      let executed = 0;
      const started = Date.now();
      let books = await readBooks(orm);
      /** Orders starts and answers: an operation answered at tick t had committed before any operation started after t. */
      let clock = 0;

      for (let round = 1; round <= size.rounds; round++) {
        const plan = planner.planRound(round, size.opsPerWorker, books);
        const before = books;
        const results = await Promise.all(
          plan.map(async (ops) => {
            const out: Array<[Planned, Outcome, Timing]> = [];
            for (const p of ops) {
              const startedAt = ++clock;
              const outcome = await execute(p.op);
              out.push([p, outcome, { startedAt, answeredAt: ++clock }]);
            }
            return out;
          }),
        );
        const violations: string[] = [];
        /** Entries this round's successes require, checked once the books are read. */
        const required: Array<{ p: Planned; key: string; fits: (e: EntryFact) => boolean }> = [];
        /** When each label charge was first known to be posted this round (an answer saying so). */
        const chargeAnsweredAt = new Map<string, number>();
        const chargeAnswered = (key: string, at: number) => chargeAnsweredAt.set(key, Math.min(at, chargeAnsweredAt.get(key) ?? Infinity));
        const refundsRefused: Array<{ p: Planned & { op: { kind: 'refund' } }; code: ErrorCode | null; startedAt: number }> = [];
        for (const [p, outcome, timing] of results.flat()) {
          if (p.op.kind === 'refund' && !outcome.ok) {
            refundsRefused.push({ p: { ...p, op: p.op }, code: outcome.error instanceof DomainError ? outcome.error.code : null, startedAt: timing.startedAt });
          }
          if (outcome.ok && p.op.kind === 'post' && p.op.posting.kind === 'label_purchase') chargeAnswered(p.op.posting.idempotencyKey, timing.answeredAt);
          if (outcome.ok && p.op.kind === 'capture') for (const c of p.op.captures) chargeAnswered(c.idempotencyKey, timing.answeredAt);
        }
        for (const [p, outcome] of results.flat()) {
          executed++;
          bump(tally, `${p.label} → ${outcome.ok ? 'ok' : outcome.error instanceof DomainError ? outcome.error.code : 'ERROR'}`);
          const problem = judge(p, outcome);
          if (problem) violations.push(`${describeOp(p)}: ${problem}`);
          if (!outcome.ok) continue;
          const { op } = p;
          const requireKey = (key: string, fits: (e: EntryFact) => boolean) => {
            explained.add(key);
            required.push({ p, key, fits });
          };
          if ((op.kind === 'post' || op.kind === 'reverse' || op.kind === 'adjust') && outcome.entry) {
            const entry = outcome.entry;
            requireKey(entry.idempotencyKey, (e) => e.id === entry.id && e.amountCents === entry.amountCents && e.userId === entry.userId);
            if (op.kind !== 'adjust' && !outcome.replayed) bump(freshPostings, entry.idempotencyKey);
          }
          if (op.kind === 'refund' && outcome.entry) {
            const entry = outcome.entry;
            const chargeKey = op.request.refundOf;
            // Linked to the charge it names, in the books as they are now.
            requireKey(entry.idempotencyKey, (e) => e.id === entry.id && e.kind === 'refund' && e.amountCents === entry.amountCents && e.userId === entry.userId && e.refundOf === books.byKey.get(chargeKey)?.id);
            if (!outcome.replayed) bump(freshPostings, entry.idempotencyKey);
          }
          if (op.kind === 'place') {
            requireKey(`hold:${op.request.holdId}`, (e) => e.userId === op.request.userId && e.amountCents === -op.request.amountCents);
            requireKey(`hold:${op.request.holdId}:held`, (e) => e.userId === op.request.userId && e.amountCents === op.request.amountCents);
          }
          if (op.kind === 'capture') {
            const userId = outcome.hold?.userId;
            for (const c of op.captures) requireKey(c.idempotencyKey, (e) => e.kind === 'label_purchase' && e.userId === userId && e.amountCents === -c.amountCents);
            bump(capturedByHold, op.holdId, outcome.capturedCount);
          }
          if (op.kind === 'release' && outcome.releasedCents > 0) {
            requireKey(`release:${op.holdId}`, (e) => e.amountCents === outcome.releasedCents);
            requireKey(`release:${op.holdId}:held`, (e) => e.amountCents === -outcome.releasedCents);
            bump(releasedByHold, op.holdId, outcome.releasedCents);
            bump(releasesGivingMoney, op.holdId);
          }
        }

        books = await readBooks(orm);
        violations.push(...checkBooks(books));
        for (const refused of refundsRefused) {
          const seenAt = before.byKey.has(refused.p.op.request.refundOf) ? 0 : chargeAnsweredAt.get(refused.p.op.request.refundOf);
          const problem = unexplainedRefusal(refused.p.op.request, refused.code, books, seenAt !== undefined && seenAt < refused.startedAt);
          if (problem) violations.push(`${describeOp(refused.p)}: ${problem}`);
          const charge = books.byKey.get(refused.p.op.request.refundOf);
          if (refused.code === ErrorCode.FORBIDDEN && charge && !before.byKey.has(charge.key) && charge.userId === refused.p.op.request.userId && refused.p.op.request.amountCents <= -charge.amountCents) {
            bump(tally, `(${refused.p.label} → FORBIDDEN before its charge was posted in the same round)`);
          }
        }
        // Every refund here went through the rule: none may have been posted without its charge.
        for (const e of books.entries) if (e.kind === 'refund' && e.refundOf === null) violations.push(`refund ${e.key} points at no charge`);
        for (const { p, key, fits } of required) {
          const entry = books.byKey.get(key);
          if (!entry || !fits(entry)) violations.push(`${describeOp(p)} succeeded but its entry ${key} is ${entry ? JSON.stringify(entry) : 'missing'}`);
        }
        for (const entry of books.entries) {
          if (!explained.has(entry.key)) violations.push(`entry ${JSON.stringify(entry)} was written by no operation that succeeded (a refusal must write nothing)`);
        }
        for (const [key, count] of freshPostings) if (count > 1) violations.push(`key ${key} was answered as freshly posted ${count} times`);
        for (const hold of books.holds.values()) {
          const captures = books.entries.filter((e) => e.bucket === 'held' && e.kind === 'label_purchase' && planner.holdOfItem(e.key) === hold.holdId);
          const capturedCents = -captures.reduce((sum, e) => sum + e.amountCents, 0);
          if (capturedCents !== hold.capturedCents) violations.push(`hold ${hold.holdId}: captured ${hold.capturedCents} but its capture entries sum to ${capturedCents}`);
          if (captures.length !== (capturedByHold.get(hold.holdId) ?? 0)) {
            violations.push(`hold ${hold.holdId}: captures answered ${capturedByHold.get(hold.holdId) ?? 0} labels charged but ${captures.length} entries exist`);
          }
          if (hold.releasedCents !== (releasedByHold.get(hold.holdId) ?? 0)) violations.push(`hold ${hold.holdId}: released ${hold.releasedCents} but releases answered ${releasedByHold.get(hold.holdId) ?? 0}`);
          if ((releasesGivingMoney.get(hold.holdId) ?? 0) > 1) violations.push(`hold ${hold.holdId}: ${releasesGivingMoney.get(hold.holdId)} releases gave money back`);
        }

        if (violations.length > 0) {
          throw new Error(
            `seed=${SEED} round=${round}: ${violations.length} violation(s)\n  - ${violations.slice(0, 15).join('\n  - ')}\n` +
              `rerun with LEDGER_SEED=${SEED} npx jest --config jest.int.config.js --runInBand services/payments/test/ledger-random`,
          );
        }
      }

      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const summary = [...tally].sort(([a], [b]) => a.localeCompare(b)).map(([k, n]) => `${k}: ${n}`);
      console.log(`seed=${SEED}: ${executed} operations in ${size.rounds} rounds, ${books.entries.length} entries, ${books.holds.size} holds, ${seconds}s\n${summary.join('\n')}`);
      expect(executed).toBe(size.rounds * WORKERS * size.opsPerWorker);
    },
    300_000,
  );
});
