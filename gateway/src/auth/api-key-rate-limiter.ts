/** How many requests a key may make, and how long it waits when it has made them. */
export interface TakeResult {
  allowed: boolean;
  /** Seconds until one more request is allowed; 0 when allowed. */
  retryAfterSeconds: number;
}

interface Bucket {
  tokens: number;
  updatedAt: number;
}

/** Buckets idle this long are full again anyway: they are dropped, so the map holds only keys in use. */
const IDLE_DROP_MS = 120_000;

/**
 * A token bucket per API key: `perMinute` requests a minute, refilled smoothly, bursting to `perMinute`.
 *
 * Every gateway replica holds its own buckets, and they are kept in step (decision 049): what this replica let
 * through is handed out by `drainSpent` (and sent to the other replicas), and what the others let through is taken
 * from this replica's bucket by `debit`. So the key's rate holds across replicas. What two replicas let through
 * before they hear of each other is paid back afterwards: a bucket may go below empty, down to one minute's
 * requests, and the key waits until it has refilled.
 */
export class ApiKeyRateLimiter {
  private readonly buckets = new Map<string, Bucket>();
  private spent = new Map<string, number>();
  private lastSweep: number;
  private readonly ratePerMs: number;

  constructor(
    private readonly perMinute: number,
    private readonly now: () => number = Date.now,
  ) {
    this.lastSweep = now();
    this.ratePerMs = perMinute / 60_000;
  }

  take(keyId: string): TakeResult {
    const bucket = this.refilled(keyId);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      this.spent.set(keyId, (this.spent.get(keyId) ?? 0) + 1);
      return { allowed: true, retryAfterSeconds: 0 };
    }
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - bucket.tokens) / this.ratePerMs / 1000)) };
  }

  /** Requests another replica let through for the key: they count against this replica's bucket too. */
  debit(keyId: string, count: number): void {
    const bucket = this.refilled(keyId);
    bucket.tokens = Math.max(-this.perMinute, bucket.tokens - count);
  }

  /** The requests this replica let through per key since the last call, for the other replicas to debit. */
  drainSpent(): ReadonlyMap<string, number> {
    const drained = this.spent;
    this.spent = new Map();
    return drained;
  }

  private refilled(keyId: string): Bucket {
    const now = this.now();
    this.sweep(now);
    const bucket = this.buckets.get(keyId) ?? { tokens: this.perMinute, updatedAt: now };
    bucket.tokens = Math.min(this.perMinute, bucket.tokens + (now - bucket.updatedAt) * this.ratePerMs);
    bucket.updatedAt = now;
    this.buckets.set(keyId, bucket);
    return bucket;
  }

  private sweep(now: number): void {
    if (now - this.lastSweep < IDLE_DROP_MS) return;
    this.lastSweep = now;
    for (const [keyId, bucket] of this.buckets) if (now - bucket.updatedAt > IDLE_DROP_MS) this.buckets.delete(keyId);
  }
}
