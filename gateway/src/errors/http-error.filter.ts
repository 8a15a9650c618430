import { Catch, HttpException, Logger, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import { DomainError, ErrorCode, type ApiError } from '@labeldesk/contracts';
import type { Response } from 'express';
import { HTTP_STATUS_BY_CODE } from './error-status.table';

const HTTP_CODES: Record<number, ErrorCode> = {
  400: ErrorCode.VALIDATION_FAILED,
  401: ErrorCode.UNAUTHENTICATED,
  403: ErrorCode.FORBIDDEN,
  404: ErrorCode.NOT_FOUND,
  413: ErrorCode.PAYLOAD_TOO_LARGE,
  429: ErrorCode.RATE_LIMITED,
};

/** Every failed REST call answers `{message, code, issues?}`; only a bug answers 500, and it is logged. */
@Catch()
export class HttpErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpError');

  catch(exception: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    const [status, body] = this.describe(exception);
    if (status >= 500) this.logger.error(body.message, exception instanceof Error ? exception.stack : undefined);
    response.status(status).json(body);
  }

  private describe(exception: unknown): [number, ApiError] {
    if (exception instanceof DomainError) {
      const body: ApiError = { message: exception.message, code: exception.code };
      if (exception.issues) body.issues = exception.issues;
      return [HTTP_STATUS_BY_CODE[exception.code], body];
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const message =
        status === 429
          ? 'Too many attempts. Please wait a minute and try again.'
          : exception.cause instanceof SyntaxError || isBodyParseError(exception)
            ? 'The request body is not valid JSON'
            : httpMessage(exception);
      return [status, { message, code: HTTP_CODES[status] ?? (status >= 500 ? ErrorCode.INTERNAL : ErrorCode.VALIDATION_FAILED) }];
    }
    if (isTooLarge(exception)) {
      return [413, { message: `The request is larger than the ${formatLimit(exception.limit)} limit. Split the upload into smaller files.`, code: ErrorCode.PAYLOAD_TOO_LARGE }];
    }
    return [500, { message: 'Internal server error', code: ErrorCode.INTERNAL }];
  }
}

/** body-parser's refusal of a body over its limit (an http-errors object, not a Nest exception). */
const isTooLarge = (exception: unknown): exception is { limit?: number } =>
  typeof exception === 'object' && exception !== null && 'type' in exception && exception.type === 'entity.too.large';

const formatLimit = (limit: number | undefined): string => (limit ? `${Math.round(limit / (1024 * 1024))} MB` : 'size');

/** body-parser's refusal of malformed JSON; its own text quotes parser internals. */
const isBodyParseError = (exception: HttpException): boolean => {
  const response = exception.getResponse();
  return exception.getStatus() === 400 && typeof response === 'object' && response !== null && /JSON/.test(JSON.stringify(response)) && /position|token|Unexpected|Expected/.test(JSON.stringify(response));
};

const httpMessage = (exception: HttpException): string => {
  const response = exception.getResponse();
  if (typeof response === 'string') return response;
  if (response && typeof response === 'object' && 'message' in response) {
    const message = response.message;
    if (typeof message === 'string') return message;
    if (Array.isArray(message)) return message.join(', ');
  }
  return exception.message;
};
