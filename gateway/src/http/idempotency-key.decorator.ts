import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { DomainError, ErrorCode } from '@labeldesk/contracts';
import type { Request } from 'express';
import { randomUUID } from 'node:crypto';
import { headerValue } from './header-value';

const VALID = /^[A-Za-z0-9_.:-]{8,200}$/;

/**
 * The client's `Idempotency-Key` header: the same key repeats the same purchase instead of making a new one.
 * A request without one gets a fresh key, so it is still posted once, but a retry of it is a new purchase.
 */
export const IdempotencyKey = createParamDecorator((_data: unknown, ctx: ExecutionContext): string => {
  const key = headerValue(ctx.switchToHttp().getRequest<Request>().headers, 'idempotency-key');
  if (key === '') return randomUUID();
  if (!VALID.test(key)) throw new DomainError(ErrorCode.VALIDATION_FAILED, 'Idempotency-Key must be 8 to 200 letters, digits or -_.:');
  return key;
});
