import { z } from 'zod';

/** Connected stores' settings (decision 105), part of the orders environment. */
export const storesEnvShape = {
  /**
   * The key the stores' API keys and tokens are sealed with at rest (AES-256-GCM, as two-factor secrets are). Unset:
   * derived from this process's CALLER_KEY, which a thief of the database would also need. Changing either makes the
   * sealed secrets unreadable: the stores must then be connected again.
   */
  STORE_ENCRYPTION_KEY: z.string().min(16, 'must be at least 16 characters').optional(),
  /** How often each connected store is imported from by itself (besides on connect and "sync now"); 0 turns it off. */
  STORE_SYNC_SECONDS: z.coerce.number().int().min(0).max(86_400).default(300),
  /** How long one call to a store may take. */
  STORE_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(120_000).default(20_000),
  /** Calls of one request at most while a store answers 429 Too Many Requests (each after its Retry-After). */
  STORE_RATE_LIMITED_TRIES: z.coerce.number().int().min(1).max(20).default(5),
  /** How often labels bought for imported orders are looked for, to send their tracking to the store. */
  STORE_WRITEBACK_SECONDS: z.coerce.number().int().min(1).max(3_600).default(10),
  /** The pause after a failed write-back, doubled after each further failure up to an hour. */
  STORE_WRITEBACK_RETRY_SECONDS: z.coerce.number().int().min(1).max(3_600).default(30),
};
