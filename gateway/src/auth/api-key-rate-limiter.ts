import { API_KEY_LEASE_MAX, DomainError, ErrorCode } from '@labeldesk/contracts';
import type { RateLimitQuota } from './rate-limit-headers';

/** How many requests a key may make, and how long it waits when it has made them. */
export interface TakeResult {
  allowed: boolean;
  /** Seconds until one more request is allowed; 0 when allowed. */
  retryAfterSeconds: number;
}

/** A key's one bucket, shared by every gateway replica (auth keeps it: decision 075). */
export interface SharedKeyBudget {
  /** Takes up to `want` of the key's requests from its bucket; with none granted, how long until there is one. */
  lease(key: string, want: number): Promise<{ granted: number; retryAfterMs: number }>;
}

interface Bucket {
  tokens: number;
  updatedAt: number;
}

/** What a replica holds of a key's shared bucket, and the requests waiting for it. */
interface Lease {
  held: number;
  waiting: Array<{ resolve: (result: TakeResult | null) => void; reject: (error: unknown) => void }>;
  leasing: boolean;
  /** The shared bucket said it was empty: requests are refused here, without asking, until then. */
  emptyUntil: number;
  usedAt: number;
}

/** Buckets idle this long are full again anyway: they are dropped, so the map holds only keys in use. */
const IDLE_DROP_MS = 120_000;
/** A replica not heard of for this long is no longer counted among the replicas sharing a key's limit. */
const REPLICA_FORGOTTEN_MS = 60_000;
/** After the shared bucket could not be reached, it is asked again this much later (the local bucket serves meanwhile). */
export const SHARED_BUDGET_RETRY_MS = 5_000;

/**
 * The shared bucket answered nothing: the transport found no one, the call timed out, or auth failed inside (its
 * database down answers INTERNAL). Any other refusal is auth's answer about this request, not its absence.
 */
const UNREACHABLE_CODES: ReadonlySet<string> = new Set([ErrorCode.TIMEOUT, ErrorCode.SERVICE_UNAVAILABLE, ErrorCode.INTERNAL]);
const sharedUnreachable = (error: unknown): boolean => !(error instanceof DomainError) || UNREACHABLE_CODES.has(error.code);

const ALLOWED: TakeResult = { allowed: true, retryAfterSeconds: 0 };
const refusedFor = (ms: number): TakeResult => ({ allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(ms / 1000)) });

/**
 * A key's rate limit, `perMinute` requests a minute refilled smoothly, bursting to `perMinute` (decisions 049, 075).
 *
 * With a shared budget (the distributed mode), a replica lets a request through only with a request it leased from
 * the key's one bucket, which auth keeps and takes from atomically. It leases a quarter second's worth at a time (at
 * least one request), and the next lease as the last is spent, so most requests wait for no one; it holds at most one
 * lease per key. So however many replicas serve a key, together they let through at most the bucket: the limit, plus
 * the lease each replica may hold (a quarter second's worth). While the shared bucket answers nothing (auth or its
 * database down), the replica falls back to its local bucket, which its leased requests were taken from too (so it
 * starts with what is left, not full); it asks the shared bucket again after SHARED_BUDGET_RETRY_MS. Auth refusing a
 * lease (a revoked key) is not its being down: that key's waiting requests get the refusal, other keys lease on.
 *
 * Without one (the embedded mode: one process), the local bucket is the limit.
 *
 * The local bucket is an equal share of the limit, burst and rate, among this replica and the replicas it heard from
 * in the last minute (`heardFrom`: each reports what it let through, `drainSpent`): alone, the whole limit.
 */
export class ApiKeyRateLimiter {
  private readonly buckets = new Map<string, Bucket>();
  private readonly leases = new Map<string, Lease>();
  private spent = new Map<string, number>();
  private readonly replicasHeard = new Map<string, number>();
  private lastSweep: number;
  private readonly ratePerMs: number;
  /** A quarter second's worth of requests, at least one: what one lease asks for when no request is waiting. */
  readonly leaseSize: number;
  private shared: SharedKeyBudget | null = null;
  private sharedDownUntil = 0;

  constructor(
    readonly perMinute: number,
    private readonly now: () => number = Date.now,
  ) {
    this.lastSweep = now();
    this.ratePerMs = perMinute / 60_000;
    this.leaseSize = Math.max(1, Math.floor(perMinute / 240));
  }

  /** From now on, requests are leased from the key's one bucket. */
  share(budget: SharedKeyBudget): void {
    this.shared = budget;
  }

  /**
   * One request of the key (`key`: the key itself, the credential the shared bucket is asked with). Throws auth's
   * refusal when the shared bucket knows no such live key (revoked a moment ago).
   */
  async acquire(keyId: string, key: string): Promise<TakeResult> {
    const now = this.now();
    if (!this.shared || now < this.sharedDownUntil) return this.take(keyId);
    this.sweep(now);
    const lease = this.leases.get(keyId) ?? { held: 0, waiting: [], leasing: false, emptyUntil: 0, usedAt: now };
    this.leases.set(keyId, lease);
    lease.usedAt = now;
    if (lease.held >= 1 && lease.waiting.length === 0) {
      lease.held -= 1;
      this.spend(keyId);
      // The next lease is asked for as this one runs out, so the next request finds it here.
      if (lease.held < 1 && now >= lease.emptyUntil) void this.leaseMore(keyId, key, lease);
      return ALLOWED;
    }
    if (now < lease.emptyUntil) return refusedFor(lease.emptyUntil - now);
    const result = await new Promise<TakeResult | null>((resolve, reject) => {
      lease.waiting.push({ resolve, reject });
      void this.leaseMore(keyId, key, lease);
    });
    return result ?? this.take(keyId);
  }

