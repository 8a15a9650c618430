import { UnsupportedMediaTypeException } from '@nestjs/common';
import { DiscoveryService, MetadataScanner, ModulesContainer, Reflector } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DomainError, ErrorCode } from '@labeldesk/contracts';
import { json, type NextFunction, type Request, type Response } from 'express';
import { RouteCatalogue, type DocumentedRoute } from '../docs/route-catalogue';
import { BAD_INPUT_MESSAGE, isNestedDeeperThan, MAX_JSON_DEPTH, rejectBadBody, rejectBadUrl, requireJsonBody } from './bad-input.middleware';
import { headerValue } from './header-value';
import { UNCOMPRESSED_ONLY } from '../errors/http-error.filter';

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
 * Routes that take only small bodies from anyone, read by readSmallBody: refused with a 413 as soon as they pass their
 * limit, without reading the rest (body-parser reads a refused body to its end first).
 */
export const SMALL_BODY_ROUTES: ReadonlyArray<{ path: string; limitBytes: number }> = [
  // Carriers' pushes: EasyPost's events are a few KB (a tracker.updated with 20 tracking details is ~10 KB; its recorded events are 2–6
  // KB): 256 KB is 25 times the largest and still nothing to read for a stranger's flood (decision 073).
  { path: '/api/webhooks/carriers', limitBytes: 256 * 1024 },
  // BTCPay's webhook events are smaller still (an invoice id, a store id, a type: under 2 KB).
  { path: '/api/payment/webhook', limitBytes: 256 * 1024 },
  // Stores' pushes of an order (Shopify's orders/create is a few KB; an order of 250 lines some 200 KB).
  { path: '/api/webhooks/stores', limitBytes: 256 * 1024 },
];

/**
 * Reads JSON bodies and refuses bad input before any guard or handler sees it, in this order: a body for a route that
 * is not public sent with no credential at all (401, unread), a compressed body (415, never inflated), a non-JSON
 * body (415), a bad route param or query value (400), a body over its route's limit (413), nesting deeper than
 * MAX_JSON_DEPTH (400, from the bytes, before parsing), null characters and lone surrogates anywhere (400).
 * Registered before Nest's own parsers, so these are the ones that apply. The public routes are read from the
 * application's controllers (their declared policy, decision 049), once, here.
 */
export const useJsonBodies = (app: NestExpressApplication): void => {
  app.use('/api', refuseAnonymousBodies(publicRoutesOf(routesOfApp(app))), refuseCompressedBodies, requireJsonBodyOrOneClick, rejectBadUrl);
  for (const route of SMALL_BODY_ROUTES) app.use(route.path, readSmallBody(route.limitBytes));
  // `inflate: false`: none of the API's senders compress (the web app, EasyPost, BTCPay), and 40 KB of gzip inflates
  // to 40 MB; refuseCompressedBodies answers first, this keeps it so should a route be mounted before it.
  for (const route of LARGE_BODY_ROUTES) app.use(route.path, json({ limit: route.limit, inflate: false, verify: (_req, _res, body) => refuseDeepJson(body) }));
  // Every route keeps the exact bytes received (`rawBody`); the webhooks (above) check their signatures over them.
  app.use(json({ limit: BODY_LIMIT, inflate: false, verify: (req, _res, body) => Object.assign(req, { rawBody: refuseDeepJson(body) }) }));
  app.use('/api', rejectBadBody);
};

/** A receiver's unsubscribe link (decision 095), the one route a mail client posts a form to. */
export const ONE_CLICK_UNSUBSCRIBE_PATH = /^\/api\/public\/tracking-emails\/unsubscribe\/[^/]+$/;

/**
 * RFC 8058: a mail client's own unsubscribe button POSTs `List-Unsubscribe=One-Click` as a form. On that one path a
 * form body is let through unread (the token in the path is all the route reads); every other body must be JSON.
 */
const requireJsonBodyOrOneClick = (req: Request, res: Response, next: NextFunction): void => {
  const oneClick = req.method === 'POST' && ONE_CLICK_UNSUBSCRIBE_PATH.test(`${req.baseUrl}${req.path}`) && req.is(['application/x-www-form-urlencoded', 'multipart/form-data']);
  if (oneClick) return next();
  requireJsonBody(req, res, next);
};

/** Every HTTP route of the application's controllers, as the docs and the access tests see them. */
const routesOfApp = (app: NestExpressApplication): DocumentedRoute[] =>
  new RouteCatalogue(new DiscoveryService(app.get(ModulesContainer)), new MetadataScanner(), new Reflector()).routes();

