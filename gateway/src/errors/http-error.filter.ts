import { Catch, HttpException, Logger, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import { DomainError, ErrorCode, type ApiError } from '@labeldesk/contracts';
import type { Response } from 'express';
import { HTTP_STATUS_BY_CODE } from './error-status.table';

export const UNCOMPRESSED_ONLY = 'The request body must be sent uncompressed (no Content-Encoding)';

const HTTP_CODES: Record<number, ErrorCode> = {
  400: ErrorCode.VALIDATION_FAILED,
  401: ErrorCode.UNAUTHENTICATED,
  403: ErrorCode.FORBIDDEN,
  404: ErrorCode.NOT_FOUND,
  413: ErrorCode.PAYLOAD_TOO_LARGE,
  429: ErrorCode.RATE_LIMITED,
  500: ErrorCode.INTERNAL,
  503: ErrorCode.SERVICE_UNAVAILABLE,
  504: ErrorCode.TIMEOUT,
};

export const NOT_ANSWERING = 'The service is not answering. Please try again in a moment.';
export const INTERNAL_ERROR = 'Internal server error';

/**
 * What a client reads for a 5xx: the transport's messages name internal subjects (`No service is answering
 * address.sku.add.v1`), a bug's may quote SQL. The whole message is logged; any other 5xx code reads 'Internal
 * server error'.
 */
const PLAIN_MESSAGES: Partial<Record<ErrorCode, string>> = {
  [ErrorCode.SERVICE_UNAVAILABLE]: NOT_ANSWERING,
  [ErrorCode.TIMEOUT]: NOT_ANSWERING,
};

/**
 * 5xx codes whose messages are written for the person: the carrier's refusal, the payment server down, a label
 * purchase that got no answer (whether it was charged).
 */
const WRITTEN_FOR_PEOPLE: ReadonlySet<ErrorCode> = new Set([ErrorCode.ORDERS_CARRIER_FAILED, ErrorCode.PAYMENTS_PROVIDER_UNAVAILABLE, ErrorCode.ORDERS_NOT_ANSWERED]);

const plainMessage = (code: ErrorCode): string => PLAIN_MESSAGES[code] ?? INTERNAL_ERROR;

/** Every failed REST call answers `{message, code, issues?}`; a 5xx never carries internal details, and is logged. */
@Catch()
export class HttpErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpError');

  catch(exception: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    const [status, body] = this.describe(exception);
    if (status >= 500) this.logger.error(`${body.code}: ${detailOf(exception)}`, exception instanceof Error ? exception.stack : undefined);
    if (exception instanceof DomainError && exception.retryAfterSeconds) response.setHeader('Retry-After', String(exception.retryAfterSeconds));
    response.status(status).json(body);
  }

  private describe(exception: unknown): [number, ApiError] {
    if (exception instanceof DomainError) {
      const status = HTTP_STATUS_BY_CODE[exception.code];
      if (status >= 500 && !WRITTEN_FOR_PEOPLE.has(exception.code)) return [status, { message: plainMessage(exception.code), code: exception.code }];
      const body: ApiError = { message: exception.message, code: exception.code };
      if (exception.issues) body.issues = exception.issues;
      return [status, body];
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      if (status >= 500) {
        const code = HTTP_CODES[status] ?? ErrorCode.INTERNAL;
        return [status, { message: plainMessage(code), code }];
      }
      const message =
        status === 429
          ? 'Too many attempts. Please wait a minute and try again.'
          : exception.cause instanceof SyntaxError || isBodyParseError(exception)
            ? 'The request body is not valid JSON'
            : httpMessage(exception);
      return [status, { message, code: HTTP_CODES[status] ?? ErrorCode.VALIDATION_FAILED }];
    }
    const refusal = bodyReadRefusal(exception);
    if (refusal) return refusal;
    return [500, { message: INTERNAL_ERROR, code: ErrorCode.INTERNAL }];
  }
}

const detailOf = (exception: unknown): string => (exception instanceof Error ? exception.message : String(exception));

/** body-parser's refusals: http-errors objects (not Nest exceptions) with a 4xx `status`, most with a `type`. */
interface BodyReadError {
  status: number;
  type?: unknown;
  limit?: number;
}

const isBodyReadError = (exception: unknown): exception is BodyReadError =>
  typeof exception === 'object' &&
  exception !== null &&
  'status' in exception &&
  typeof exception.status === 'number' &&
  exception.status >= 400 &&
  exception.status < 500 &&
  'expose' in exception &&
  exception.expose === true;

const bodyReadRefusal = (exception: unknown): [number, ApiError] | null => {
  if (!isBodyReadError(exception)) return null;
  switch (exception.type) {
    case 'entity.too.large':
      return [413, { message: `The request is larger than the ${formatLimit(exception.limit)} limit. Split the upload into smaller files.`, code: ErrorCode.PAYLOAD_TOO_LARGE }];
    case 'charset.unsupported':
      return [415, { message: 'The request body must be JSON in UTF-8', code: ErrorCode.VALIDATION_FAILED }];
    case 'encoding.unsupported':
      // Compressed bodies are refused before body-parser (refuseCompressedBodies): should one reach it, the same answer.
      return [415, { message: UNCOMPRESSED_ONLY, code: ErrorCode.VALIDATION_FAILED }];
    case 'entity.parse.failed':
      return [400, { message: 'The request body is not valid JSON', code: ErrorCode.VALIDATION_FAILED }];
    case 'request.aborted':
    case 'request.size.invalid':
    case undefined:
      // The bytes that arrived are not the body: cut short, not the announced length, or not inflatable.
      return [400, { message: 'The request body could not be read in full', code: ErrorCode.VALIDATION_FAILED }];
    default:
      return [exception.status, { message: 'The request could not be read', code: HTTP_CODES[exception.status] ?? ErrorCode.VALIDATION_FAILED }];
  }
};

const formatLimit = (limit: number | undefined): string => {
  if (!limit) return 'size';
  return limit >= 1024 * 1024 ? `${Math.round(limit / (1024 * 1024))} MB` : `${Math.round(limit / 1024)} KB`;
};

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
