import { bulkhead, CircuitState, circuitBreaker, ConsecutiveBreaker, DelegateBackoff, handleWhenResult, isBrokenCircuitError, retry, wrap, type CircuitBreakerPolicy, type IPolicy } from 'cockatiel';
import type {
  AddressVerification,
  LabelAddress,
  CarrierAdapter,
  CarrierShippingService,
  CarrierProfile,
  CarrierRate,
  CarrierRefs,
  LabelShipment,
  LabelShipper,
  LabelToVoid,
  PendingRefund,
  PurchaseJournal,
  PurchaseOutcome,
  RefundCheck,
  ScanFormOutcome,
  ScanFormRequest,
  TrackingReport,
  VoidOutcome,
} from '../carrier.port';
import { CarrierRateLimitedError } from '../carrier-rate-limited';

export interface CarrierGuardOptions {
  /** Outages in a row (no answer, 5xx, refused connection) that open the circuit. */
  breakAfter?: number;
  /** How long an open circuit refuses calls before one is let through to test the carrier. */
  halfOpenAfterMs?: number;
  /** Calls made to one purchase while the carrier answers 429 (each waits its Retry-After). */
  rateLimitedTries?: number;
  /** A Retry-After longer than this is not waited for: the purchase answers "not attempted" at once. */
  longestWaitMs?: number;
}

type Outcome = PurchaseOutcome | VoidOutcome | RefundCheck | VoidOutcome[] | ScanFormOutcome;

const isRateLimited = (outcome: unknown): boolean =>
  typeof outcome === 'object' && outcome !== null && (outcome as PurchaseOutcome).kind === 'not_attempted' && (outcome as { reason?: string }).reason === 'rate_limited';

const isOutage = (outcome: unknown): boolean => {
  if (typeof outcome !== 'object' || outcome === null) return false;
  const { kind, reason } = outcome as { kind?: string; reason?: string };
  // A SCAN form `unconfirmed` is a lost answer too (what a purchase calls `unknown`).
  return kind === 'unknown' || kind === 'unconfirmed' || (kind === 'not_attempted' && reason === 'unavailable');
};

/** An error's own words (a fetch time-out is a DOMException, not always an Error of this realm). */
const messageOf = (error: unknown): string =>
  typeof error === 'object' && error !== null && 'message' in error && typeof error.message === 'string' ? error.message : String(error);

const retryAfterOf = (outcome: unknown): number => (outcome as { retryAfterMs?: number } | undefined)?.retryAfterMs ?? 1_000;

/**
 * The global timer, as cockatiel's retry waits on and its breaker reads Date.now(): one clock for the pause, the retry
 * and the open circuit, which a test moves as one (not node:timers/promises, which a fake clock cannot reach).
 */
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A carrier behind its own limits: at most `profile.maxConcurrentPurchases` calls in flight (the rest queue, so bulk
 * concurrency adapts to the carrier rather than the other way round), a 429 makes every call to this carrier wait its
 * Retry-After and the purchase is tried again, and a run of outages opens a circuit that answers "not attempted" at
 * once, so the registry moves to the next carrier without waiting for time-outs. Only what provably bought nothing is
 * ever tried again here.
 */
export class GuardedCarrier implements CarrierAdapter {
  readonly profile: CarrierProfile;
  private readonly breaker: CircuitBreakerPolicy;
  private readonly limit: IPolicy;
  private readonly rateLimitRetry: IPolicy;
  private pausedUntil = 0;
  private readonly longestWaitMs: number;
  private readonly rateLimitedTries: number;
  /** Present only when the carrier has a bulk void (the port's caller otherwise voids one at a time). */
  readonly voidMany?: (labels: readonly LabelToVoid[]) => Promise<VoidOutcome[]>;
  /** Passed straight through: a verification moves no money and its failure only means "no suggestion". */
  readonly verifyAddress?: (address: LabelAddress) => Promise<AddressVerification | null>;
  /**
   * A rate moves no money: not held to the purchase slots (a batch bounds its own rating) nor to the breaker, and a
   * carrier that cannot answer only drops out of a comparison; but a 429 is the account's limit (see `guardedRates`).
   */
  readonly rates?: (shipment: LabelShipment) => Promise<CarrierRate[]>;
  /** Passed straight through: which accounts the carrier buys on is its configuration, no call (decision 125). */
  readonly hasCarrierAccount?: (accountId: string) => boolean;
  /** Passed straight through: a check of the shipper's contact, no call (decision 128). */
  readonly shipperProblem?: (shipper: LabelShipper | null) => string | null;
  /** Present only when the carrier makes SCAN forms; under the carrier's breaker and slots like a void. */
  readonly scanForm?: (request: ScanFormRequest) => Promise<ScanFormOutcome>;

