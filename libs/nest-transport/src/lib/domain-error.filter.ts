import { Catch, Logger, type ArgumentsHost, type RpcExceptionFilter } from '@nestjs/common';
import { DomainError, ErrorCode, type RpcErrorBody } from '@labeldesk/contracts';
import { throwError, type Observable } from 'rxjs';

/**
 * Every failure leaves a service as an RpcErrorBody. Domain errors keep their code; anything else is a bug,
 * logged here with its stack and answered as INTERNAL without leaking details.
 */
@Catch()
export class DomainErrorFilter implements RpcExceptionFilter<unknown> {
  private readonly logger = new Logger('RpcError');

  catch(exception: unknown, host: ArgumentsHost): Observable<RpcErrorBody> {
    if (exception instanceof DomainError) return throwError(() => exception.toBody());
    const subject = host.getArgByIndex<{ getSubject?: () => string } | undefined>(1)?.getSubject?.() ?? 'unknown subject';
    this.logger.error(`Unhandled error in ${subject}`, exception instanceof Error ? exception.stack : String(exception));
    return throwError(() => ({ code: ErrorCode.INTERNAL, message: 'Internal error' }) satisfies RpcErrorBody);
  }
}
