import { DomainError, ErrorCode } from '@labeldesk/contracts';
import type { z } from 'zod';
import { ZodBody } from '../http/zod-body.pipe';
import { unknownFields } from './unknown-fields';

/** At most this many unknown fields are named in one answer: enough to correct a request, never a body-sized answer. */
const NAMED_AT_MOST = 20;

/**
 * A v1 body or query: validated as `ZodBody` does, after refusing every field the schema does not name (400, each
 * unknown field an issue of its own). The public API answers a misspelt or unsupported field instead of dropping it
 * (decision 103).
 */
export class StrictBody<S extends z.ZodType> extends ZodBody<S> {
  override transform(value: unknown): z.output<S> {
    const unknown = unknownFields(this.schema, value ?? {});
    if (unknown.length > 0) {
      const issues = unknown.slice(0, NAMED_AT_MOST).map((path) => ({ path, message: `Unknown field: ${path}` }));
      const message = unknown.length === 1 ? `Unknown field: ${unknown[0]}` : `Unknown fields: ${unknown.slice(0, 3).join(', ')}${unknown.length > 3 ? ` and ${unknown.length - 3} more` : ''}`;
      throw new DomainError(ErrorCode.VALIDATION_FAILED, message, issues);
    }
    return super.transform(value);
  }
}
