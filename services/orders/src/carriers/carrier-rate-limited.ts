/**
 * A carrier answered a rate request with 429: it was not rated now, and may be asked again once `retryAfterMs` has
 * passed (null: the carrier did not say). A rate moves no money, so asking again is always safe; the carrier's guard
 * does, pausing its purchases too, since the limit is the account's.
 */
export class CarrierRateLimitedError extends Error {
  override readonly name = 'CarrierRateLimitedError';

  constructor(
    readonly retryAfterMs: number | null,
    message: string,
  ) {
    super(message);
  }
}
