import { DomainError, ErrorCode } from '@labeldesk/contracts';
import { BAD_CURSOR } from './cursor';

/**
 * The `next_cursor` of a list kept in a fixed order that only grows at its end or not at all (a batch's labels, in the
 * file's row order): the next page's number, opaque (base64url JSON, versioned) so the paging may change underneath.
 */
export const encodePageCursor = (page: number): string => Buffer.from(JSON.stringify({ v: 1, p: page }), 'utf8').toString('base64url');

/** The page a cursor names; 400 naming `cursor` when it is not one `encodePageCursor` made. */
export const decodePageCursor = (cursor: string): number => {
  let parsed: unknown = null;
  try {
    if (/^[A-Za-z0-9_-]{1,100}$/.test(cursor)) parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    parsed = null;
  }
  const { v, p } = (typeof parsed === 'object' && parsed !== null ? parsed : {}) as { v?: unknown; p?: unknown };
  if (v !== 1 || typeof p !== 'number' || !Number.isSafeInteger(p) || p < 2) throw new DomainError(ErrorCode.VALIDATION_FAILED, BAD_CURSOR, [{ path: 'cursor', message: BAD_CURSOR }]);
  return p;
};
