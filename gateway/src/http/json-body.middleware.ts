import type { NestExpressApplication } from '@nestjs/platform-express';
import { DomainError, ErrorCode } from '@labeldesk/contracts';
import { json } from 'express';
import { BAD_INPUT_MESSAGE, isNestedDeeperThan, MAX_JSON_DEPTH, rejectBadBody, rejectBadUrl, requireJsonBody } from './bad-input.middleware';

/** Every route the table below does not name: forms, settings, one order. */
export const BODY_LIMIT = '2mb';

/**
 * Routes whose documented inputs need more, matched by prefix. Over a limit is a 413 naming it (HttpErrorFilter).
 * The limits are on JSON, which is larger than the file it was read from: every cell carries its key.
 */
export const LARGE_BODY_ROUTES: ReadonlyArray<{ path: string; limit: string }> = [
  // 10,000 rows of a 10 MB file: ~7 MB of JSON for typical rows, up to ~20 MB with every field at its maximum.
  { path: '/api/orders/bulk/process', limit: '40mb' },
  // A slice of 2,000 such rows (BULK_UPLOAD_SLICE_ROWS): ~1.4 MB typical, ~8 MB with every field at its maximum.
  { path: '/api/orders/bulk/rows', limit: '10mb' },
  // A quote of 10,000 shipments, each of which may be the full row (spec 7): the same rows as the bulk route.
  { path: '/api/orders/price/v2/bulk', limit: '40mb' },
  // 5,000 SKU rows with a 64-character SKU and a 200-character description are 1.9 MB in ASCII and ~4.6 MB when
  // both are in a 3-byte script; 2 MB refused a full file of those.
  { path: '/api/auth/add-sku', limit: '8mb' },
];

/**
 * Reads JSON bodies and refuses bad input before any guard or handler sees it, in this order: a non-JSON body
 * (415), a bad route param or query value (400), a body over its route's limit (413), nesting deeper than
 * MAX_JSON_DEPTH (400, from the bytes, before parsing), null characters and lone surrogates anywhere (400).
 * Registered before Nest's own parsers, so these are the ones that apply.
 */
export const useJsonBodies = (app: NestExpressApplication): void => {
  app.use('/api', requireJsonBody, rejectBadUrl);
  for (const route of LARGE_BODY_ROUTES) app.use(route.path, json({ limit: route.limit, verify: (_req, _res, body) => refuseDeepJson(body) }));
  // The payment webhook checks its signature over the exact bytes received (`rawBody`).
  app.use(json({ limit: BODY_LIMIT, verify: (req, _res, body) => Object.assign(req, { rawBody: refuseDeepJson(body) }) }));
  app.use('/api', rejectBadBody);
};

/**
 * Runs as body-parser's `verify`, on the bytes (UTF-8: requireJsonBody refused other charsets). body-parser hands
 * the thrown error itself to the filter, with a 403 `status` the filter ignores for a DomainError.
 */
const refuseDeepJson = (body: Buffer): Buffer => {
  if (isNestedDeeperThan(body, MAX_JSON_DEPTH)) throw new DomainError(ErrorCode.VALIDATION_FAILED, BAD_INPUT_MESSAGE.tooDeep);
  return body;
};
