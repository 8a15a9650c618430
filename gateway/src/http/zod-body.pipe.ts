import type { PipeTransform } from '@nestjs/common';
import { validationError } from '@labeldesk/contracts';
import type { z } from 'zod';

/** Validates a request body with the same schema the web form and the service use. */
export class ZodBody<S extends z.ZodType> implements PipeTransform<unknown, z.output<S>> {
  constructor(private readonly schema: S) {}

  transform(value: unknown): z.output<S> {
    const parsed = this.schema.safeParse(value ?? {});
    if (!parsed.success) throw validationError(parsed.error);
    return parsed.data;
  }
}
