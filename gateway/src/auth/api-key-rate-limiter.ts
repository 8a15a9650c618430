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
 * A token bucket per API key, in this gateway replica: `perMinute` requests a minute, refilled smoothly, bursting to
 * `perMinute`. With N replicas a key gets at most N times the rate (each holds its own buckets): a bound on a script
 * gone wrong, not a quota to bill by (decision 049).
 */
export class ApiKeyRateLimiter {
  private readonly buckets = new Map<string, Bucket>();
  private lastSweep: number;

  constructor(
    private readonly perMinute: number,
    private readonly now: () => number = Date.now,
  ) {
    this.lastSweep = now();
  }

  take(keyId: string): TakeResult {
    const now = this.now();
    this.sweep(now);
    const ratePerMs = this.perMinute / 60_000;
    const bucket = this.buckets.get(keyId) ?? { tokens: this.perMinute, updatedAt: now };
    bucket.tokens = Math.min(this.perMinute, bucket.tokens + (now - bucket.updatedAt) * ratePerMs);
    bucket.updatedAt = now;
    this.buckets.set(keyId, bucket);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return { allowed: true, retryAfterSeconds: 0 };
    }
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - bucket.tokens) / ratePerMs / 1000)) };
  }

  private sweep(now: number): void {
    if (now - this.lastSweep < IDLE_DROP_MS) return;
    this.lastSweep = now;
    for (const [keyId, bucket] of this.buckets) if (now - bucket.updatedAt > IDLE_DROP_MS) this.buckets.delete(keyId);
  }
}