/** A route anyone may call: its method (upper case, `ALL` for any) and its path as Express matches it. */
export interface PublicRoute {
  method: string;
  path: RegExp;
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The routes whose declared policy is `public`, their `{param}` segments matching any one segment. */
export const publicRoutesOf = (routes: readonly DocumentedRoute[]): PublicRoute[] =>
  routes
    .filter((route) => route.policy?.who === 'public')
    .map((route) => ({
      method: route.method.toUpperCase(),
      // Express matches paths case-insensitively and with or without a trailing slash.
      path: new RegExp(`^${route.path.split('/').map((segment) => (/^\{\w+\}$/.test(segment) ? '[^/]+' : escapeRegExp(segment))).join('/')}/?$`, 'i'),
    }));

const hasBody = (req: Request): boolean => {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
};

/** Answers `error` without reading the body: the stream is paused and the connection closed after the answer. */
const refuseUnread = (req: Request, res: Response, next: NextFunction, error: Error): void => {
  req.pause();
  res.setHeader('Connection', 'close');
  next(error);
};

/**
 * A body sent to a route that is not public (or to no route) with neither a session token nor an API key is answered
 * as AccessGuard would answer it, before a byte of it is read: a stranger cannot make the gateway read, check and parse
 * up to 40 MB to be told 401. Whether a credential is valid is still the guard's to say; this only sees that none came.
 */
export const refuseAnonymousBodies =
  (publicRoutes: readonly PublicRoute[]) =>
  (req: Request, res: Response, next: NextFunction): void => {
    if (!hasBody(req) || headerValue(req.headers, 'token') || headerValue(req.headers, 'authorization')) return next();
    const path = `${req.baseUrl}${req.path}`;
    if (publicRoutes.some((route) => (route.method === 'ALL' || route.method === req.method) && route.path.test(path))) return next();
    refuseUnread(req, res, next, new DomainError(ErrorCode.UNAUTHENTICATED, 'Authentication required'));
  };

/**
 * A compressed body is refused, unread (415): none of the API's senders compress, and inflating a small body into a
 * large one is work a sender could ask of the gateway for free.
 */
export const refuseCompressedBodies = (req: Request, res: Response, next: NextFunction): void => {
  const encoding = (req.headers['content-encoding'] ?? 'identity').trim().toLowerCase();
  if (!hasBody(req) || encoding === 'identity') return next();
  refuseUnread(req, res, next, new UnsupportedMediaTypeException(UNCOMPRESSED_ONLY));
};

/**
 * Runs as body-parser's `verify`, on the bytes (UTF-8: requireJsonBody refused other charsets). body-parser hands
 * the thrown error itself to the filter, with a 403 `status` the filter ignores for a DomainError.
 */
const refuseDeepJson = (body: Buffer): Buffer => {
  if (isNestedDeeperThan(body, MAX_JSON_DEPTH)) throw new DomainError(ErrorCode.VALIDATION_FAILED, BAD_INPUT_MESSAGE.tooDeep);
  return body;
};

/** A refusal shaped as body-parser's (http-errors), so HttpErrorFilter answers it as it answers body-parser's. */
const bodyReadError = (status: number, type: string, limit?: number): Error => Object.assign(new Error(type), { status, statusCode: status, expose: true, type, limit });

/**
 * Reads a small JSON body whole, keeping its exact bytes as `rawBody` (a webhook's signature is over them). Refused
 * with a 413 as soon as it passes `limitBytes`, announced (Content-Length) or counted as it arrives (chunked), without
 * reading the rest: the stream is paused and the connection closed after the answer.
 */
export const readSmallBody =
  (limitBytes: number) =>
  (req: Request, res: Response, next: NextFunction): void => {
    if (!hasBody(req)) return next();
    const declared = req.headers['content-length'];
    // A compressed body never comes this far (refuseCompressedBodies, before it).
    const refuseTooLarge = (): void => refuseUnread(req, res, next, bodyReadError(413, 'entity.too.large', limitBytes));
    if (declared !== undefined && Number(declared) > limitBytes) return refuseTooLarge();
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = (): void => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('aborted', onError);
    };
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size <= limitBytes) return void chunks.push(chunk);
      stop();
      refuseTooLarge();
    };
    const onEnd = (): void => {
      stop();
      const raw = Buffer.concat(chunks);
      let body: unknown;
      try {
        body = JSON.parse(refuseDeepJson(raw).toString('utf8'));
      } catch (error) {
        return next(error instanceof DomainError ? error : bodyReadError(400, 'entity.parse.failed'));
      }
      Object.assign(req, { rawBody: raw, body });
      next();
    };
    const onError = (): void => {
      stop();
      next(bodyReadError(400, 'request.aborted'));
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
    req.on('aborted', onError);
  };
