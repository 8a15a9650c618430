import type { Reply } from './json';
import { errorBody } from './usps-errors';

const HOUR_MS = 3_600_000;

/**
 * USPS's hourly API quota, used up: every call is answered 429 with the seconds left until the hour since it ran out
 * has passed on the fake's clock (`Retry-After`), until then or until a test lifts it.
 */
export class FakeUspsHourlyQuota {
  private resetsAt: number | null = null;

  exhaust(now: Date): void {
    this.resetsAt = now.getTime() + HOUR_MS;
  }

  lift(): void {
    this.resetsAt = null;
  }

  /** The 429 for a call at `now` while the quota is used up; null once it is reset. */
  refusal(apiVersion: string, now: Date): Reply | null {
    if (this.resetsAt === null) return null;
    const leftMs = this.resetsAt - now.getTime();
    if (leftMs <= 0) {
      this.resetsAt = null;
      return null;
    }
    return {
      status: 429,
      body: errorBody(apiVersion, 429, [{ code: '429', detail: 'Exceeded quota limit for this API. Please try again later.' }]),
      headers: { 'Retry-After': String(Math.ceil(leftMs / 1000)) },
    };
  }
}
