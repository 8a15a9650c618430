import { BadRequestException, HttpException, NotFoundException, type ArgumentsHost } from '@nestjs/common';
import { DomainError, ErrorCode } from '@labeldesk/contracts';
import { HttpErrorFilter } from './http-error.filter';

const respond = (exception: unknown) => {
  const sent: { status?: number; body?: unknown } = {};
  const response = { status: (code: number) => ({ json: (body: unknown) => Object.assign(sent, { status: code, body }) }) };
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

  it('says plainly that a body is not JSON instead of quoting the parser', () => {
    const parseError = new BadRequestException("Expected property name or '}' in JSON at position 1", { cause: new SyntaxError('bad') });
    expect(respond(parseError)).toEqual({ status: 400, body: { message: 'The request body is not valid JSON', code: 'VALIDATION_FAILED' } });
  });

  it('maps framework errors to a code and a readable message', () => {
    expect(respond(new NotFoundException('Cannot GET /api/x'))).toEqual({ status: 404, body: { message: 'Cannot GET /api/x', code: 'NOT_FOUND' } });
    expect(respond(new HttpException('slow down', 429)).body).toEqual({ message: 'Too many attempts. Please wait a minute and try again.', code: 'RATE_LIMITED' });
  });

  it('hides an unexpected error behind a generic 500', () => {
    expect(respond(new Error('db password is hunter2'))).toEqual({ status: 500, body: { message: 'Internal server error', code: 'INTERNAL' } });
  });
});