  constructor(
    readonly inner: CarrierAdapter,
    options: CarrierGuardOptions = {},
  ) {
    this.profile = inner.profile;
    this.longestWaitMs = options.longestWaitMs ?? 60_000;
    this.rateLimitedTries = Math.max(1, options.rateLimitedTries ?? 3);
    this.breaker = circuitBreaker(handleWhenResult(isOutage), {
      halfOpenAfter: options.halfOpenAfterMs ?? 30_000,
      breaker: new ConsecutiveBreaker(options.breakAfter ?? 5),
    });
    this.limit = bulkhead(inner.profile.maxConcurrentPurchases, Number.MAX_SAFE_INTEGER);
    this.rateLimitRetry = retry(handleWhenResult((outcome) => isRateLimited(outcome) && retryAfterOf(outcome) <= this.longestWaitMs), {
      maxAttempts: this.rateLimitedTries - 1,
      backoff: new DelegateBackoff((context) => retryAfterOf('value' in context.result ? context.result.value : undefined)),
    });
    const bulk = inner.voidMany?.bind(inner);
    if (bulk) this.voidMany = (labels) => this.voidBulk(bulk, labels);
    const verify = inner.verifyAddress?.bind(inner);
    if (verify) this.verifyAddress = verify;
    const rates = inner.rates?.bind(inner);
    if (rates) this.rates = (shipment) => this.guardedRates(rates, shipment);
    const hasAccount = inner.hasCarrierAccount?.bind(inner);
    if (hasAccount) this.hasCarrierAccount = hasAccount;
    const shipperProblem = inner.shipperProblem?.bind(inner);
    if (shipperProblem) this.shipperProblem = shipperProblem;
    const scanForm = inner.scanForm?.bind(inner);
    if (scanForm) this.scanForm = (request) => this.guardedScanForm(scanForm, request);
  }

  listShippingServices(): Promise<CarrierShippingService[]> {
    return this.inner.listShippingServices();
  }

  async purchase(shipment: LabelShipment, idempotencyKey: string, journal: PurchaseJournal): Promise<PurchaseOutcome> {
    // A shipment for another carrier (a return, decision 123) is not this one's to buy: passed on, as one not sold here.
    if (shipment.soldBy && shipment.soldBy !== this.profile.id) return { kind: 'not_attempted', reason: 'not_bought', message: `${this.profile.displayName} does not sell this label: it is bought from ${shipment.soldBy}` };
    const outcome = await this.run<PurchaseOutcome>(() => this.inner.purchase(shipment, idempotencyKey, journal), true);
    return outcome ?? { kind: 'not_attempted', reason: 'circuit_open', message: `${this.profile.displayName} is not answering; it is left alone for a while` };
  }

  async resolve(shipment: LabelShipment, idempotencyKey: string, refs: CarrierRefs): Promise<PurchaseOutcome> {
    const outcome = await this.run<PurchaseOutcome>(() => this.inner.resolve(shipment, idempotencyKey, refs), false);
    // A question the carrier would not answer now (429, open circuit) leaves the purchase as unknown as it was.
    if (!outcome || isRateLimited(outcome)) return { kind: 'unknown', message: `${this.profile.displayName} could not be asked about this label yet` };
    return outcome;
  }

  async void(label: LabelToVoid): Promise<VoidOutcome> {
    const outcome: Outcome | null = await this.run<VoidOutcome>(() => this.inner.void(label), false);
    if (!outcome || isRateLimited(outcome)) return { kind: 'unknown', message: `${this.profile.displayName} is not answering; the void will be asked again` };
    return outcome as VoidOutcome;
  }

  async refundStatus(refund: PendingRefund): Promise<RefundCheck> {
    const outcome = await this.run<RefundCheck>(() => this.inner.refundStatus(refund), false);
    // A Retry-After longer than we wait answers not_attempted: for a refund question that is "ask later".
    return outcome && !isRateLimited(outcome) ? outcome : { kind: 'unknown', message: `${this.profile.displayName} is not answering; the refund will be asked about again` };
  }

