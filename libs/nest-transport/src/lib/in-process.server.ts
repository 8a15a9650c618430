import { MessageHeader } from '@labeldesk/contracts';
import { Server, type CustomTransportStrategy, type MessageHandler, type WritePacket } from '@nestjs/microservices';
import { isObservable, lastValueFrom } from 'rxjs';
import { processBus, type BusEndpoint, type BusRequest, type InProcessBus } from './in-process-bus';
import { HeaderBag, InProcessContext } from './in-process-context';
import { handledInCorrelation } from './message-correlation';

export const IN_PROCESS_TRANSPORT = Symbol('IN_PROCESS_TRANSPORT');

/** Subjects are the contracts' names, a few dozen; the bound only keeps a caller sending made-up subjects from growing it. */
const MAX_CACHED_ROUTES = 1_000;

/** A Nest transport strategy that serves @MessagePattern/@EventPattern handlers from the in-process bus. */
export class InProcessServer extends Server implements CustomTransportStrategy, BusEndpoint {
  private unregister: (() => void) | null = null;
  /**
   * Subject → handler (or null: none), resolved once. Nest's own lookup parses every subject as JSON first (a thrown
   * and caught SyntaxError for a plain subject), which cost ~2% of a quote's CPU when it ran for every message.
   */
  private readonly routes = new Map<string, MessageHandler | null>();

  constructor(private readonly bus: InProcessBus = processBus) {
    super();
    this.transportId = IN_PROCESS_TRANSPORT;
  }

  listen(callback: () => void): void {
    this.unregister = this.bus.register(this);
    callback();
  }

  close(): void {
    this.unregister?.();
    this.unregister = null;
  }

  on(): void {
    // The bus has no connection status to report.
  }

  unwrap<T>(): T {
    return this.bus as T;
  }

  override addHandler(...args: Parameters<Server['addHandler']>): void {
    super.addHandler(...args);
    this.routes.clear();
  }

  override getHandlerByPattern(subject: string): MessageHandler | null {
    let handler = this.routes.get(subject);
    if (handler === undefined) {
      handler = super.getHandlerByPattern(subject);
      if (this.routes.size >= MAX_CACHED_ROUTES) this.routes.clear();
      this.routes.set(subject, handler);
    }
    return handler;
  }

  handlesRequest(subject: string): boolean {
    const handler = this.getHandlerByPattern(subject);
    return handler !== null && !handler.isEventHandler;
  }

  handlesEvent(subject: string): boolean {
    return this.getHandlerByPattern(subject)?.isEventHandler === true;
  }

  request(message: BusRequest, reply: (packet: WritePacket) => void): void {
    const handler = this.getHandlerByPattern(message.subject);
    const ctx = new InProcessContext([message.subject, new HeaderBag(message.headers)]);
    if (!handler) {
      reply({ err: 'There is no matching message handler defined in the remote service.', isDisposed: true });
      return;
    }
    handledInCorrelation(message.headers[MessageHeader.correlationId], () =>
      this.onProcessingStartHook(this.transportId as symbol, ctx, async () => {
        const response$ = this.transformToObservable(await handler(message.data, ctx));
        this.send(response$, (packet) => {
          this.onProcessingEndHook?.(this.transportId as symbol, ctx);
          reply(packet);
        });
      }),
    );
  }

  event(message: BusRequest): void {
    const ctx = new InProcessContext([message.subject, new HeaderBag(message.headers)]);
    void handledInCorrelation(message.headers[MessageHeader.correlationId], () =>
      this.handleEvent(message.subject, { pattern: message.subject, data: message.data }, ctx),
    ).then((result: unknown) => (isObservable(result) ? lastValueFrom(result, { defaultValue: null }) : result));
  }
}
