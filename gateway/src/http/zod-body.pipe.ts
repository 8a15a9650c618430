import type { PipeTransform } from '@nestjs/common';
import { DomainError, ErrorCode, validationError } from '@labeldesk/contracts';
import type { z } from 'zod';

export const NOT_AN_OBJECT = 'The request body must be a JSON object';

/**
 * Validates a request body (or query) with the same schema the web form and the service use. The schema is public so
 * the docs' spec can check that each route documents the very schema it validates with.
 */
export class ZodBody<S extends z.ZodType> implements PipeTransform<unknown, z.output<S>> {
  constructor(readonly schema: S) {}

  transform(value: unknown): z.output<S> {
    const parsed = this.schema.safeParse(value ?? {});
    if (parsed.success) return parsed.data;
    // zod's own words for a list or a number where the fields should be ("expected object, received array").
    if (parsed.error.issues.some((issue) => issue.path.length === 0 && issue.code === 'invalid_type')) {
      throw new DomainError(ErrorCode.VALIDATION_FAILED, NOT_AN_OBJECT, [{ path: '', message: NOT_AN_OBJECT }]);
    }
    throw validationError(parsed.error);
  }
}