  /**
   * Tracking shares the carrier's slots but not its breaker: a tracking API that stops answering (USPS serves it apart,
   * under its own quota) must not stop label purchases. While the circuit is open the carrier is not asked at all.
   */
  async track(label: LabelToVoid): Promise<TrackingReport | null> {
    if (this.breaker.state === CircuitState.Open) return null;
    try {
      return await this.limit.execute(() => this.inner.track(label));
    } catch {
      return null;
    }
  }

  /**
   * A rate the carrier answered with 429 is asked again after its Retry-After (up to `rateLimitedTries` calls), so a
   * batch rated many parcels at a time does not lose rows to the limit; the pause holds this carrier's purchases and
   * other rates too, as a purchase's 429 does, since the limit is the account's. A Retry-After longer than
   * `longestWaitMs` is not waited for: the rate fails at once, as a purchase answers "not attempted".
   */
  private async guardedRates(rates: (shipment: LabelShipment) => Promise<CarrierRate[]>, shipment: LabelShipment): Promise<CarrierRate[]> {
    for (let call = 1; ; call++) {
      const wait = this.pausedUntil - Date.now();
      if (wait > this.longestWaitMs) throw new CarrierRateLimitedError(wait, `${this.profile.displayName} asked us to wait ${Math.ceil(wait / 1000)} s before the next rate`);
      if (wait > 0) await sleep(wait);
      try {
        return await rates(shipment);
      } catch (error) {
        if (!(error instanceof CarrierRateLimitedError)) throw error;
        const pause = error.retryAfterMs ?? 1_000;
        this.pausedUntil = Math.max(this.pausedUntil, Date.now() + pause);
        if (call >= this.rateLimitedTries || pause > this.longestWaitMs) throw error;
      }
    }
  }

  /**
   * `unknown` (the labels are given back and the form may be asked again) only when the carrier provably was not
   * asked: the circuit is open, or it answered 429. An adapter answers every carrier reply with an outcome, so a throw
   * is a fault of ours mid-call, after which nothing says whether the request left: the form may exist.
   */
  private async guardedScanForm(scanForm: (request: ScanFormRequest) => Promise<ScanFormOutcome>, request: ScanFormRequest): Promise<ScanFormOutcome> {
    let outcome: Outcome | null;
    try {
      outcome = await this.run<ScanFormOutcome>(() => scanForm(request), false);
    } catch (error) {
      return { kind: 'unconfirmed', message: `${this.profile.displayName} did not confirm the SCAN form (${messageOf(error)})`, barcode: null, carrierRefs: {} };
    }
    if (!outcome || isRateLimited(outcome)) return { kind: 'unknown', message: `${this.profile.displayName} is not answering; ask for the SCAN form again in a few minutes` };
    return outcome as ScanFormOutcome;
  }

  private async voidBulk(bulk: (labels: readonly LabelToVoid[]) => Promise<VoidOutcome[]>, labels: readonly LabelToVoid[]): Promise<VoidOutcome[]> {
    const outcomes = await this.run<VoidOutcome[]>(() => bulk(labels), false);
    const notAnswering: VoidOutcome = { kind: 'unknown', message: `${this.profile.displayName} is not answering; the void will be asked again` };
    return labels.map((_, index) => (Array.isArray(outcomes) ? outcomes[index] : undefined) ?? notAnswering);
  }

  /** Null when the circuit is open. */
  private async run<T extends Outcome>(call: () => Promise<T>, retryRateLimits: boolean): Promise<T | null> {
    // The pause is read and set inside the bulkhead's slot: a purchase queued behind one that met a 429 waits for
    // that Retry-After too, instead of being sent the moment the slot frees.
    const attempt = (): Promise<T> =>
      this.limit.execute(async () => {
        const wait = this.pausedUntil - Date.now();
        if (wait > this.longestWaitMs) return this.stillRateLimited(wait) as T;
        if (wait > 0) await sleep(wait);
        const outcome = await this.breaker.execute(call);
        if (isRateLimited(outcome)) this.pausedUntil = Math.max(this.pausedUntil, Date.now() + retryAfterOf(outcome));
        return outcome;
      });
    try {
      return retryRateLimits ? await wrap(this.rateLimitRetry).execute(attempt) : await attempt();
    } catch (error) {
      if (isBrokenCircuitError(error)) return null;
      throw error;
    }
  }

  /** The carrier asked us to wait longer than we wait: answered at once, without asking it again early. */
  private stillRateLimited(waitMs: number): PurchaseOutcome {
    return { kind: 'not_attempted', reason: 'rate_limited', message: `${this.profile.displayName} asked us to wait ${Math.ceil(waitMs / 1000)} s before the next label`, retryAfterMs: waitMs };
  }
}
