import type { ExportCursor } from '@labeldesk/contracts';
import type { OwnerScope } from '@labeldesk/nest-transport';

/** A where clause's conditions (joined by `and`) and their bound values, in order. */
export interface SqlWhere {
  readonly sql: string;
  readonly params: readonly unknown[];
}

/** Collects conditions with their values, so a filter's SQL and its parameters never drift apart. */
export class Conditions {
  private readonly parts: string[] = [];
  private readonly values: unknown[] = [];

  add(sql: string, ...values: unknown[]): this {
    this.parts.push(sql);
    this.values.push(...values);
    return this;
  }

  build(): SqlWhere {
    return { sql: this.parts.length === 0 ? 'true' : this.parts.join(' and '), params: [...this.values] };
  }
}

/** `LIKE` reads `%`, `_` and `\` as patterns: a seller's text is matched as typed. */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** What a search text matches, lower-cased: a value's beginning, or any part of it. */
export const startsWith = (text: string): string => `${escapeLike(text.toLowerCase())}%`;
export const contains = (text: string): string => `%${escapeLike(text.toLowerCase())}%`;

/**
 * Whose rows: the caller's scope (a customer's own, an admin's everyone's) and, within it, the user asked for. A
 * customer asking for another user's rows gets none, as for a user without any.
 */
export const addOwner = (where: Conditions, column: string, scope: OwnerScope, userId: string | undefined): void => {
  if ('userId' in scope) where.add(`${column} = ?`, scope.userId);
  if (userId) where.add(`${column} = ?`, userId);
};

/** UTC days, both inclusive. */
export const addDays = (where: Conditions, column: string, days: { from?: string | undefined; to?: string | undefined }): void => {
  if (days.from) where.add(`${column} >= (?::date at time zone 'utc')`, days.from);
  if (days.to) where.add(`${column} < ((?::date + 1) at time zone 'utc')`, days.to);
};

/** Rows after an export's cursor, newest first (ties broken by id, as the order by does). */
export const addAfter = (where: Conditions, alias: string, after: ExportCursor | undefined): void => {
  if (after) where.add(`(${alias}."created_at", ${alias}."id") < (?::timestamptz, ?::uuid)`, after.createdAt, after.id);
};

/** A row's `created_at` with its microseconds, in UTC: a cursor a JavaScript Date (milliseconds) would blur. */
export const cursorTime = (alias: string): string => `to_char(${alias}."created_at" at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
