import { MessageHeader } from '@labeldesk/contracts';
import { Server, type CustomTransportStrategy, type MessageHandler, type WritePacket } from '@nestjs/microservices';
import { isObservable, lastValueFrom } from 'rxjs';
import { processBus, type BusEndpoint, type BusRequest, type InProcessBus } from './in-process-bus';
import { HeaderBag, InProcessContext } from './in-process-context';
import { HandlerRoutes } from './handler-routes';
import { handledInCorrelation } from './message-correlation';

export const IN_PROCESS_TRANSPORT = Symbol('IN_PROCESS_TRANSPORT');

/** A Nest transport strategy that serves @MessagePattern/@EventPattern handlers from the in-process bus. */
export class InProcessServer extends Server implements CustomTransportStrategy, BusEndpoint {
  private unregister: (() => void) | null = null;
  private readonly routes = new HandlerRoutes();

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
    return this.routes.resolve(subject, (pattern) => super.getHandlerByPattern(pattern));
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
