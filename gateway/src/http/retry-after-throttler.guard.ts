import { Injectable } from '@nestjs/common';
import { ThrottlerGuard } from '@nestjs/throttler';

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
