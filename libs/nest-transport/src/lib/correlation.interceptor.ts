import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { MessageHeader } from '@labeldesk/contracts';
import { withCorrelationId } from '@labeldesk/nest-config';
import { Observable } from 'rxjs';

interface HeaderReader {
  getHeaders?(): { get(key: string): string } | undefined;
}

/**
 * Handles each message inside the correlation id it arrived with: the handler's logs carry it, and so do the calls
 * it makes to other services (RpcClient reads it), so one id follows a request through every hop.
 */
@Injectable()
export class CorrelationInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'rpc') return next.handle();
    const id = context.switchToRpc().getContext<HeaderReader>().getHeaders?.()?.get(MessageHeader.correlationId) ?? '';
    if (!id) return next.handle();
    // Subscribing inside the id's context is what makes the handler (which runs on subscription) run in it.
    return new Observable((subscriber) => withCorrelationId(id, () => next.handle().subscribe(subscriber)));
  }
}
