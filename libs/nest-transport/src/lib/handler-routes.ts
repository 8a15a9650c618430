import type { MessageHandler } from '@nestjs/microservices';

/** Far more subjects than any service handles: a flood of unknown subjects cannot grow the map without bound. */
const MAX_CACHED_ROUTES = 1_000;

/**
 * Subject → handler (or null: none), resolved once per subject. Nest's own lookup parses every subject as JSON first
 * (a thrown and caught SyntaxError for a plain subject), a cost every message would pay if it ran for each one.
 */
export class HandlerRoutes {
  private readonly routes = new Map<string, MessageHandler | null>();

  resolve(subject: string, lookUp: (subject: string) => MessageHandler | null): MessageHandler | null {
    let handler = this.routes.get(subject);
    if (handler === undefined) {
      handler = lookUp(subject);
      if (this.routes.size >= MAX_CACHED_ROUTES) this.routes.clear();
      this.routes.set(subject, handler);
    }
    return handler;
  }

  /** A handler was added: what was resolved before may have changed. */
  clear(): void {
    this.routes.clear();
  }
}