  /** One request from the local bucket only: the whole limit in one process, a replica's share while the shared one is away. */
  take(keyId: string): TakeResult {
    const bucket = this.refilled(keyId);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      this.spent.set(keyId, (this.spent.get(keyId) ?? 0) + 1);
      return ALLOWED;
    }
    return refusedFor(((1 - bucket.tokens) * this.replicas(this.now())) / this.ratePerMs);
  }

  /**
   * What the key may still ask, for the RateLimit headers (decision 103): its limit, what this replica's bucket holds
   * (scaled to the whole key when replicas share it) and when the bucket is full again. With the shared bucket in use,
   * the local one is debited by every request this replica let through, so it is this replica's best count.
   */
  quota(keyId: string): RateLimitQuota {
    const bucket = this.refilled(keyId);
    const replicas = this.replicas(this.now());
    const capacity = this.perMinute / replicas;
    return {
      limit: this.perMinute,
      remaining: Math.min(this.perMinute, Math.floor(bucket.tokens * replicas)),
      resetSeconds: (capacity - bucket.tokens) / (this.ratePerMs / replicas) / 1000,
    };
  }

  /** Another replica let requests through: it shares the local limit (while the shared bucket is away). */
  heardFrom(replica: string): void {
    this.replicasHeard.set(replica, this.now());
  }

  /** The requests this replica let through per key since the last call, for the other replicas to debit. */
  drainSpent(): ReadonlyMap<string, number> {
    const drained = this.spent;
    this.spent = new Map();
    return drained;
  }

  /**
   * A leased request let through, reported to the other replicas like one from the local bucket, and taken from the
   * local bucket too (never below empty): should the shared bucket go away, the local one serves only what is left.
   */
  private spend(keyId: string): void {
    this.spent.set(keyId, (this.spent.get(keyId) ?? 0) + 1);
    const bucket = this.refilled(keyId);
    bucket.tokens = Math.max(0, bucket.tokens - 1);
  }

  /**
   * Leases until no request waits: as many as wait (at least a quarter second's worth), handed out in order; what is
   * left is held (at most a quarter second's worth). One lease at a time per key.
   */
  private async leaseMore(keyId: string, key: string, lease: Lease): Promise<void> {
    if (lease.leasing || !this.shared) return;
    lease.leasing = true;
    try {
      do {
        this.handOut(keyId, lease);
        if (lease.waiting.length === 0 && lease.held >= 1) return;
        // Never more than the contract takes in one lease: the rest of a longer queue is asked for by the next turn.
        const want = Math.min(API_KEY_LEASE_MAX, Math.max(this.leaseSize, lease.waiting.length));
        let answer: { granted: number; retryAfterMs: number };
        try {
          answer = await this.shared.lease(key, want);
        } catch (error) {
          // Only an unreachable bucket sends every key to the local buckets; auth's refusal (a key revoked a moment
          // ago, a request it found invalid) is this key's requests' answer.
          const unreachable = sharedUnreachable(error);
          if (unreachable) this.sharedDownUntil = this.now() + SHARED_BUDGET_RETRY_MS;
          for (const waiter of lease.waiting.splice(0)) {
            if (unreachable) waiter.resolve(null);
            else waiter.reject(error);
          }
          return;
        }
        lease.held += answer.granted;
        this.handOut(keyId, lease);
        if (answer.granted === 0) {
          lease.emptyUntil = this.now() + answer.retryAfterMs;
          for (const waiter of lease.waiting.splice(0)) waiter.resolve(refusedFor(answer.retryAfterMs));
        }
      } while (lease.waiting.length > 0);
    } finally {
      lease.leasing = false;
    }
  }

  /** The requests held go to the requests waiting, first come first served. */
  private handOut(keyId: string, lease: Lease): void {
    while (lease.held >= 1 && lease.waiting.length > 0) {
      lease.held -= 1;
      this.spend(keyId);
      lease.waiting.shift()?.resolve(ALLOWED);
    }
  }

  /** Alone, the whole limit; with other replicas heard of lately, an equal share of it each. */
  private replicas(now: number): number {
    for (const [replica, at] of this.replicasHeard) if (now - at > REPLICA_FORGOTTEN_MS) this.replicasHeard.delete(replica);
    return 1 + this.replicasHeard.size;
  }

  private refilled(keyId: string): Bucket {
    const now = this.now();
    this.sweep(now);
    const replicas = this.replicas(now);
    const capacity = this.perMinute / replicas;
    const bucket = this.buckets.get(keyId) ?? { tokens: capacity, updatedAt: now };
    bucket.tokens = Math.min(capacity, bucket.tokens + ((now - bucket.updatedAt) * this.ratePerMs) / replicas);
    bucket.updatedAt = now;
    this.buckets.set(keyId, bucket);
    return bucket;
  }

  private sweep(now: number): void {
    if (now - this.lastSweep < IDLE_DROP_MS) return;
    this.lastSweep = now;
    for (const [keyId, bucket] of this.buckets) if (now - bucket.updatedAt > IDLE_DROP_MS) this.buckets.delete(keyId);
    for (const [keyId, lease] of this.leases) {
      if (now - lease.usedAt > IDLE_DROP_MS && !lease.leasing && lease.waiting.length === 0) this.leases.delete(keyId);
    }
  }
}
