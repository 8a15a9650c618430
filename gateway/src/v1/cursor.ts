import { DomainError, ErrorCode, shipmentsAfterSchema, type ShipmentsAfter } from '@labeldesk/contracts';

/** Cursors carry a version, so their content may change without a cursor of today's being misread later. */
const VERSION = 1;

export const BAD_CURSOR = 'cursor is not one this API gave: send the next_cursor of the previous page as it was';

/**
 * The `next_cursor` of a page: where the next page starts (the last row's exact time and id), opaque to integrators
 * (base64url of a small JSON) so its content is ours to change. Keyset, not an offset: a shipment bought while an
 * integrator pages sorts before their cursor, so no row is read twice or skipped.
 */
export const encodeCursor = (after: ShipmentsAfter): string => Buffer.from(JSON.stringify({ v: VERSION, t: after.createdAt, i: after.id }), 'utf8').toString('base64url');

/** The position a cursor holds; 400 naming `cursor` when it is not one `encodeCursor` made. */
export const decodeCursor = (cursor: string): ShipmentsAfter => {
  let parsed: unknown;
  try {
    if (!/^[A-Za-z0-9_-]{1,400}$/.test(cursor)) throw new Error('not base64url');
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badCursor();
  }
  const { v, t, i } = (typeof parsed === 'object' && parsed !== null ? parsed : {}) as { v?: unknown; t?: unknown; i?: unknown };
  const after = shipmentsAfterSchema.safeParse({ createdAt: t, id: i });
  if (v !== VERSION || !after.success) throw badCursor();
  return after.data;
};

const badCursor = () => new DomainError(ErrorCode.VALIDATION_FAILED, BAD_CURSOR, [{ path: 'cursor', message: BAD_CURSOR }]);
