import { applyDecorators, Injectable, UseGuards } from '@nestjs/common';
import { SkipThrottle, Throttle, ThrottlerGuard, type ThrottlerRequest } from '@nestjs/throttler';
import { RATE_LIMIT_LIMIT, RATE_LIMIT_REMAINING, RATE_LIMIT_RESET } from '../auth/rate-limit-headers';

/** The throttler's own names (`X-RateLimit-Limit-auth`) and the IETF draft's field each is answered as too (decision 103). */
const STANDARD_NAMES: ReadonlyArray<[RegExp, string]> = [
  [/^X-RateLimit-Limit\b/, RATE_LIMIT_LIMIT],
  [/^X-RateLimit-Remaining\b/, RATE_LIMIT_REMAINING],
  [/^X-RateLimit-Reset\b/, RATE_LIMIT_RESET],
];

/**
 * @nestjs/throttler's guard, which names its wait after the throttler (`Retry-After-auth`), also answering the
 * standard `Retry-After` (RFC 9110) that clients such as a carrier's webhook sender read, and its counts as the
 * `RateLimit-*` fields; refused, it answers none of them but the wait, so those are set here: none left, whole again
 * when the wait is over.
 */
@Injectable()
export class RetryAfterThrottlerGuard extends ThrottlerGuard {
  protected override setResponseHeader(res: Parameters<ThrottlerGuard['setResponseHeader']>[0], name: string, value: string | number): void {
    super.setResponseHeader(res, name, value);
    if (name.startsWith('Retry-After-')) super.setResponseHeader(res, 'Retry-After', value);
    const standard = STANDARD_NAMES.find(([pattern]) => pattern.test(name))?.[1];
    if (standard) super.setResponseHeader(res, standard, value);
  }

  protected override async handleRequest(request: ThrottlerRequest): Promise<boolean> {
    try {
      return await super.handleRequest(request);
    } catch (error) {
      const { res } = this.getRequestResponse(request.context);
      const wait = (res as { getHeader?: (name: string) => unknown }).getHeader?.('Retry-After');
      super.setResponseHeader(res, RATE_LIMIT_LIMIT, request.limit);
      super.setResponseHeader(res, RATE_LIMIT_REMAINING, 0);
      if (wait !== undefined) super.setResponseHeader(res, RATE_LIMIT_RESET, String(wait));
      throw error;
    }
  }
}

/**
 * What one carrier or payment server pushes to a webhook route from one address in a minute: 600 is far beyond what
 * one sender pushes (tracker updates trickle as the carrier scans, invoices as customers pay), while a stranger's flood
 * of unsigned posts stops here before a signature check behind it. Over it: 429 with Retry-After, which senders retry.
 */
export const WEBHOOK_POSTS_PER_MINUTE = 600;

/** A webhook route's limit per client address, with the module's `auth` throttler and a count of its own. */
export const WebhookSenderLimit = () =>
  applyDecorators(UseGuards(RetryAfterThrottlerGuard), Throttle({ auth: { limit: WEBHOOK_POSTS_PER_MINUTE, ttl: 60_000 } }), SkipThrottle({ topup: true }));
