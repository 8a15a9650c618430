import { SetMetadata } from '@nestjs/common';

/** What a client may still ask in the current window, as the RateLimit header fields say it. */
export interface RateLimitQuota {
  /** Requests the window allows in all. */
  limit: number;
  /** Requests left now. */
  remaining: number;
  /** Seconds until the quota is whole again. */
  resetSeconds: number;
}

export const RATE_LIMIT_LIMIT = 'RateLimit-Limit';
export const RATE_LIMIT_REMAINING = 'RateLimit-Remaining';
export const RATE_LIMIT_RESET = 'RateLimit-Reset';

interface HeaderSink {
  setHeader(name: string, value: string): unknown;
}

/**
 * `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset` (IETF httpapi "RateLimit header fields for HTTP",
 * draft 07: three fields of whole numbers, the reset in seconds from now) on an answer of a limited request (decision
 * 103). With 429 they go beside `Retry-After`, which says when one more request is allowed (Reset says when all are).
 */
export const setRateLimitHeaders = (res: HeaderSink, quota: RateLimitQuota): void => {
  res.setHeader(RATE_LIMIT_LIMIT, String(Math.max(0, Math.floor(quota.limit))));
  res.setHeader(RATE_LIMIT_REMAINING, String(Math.max(0, Math.floor(quota.remaining))));
  res.setHeader(RATE_LIMIT_RESET, String(Math.max(0, Math.ceil(quota.resetSeconds))));
};

export const COUNTS_SESSIONS = 'labeldesk:counts-sessions';

/**
 * A session's requests to these routes are counted as an API key's are, per user and with the same limit: the public
 * API v1 (decision 103) answers RateLimit headers to keys and sessions alike. The web app's routes are not counted.
 */
export const CountsSessions = () => SetMetadata(COUNTS_SESSIONS, true);
