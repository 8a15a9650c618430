import { DomainError, ErrorCode, shipmentsAfterSchema } from '@labeldesk/contracts';
import type { z } from 'zod';

/** A keyset position: the last row's exact time and its id. */
interface After {
  createdAt: string;
  id: string;
}

/** Cursors carry a version, so their content may change without a cursor of today's being misread later. */
const VERSION = 1;

export const BAD_CURSOR = 'cursor is not one this API gave: send the next_cursor of the previous page as it was';

/**
 * The `next_cursor` of a page: where the next page starts (the last row's exact time and id), opaque to integrators
 * (base64url of a small JSON) so its content is ours to change. Keyset, not an offset: a shipment bought while an
 * integrator pages sorts before their cursor, so no row is read twice or skipped.
 */
export const encodeCursor = (after: After): string => Buffer.from(JSON.stringify({ v: VERSION, t: after.createdAt, i: after.id }), 'utf8').toString('base64url');

/** The position a cursor holds, as `schema` reads it (a shipment's by default); 400 naming `cursor` when it is not one `encodeCursor` made. */
export const decodeCursor = (cursor: string, schema: z.ZodType<After> = shipmentsAfterSchema): After => {
  let parsed: unknown;
  try {
    if (!/^[A-Za-z0-9_-]{1,800}$/.test(cursor)) throw new Error('not base64url');
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badCursor();
  }
  const { v, t, i } = (typeof parsed === 'object' && parsed !== null ? parsed : {}) as { v?: unknown; t?: unknown; i?: unknown };
  const after = schema.safeParse({ createdAt: t, id: i });
  if (v !== VERSION || !after.success) throw badCursor();
  return after.data;
};

const badCursor = () => new DomainError(ErrorCode.VALIDATION_FAILED, BAD_CURSOR, [{ path: 'cursor', message: BAD_CURSOR }]);

/** A page as the v1 lists answer it: the rows, whether more follow, and the cursor of the next page (null on the last). */
export const cursorPage = <T>(data: T[], next: After | null): { data: T[]; has_more: boolean; next_cursor: string | null } => ({
  data,
  has_more: next !== null,
  next_cursor: next ? encodeCursor(next) : null,
});
