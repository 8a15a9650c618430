/**
 * The usage plans the Orders v0 and Tokens models state for the operations the fake serves (each operation's
 * description, "Usage Plan": requests per second and burst), kept as token buckets: a call takes a token, tokens come
 * back at the rate up to the burst, and a call finding none is answered 429, as Amazon's rate limiter does.
 */
export interface UsagePlan {
  rate: number;
  burst: number;
}

export const DOCUMENTED_USAGE_PLANS = {
  getOrders: { rate: 0.0167, burst: 20 },
  getOrder: { rate: 0.5, burst: 30 },
  getOrderItems: { rate: 0.5, burst: 30 },
  confirmShipment: { rate: 2, burst: 10 },
  createRestrictedDataToken: { rate: 1, burst: 10 },
} as const satisfies Record<string, UsagePlan>;

export type SpApiOperation = keyof typeof DOCUMENTED_USAGE_PLANS;

export class UsagePlans {
  readonly plans: Record<SpApiOperation, UsagePlan> = { ...DOCUMENTED_USAGE_PLANS };
  private readonly buckets = new Map<SpApiOperation, { tokens: number; at: number }>();

  /** Takes a token for the operation: false when there is none (answer 429). */
  take(operation: SpApiOperation, now: number = Date.now()): boolean {
    const plan = this.plans[operation];
    const bucket = this.buckets.get(operation) ?? { tokens: plan.burst, at: now };
    bucket.tokens = Math.min(plan.burst, bucket.tokens + ((now - bucket.at) / 1000) * plan.rate);
    bucket.at = now;
    this.buckets.set(operation, bucket);
    if (bucket.tokens < 1) return false;
    bucket.tokens -= 1;
    return true;
  }

  /** The operation's burst is spent now (other callers of the same seller and app used it): calls get 429 until it refills. */
  spend(operation: SpApiOperation, now: number = Date.now()): void {
    this.buckets.set(operation, { tokens: 0, at: now });
  }

  /** The `x-amzn-RateLimit-Limit` header: the operation's rate in requests per second. */
  limitHeader(operation: SpApiOperation): string {
    return String(this.plans[operation].rate);
  }
}
