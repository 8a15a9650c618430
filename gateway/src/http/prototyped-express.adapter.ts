import type { NestApplicationOptions } from '@nestjs/common';
import { ExpressAdapter } from '@nestjs/platform-express';
import type { Express } from 'express';
import { createServer, IncomingMessage, ServerResponse } from 'node:http';

/**
 * Node's request and response classes for an HTTP server serving `app`, whose objects are express's from birth: the
 * classes' prototypes take the place of `app.request` and `app.response` (same chain: express's request or response,
 * then Node's), so express's per-request `Object.setPrototypeOf` finds the prototype already set and changes nothing.
 */
export const expressMessageClasses = (app: Express): { IncomingMessage: typeof IncomingMessage; ServerResponse: typeof ServerResponse } => {
  class AppRequest extends IncomingMessage {}
  class AppResponse extends ServerResponse {}
  adopt(AppRequest.prototype, app.request);
  adopt(AppResponse.prototype, app.response);
  app.request = AppRequest.prototype as typeof app.request;
  app.response = AppResponse.prototype as typeof app.response;
  return { IncomingMessage: AppRequest, ServerResponse: AppResponse as typeof ServerResponse };
};

/** Makes `target` stand in for `proto`: the same prototype and the same own properties (express's `app`). */
const adopt = (target: object, proto: object): void => {
  Object.setPrototypeOf(target, Object.getPrototypeOf(proto));
  for (const key of Reflect.ownKeys(proto)) {
    if (key === 'constructor') continue;
    Object.defineProperty(target, key, Object.getOwnPropertyDescriptor(proto, key) as PropertyDescriptor);
  }
};

/**
 * Nest's express adapter, whose HTTP server makes every request and response with express's prototypes already set
 * (decision 034). Express gives each request and response its prototypes after Node made them
 * (`Object.setPrototypeOf` in `app.handle`), and V8 runs code on objects whose prototype changed after they were made
 * much slower: born with them, the gateway spends less CPU on every request and its objects no longer reach the old
 * space. HTTPS (unused here) and forced connection closing keep Nest's own server.
 */
export class PrototypedExpressAdapter extends ExpressAdapter {
  override initHttpServer(options: NestApplicationOptions): void {
    if (options?.httpsOptions || options?.forceCloseConnections) return super.initHttpServer(options);
    const app = this.getInstance<Express>();
    this.httpServer = createServer(expressMessageClasses(app), app);
  }
}
