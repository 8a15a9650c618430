import { setTimeout as wait } from 'node:timers/promises';
import type { IncomingHttpHeaders } from 'node:http';
import type { Sleep } from '../http/backoff';

/**
 * The SP-API's usage plans (each operation's "Usage Plan" in ordersV0.json and tokens_2021-03-01.json): a token
 * bucket per selling partner and operation, a burst of calls at once then one per 1/rate seconds. Calls are spaced
 * to keep within it instead of being refused with 429 (getOrders' one a minute after 20 would otherwise spend every
 * retry), and each answer's `x-amzn-RateLimit-Limit` replaces the documented rate, since Amazon raises it for some
 * sellers. A 429 still met empties the bucket.
 */
export const USAGE_PLANS = {
  getOrders: { rate: 0.0167, burst: 20 },
  getOrder: { rate: 0.5, burst: 30 },
  getOrderItems: { rate: 0.5, burst: 30 },
  confirmShipment: { rate: 2, burst: 10 },
  createRestrictedDataToken: { rate: 1, burst: 10 },
} as const;

export type SpApiOperation = keyof typeof USAGE_PLANS;

/** A wait longer than this is not taken (a rate below 1/min): the call is made and its 429 answered as it comes. */
const LONGEST_WAIT_MS = 65_000;

interface Bucket {
  rate: number;
  burst: number;
  tokens: number;
  at: number;
}

export class UsagePlanPacer {
  private readonly buckets = new Map<string, Bucket>();

  constructor(
    private readonly sleep: Sleep = (ms) => wait(ms),
    private readonly now: () => number = Date.now,
  ) {}

  /** Waits until the operation may be called for this selling partner, and takes its token. */
  async before(sellingPartnerId: string, operation: SpApiOperation): Promise<void> {
    const bucket = this.refilled(sellingPartnerId, operation);
    if (bucket.tokens < 1) {
      const ms = Math.ceil(((1 - bucket.tokens) / bucket.rate) * 1000);
      if (ms <= LONGEST_WAIT_MS) {
        await this.sleep(ms);
        this.refilled(sellingPartnerId, operation);
      }
    }
    bucket.tokens = Math.max(0, bucket.tokens - 1);
  }

  /** Reads the rate Amazon says applies (`x-amzn-RateLimit-Limit`, requests per second); a 429 empties the bucket. */
  after(sellingPartnerId: string, operation: SpApiOperation, status: number, headers: IncomingHttpHeaders): void {
    const bucket = this.refilled(sellingPartnerId, operation);
    const raw = headers['x-amzn-ratelimit-limit'];
    const rate = Number(Array.isArray(raw) ? raw[0] : raw);
    if (raw !== undefined && Number.isFinite(rate) && rate > 0) bucket.rate = rate;
    if (status === 429) bucket.tokens = 0;
  }

  /** The rate last known for the operation (requests per second). */
  rateOf(sellingPartnerId: string, operation: SpApiOperation): number {
    return this.refilled(sellingPartnerId, operation).rate;
  }

  private refilled(sellingPartnerId: string, operation: SpApiOperation): Bucket {
    const key = `${sellingPartnerId}\u0000${operation}`;
    const now = this.now();
    let bucket = this.buckets.get(key);
    if (!bucket) {
      bucket = { ...USAGE_PLANS[operation], tokens: USAGE_PLANS[operation].burst, at: now };
      this.buckets.set(key, bucket);
    }
    bucket.tokens = Math.min(bucket.burst, bucket.tokens + ((now - bucket.at) / 1000) * bucket.rate);
    bucket.at = now;
    return bucket;
  }
}

/** One pacer per process: every import and write-back of a selling partner shares its buckets, as Amazon counts them. */
export const sharedPacer = new UsagePlanPacer();
