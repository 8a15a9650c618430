import { withCorrelationId } from '@labeldesk/nest-config';

/**
 * Handles a message inside the correlation id it arrived with: the handler's logs carry it, and so do the calls it
 * makes to other services (RpcClient reads it), so one id follows a request through every hop. The transports call
 * this around each message they hand to Nest (a Nest interceptor doing it cost an AsyncResource and rxjs per message).
 */
export const handledInCorrelation = <T>(correlationId: string | undefined, handle: () => T): T =>
  correlationId ? withCorrelationId(correlationId, handle) : handle();
