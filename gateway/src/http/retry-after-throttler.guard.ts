import { applyDecorators, Injectable, UseGuards } from '@nestjs/common';
import { SkipThrottle, Throttle, ThrottlerGuard } from '@nestjs/throttler';

/**
 * @nestjs/throttler's guard, which names its wait after the throttler (`Retry-After-auth`), also answering the
 * standard `Retry-After` (RFC 9110) that clients such as a carrier's webhook sender read.
 */
@Injectable()
export class RetryAfterThrottlerGuard extends ThrottlerGuard {
  protected override setResponseHeader(res: Parameters<ThrottlerGuard['setResponseHeader']>[0], name: string, value: string | number): void {
    super.setResponseHeader(res, name, value);
    if (name.startsWith('Retry-After-')) super.setResponseHeader(res, 'Retry-After', value);
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
