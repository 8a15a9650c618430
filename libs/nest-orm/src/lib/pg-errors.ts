import { UniqueConstraintViolationException } from '@mikro-orm/core';

/** A unique-constraint violation, optionally of one named constraint. Read by repositories only. */
export const isUniqueViolation = (error: unknown, constraint?: string): boolean =>
  error instanceof UniqueConstraintViolationException && (constraint === undefined || error.message.includes(constraint));
