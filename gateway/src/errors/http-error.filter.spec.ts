import { BadRequestException, HttpException, InternalServerErrorException, Logger, NotFoundException, ServiceUnavailableException, type ArgumentsHost } from '@nestjs/common';
import { DomainError, ErrorCode } from '@labeldesk/contracts';
import { HttpErrorFilter } from './http-error.filter';

const respond = (exception: unknown) => {
  const sent: { status?: number; body?: unknown; headers?: Record<string, string> } = {};
  const response = {
    setHeader: (name: string, value: string) => Object.assign(sent, { headers: { ...sent.headers, [name]: value } }),
    status: (code: number) => ({ json: (body: unknown) => Object.assign(sent, { status: code, body }) }),
  };
  const host = { switchToHttp: () => ({ getResponse: () => response }) } as unknown as ArgumentsHost;
  new HttpErrorFilter().catch(exception, host);
  return sent;
};

describe('HttpErrorFilter', () => {
  it('answers a domain error with the status from the one table and its message', () => {
    expect(respond(new DomainError(ErrorCode.PAYMENTS_INSUFFICIENT_FUNDS, 'Insufficient balance'))).toEqual({
      status: 402,
      body: { message: 'Insufficient balance', code: 'PAYMENTS_INSUFFICIENT_FUNDS' },
    });
  });

  it('keeps field issues for forms', () => {
    const issues = [{ path: 'email', message: 'Please fill in all fields' }];
    expect(respond(new DomainError(ErrorCode.VALIDATION_FAILED, 'Please fill in all fields', issues)).body).toMatchObject({ issues });
  });

  it('answers Retry-After for a refusal that says when asking again can succeed, and for no other', () => {
    expect(respond(new DomainError(ErrorCode.AUTH_TWO_FACTOR_LOCKED, 'Too many wrong codes. Please try again at 08:16 UTC.', undefined, 915))).toEqual({
      status: 429,
      headers: { 'Retry-After': '915' },
      body: { message: 'Too many wrong codes. Please try again at 08:16 UTC.', code: 'AUTH_TWO_FACTOR_LOCKED' },
    });
    expect(respond(new DomainError(ErrorCode.PAYMENTS_INSUFFICIENT_FUNDS, 'Insufficient balance')).headers).toBeUndefined();
  });

  it('says plainly that a body is not JSON instead of quoting the parser', () => {
    const parseError = new BadRequestException("Expected property name or '}' in JSON at position 1", { cause: new SyntaxError('bad') });
    expect(respond(parseError)).toEqual({ status: 400, body: { message: 'The request body is not valid JSON', code: 'VALIDATION_FAILED' } });
  });

  it('maps framework errors to a code and a readable message', () => {
    expect(respond(new NotFoundException('Cannot GET /api/x'))).toEqual({ status: 404, body: { message: 'Cannot GET /api/x', code: 'NOT_FOUND' } });
    expect(respond(new HttpException('slow down', 429)).body).toEqual({ message: 'Too many attempts. Please wait a minute and try again.', code: 'RATE_LIMITED' });
  });

  describe('failures that are not the client\'s', () => {
    let logged: jest.SpyInstance;
    beforeEach(() => {
      logged = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    });
    afterEach(() => logged.mockRestore());

    it('hides an unexpected error behind a generic 500 and logs it', () => {
      expect(respond(new Error('db password is hunter2'))).toEqual({ status: 500, body: { message: 'Internal server error', code: 'INTERNAL' } });
      expect(logged).toHaveBeenCalledWith('INTERNAL: db password is hunter2', expect.any(String));
    });

    it('answers a service nobody is running with a 503 that names no subject, and logs the subject', () => {
      const answer = respond(new DomainError(ErrorCode.SERVICE_UNAVAILABLE, 'No service is answering address.sku.add.v1'));
      expect(answer).toEqual({ status: 503, body: { message: 'The service is not answering. Please try again in a moment.', code: 'SERVICE_UNAVAILABLE' } });
      expect(logged).toHaveBeenCalledWith(expect.stringContaining('No service is answering address.sku.add.v1'), expect.any(String));
    });

    it('answers a time-out with a 504 that names no subject', () => {
      expect(respond(new DomainError(ErrorCode.TIMEOUT, 'pricing.quote.create.v1 did not answer within 5000 ms'))).toEqual({
        status: 504,
        body: { message: 'The service is not answering. Please try again in a moment.', code: 'TIMEOUT' },
      });
    });

    it('hides a malformed reply, a transport failure and a SQL message behind a plain 500', () => {
      for (const message of ['Malformed reply from auth.user.get.v1: Required', 'address.sku.add.v1 failed: Maximum call stack size exceeded', 'invalid byte sequence for encoding "UTF8": 0x00']) {
        expect(respond(new DomainError(ErrorCode.INTERNAL, message))).toEqual({ status: 500, body: { message: 'Internal server error', code: 'INTERNAL' } });
      }
      expect(logged).toHaveBeenCalledWith(expect.stringContaining('address.sku.add.v1 failed'), expect.any(String));
    });

    it('keeps the messages services write for people on the carrier and payment server 502s', () => {
      const refusal = 'Label could not be created: Address not found. You have not been charged.';
      expect(respond(new DomainError(ErrorCode.ORDERS_CARRIER_FAILED, refusal))).toEqual({ status: 502, body: { message: refusal, code: 'ORDERS_CARRIER_FAILED' } });
    });

    it("keeps the words of a label purchase that got no answer: whether the customer was charged", () => {
      const words = 'The label service did not answer. Try again; you were not charged.';
      expect(respond(new DomainError(ErrorCode.ORDERS_NOT_ANSWERED, words))).toEqual({ status: 503, body: { message: words, code: 'ORDERS_NOT_ANSWERED' } });
    });

    it('never passes on the text of a framework 5xx', () => {
      expect(respond(new InternalServerErrorException('relation "users" does not exist'))).toEqual({ status: 500, body: { message: 'Internal server error', code: 'INTERNAL' } });
      expect(respond(new ServiceUnavailableException('nats://10.0.0.3:4222 closed'))).toEqual({
        status: 503,
        body: { message: 'The service is not answering. Please try again in a moment.', code: 'SERVICE_UNAVAILABLE' },
      });
    });
  });

  describe("body-parser's refusals", () => {
    const httpError = (status: number, type: string | undefined, extra: object = {}) => Object.assign(new Error('raw text'), { status, statusCode: status, expose: true, type, ...extra });

    it('names the limit of a body that is too large, in MB or KB', () => {
      expect(respond(httpError(413, 'entity.too.large', { limit: 8 * 1024 * 1024 })).body).toEqual({ message: 'The request is larger than the 8 MB limit. Split the upload into smaller files.', code: 'PAYLOAD_TOO_LARGE' });
      expect(respond(httpError(413, 'entity.too.large', { limit: 100 * 1024 })).body).toMatchObject({ message: expect.stringContaining('100 KB limit') });
    });

    it('answers a cut-short or uninflatable body with a 400 instead of a 500', () => {
      expect(respond(httpError(400, 'request.aborted'))).toEqual({ status: 400, body: { message: 'The request body could not be read in full', code: 'VALIDATION_FAILED' } });
      expect(respond(httpError(400, undefined)).status).toBe(400);
    });

    it('answers a body in an encoding body-parser cannot read as the gateway refuses every compressed body: send it uncompressed', () => {
      expect(respond(httpError(415, 'encoding.unsupported'))).toEqual({ status: 415, body: { message: 'The request body must be sent uncompressed (no Content-Encoding)', code: 'VALIDATION_FAILED' } });
    });

    it('answers an unsupported charset with a 415 that asks for UTF-8', () => {
      expect(respond(httpError(415, 'charset.unsupported'))).toEqual({ status: 415, body: { message: 'The request body must be JSON in UTF-8', code: 'VALIDATION_FAILED' } });
    });
  });
});
