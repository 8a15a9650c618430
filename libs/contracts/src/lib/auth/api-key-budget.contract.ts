// Subjects are public API between processes: do not change one without a migration plan (add a v2 instead).
import { z } from 'zod';
import { defineRpc } from '../define';

/** The most a gateway replica leases at once: far above a quarter second's worth of any sane limit. */
export const API_KEY_LEASE_MAX = 10_000;

export const apiKeyLeaseRequestSchema = z.object({
  /** The key itself is the credential (as for auth.api-key.verify.v1): only its holder can spend its budget. */
  key: z.string().min(1).max(200),
  /** How many requests the replica asks to let through. */
  want: z.number().int().min(1).max(API_KEY_LEASE_MAX),
  /** The limit the gateways are configured with (API_KEY_RATE_LIMIT_PER_MINUTE): the bucket holds a minute's worth. */
  perMinute: z.number().int().min(1).max(1_000_000),
});
export type ApiKeyLeaseRequest = z.infer<typeof apiKeyLeaseRequestSchema>;

export const apiKeyLeaseSchema = z.object({
  /** Requests the replica may let through, taken from the key's one bucket: 0 to `want`. */
  granted: z.number().int().min(0).max(API_KEY_LEASE_MAX),
  /** With nothing granted: how long until the bucket holds one request again. 0 otherwise. */
  retryAfterMs: z.number().int().min(0),
});
export type ApiKeyLease = z.infer<typeof apiKeyLeaseSchema>;

export const ApiKeyBudgetRpc = {
  /**
   * A gateway replica leases a few of a key's requests from its one bucket, kept by auth in its database and taken
   * atomically, so the replicas together never let more through than the bucket held (decision 075).
   */
  lease: defineRpc('auth.api-key.lease.v1', apiKeyLeaseRequestSchema, apiKeyLeaseSchema, { who: 'public' }),
} as const;
