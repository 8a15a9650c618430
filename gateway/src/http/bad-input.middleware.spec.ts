import { UnsupportedMediaTypeException } from '@nestjs/common';
import { DomainError } from '@labeldesk/contracts';
import type { NextFunction, Request, Response } from 'express';
import { BAD_INPUT_MESSAGE, findBadInput, isNestedDeeperThan, MAX_JSON_DEPTH, rejectBadBody, rejectBadUrl, requireJsonBody, textProblem } from './bad-input.middleware';

const nested = (depth: number): unknown => {
  let value: unknown = 'leaf';
  for (let level = 0; level < depth; level += 1) value = level % 2 ? [value] : { a: value };
  return value;
};

/** What a middleware passed to `next`. */
const run = (middleware: (req: Request, res: Response, next: NextFunction) => void, req: Partial<Request>): unknown => {
  let passed: unknown = 'next was not called';
  middleware(req as Request, {} as Response, (error?: unknown) => {
    passed = error;
  });
  return passed;
};

describe('textProblem', () => {
  it('refuses a null character anywhere in the text', () => {
    expect(textProblem('a\u0000b')).toBe('Text must not contain null characters');
  });

  it('refuses a high surrogate with no low one after it, and a low one with no high one before it', () => {
    expect(textProblem('a\uD800b')).toBe('Text contains an invalid character');
    expect(textProblem('end\uD800')).toBe('Text contains an invalid character');
    expect(textProblem('\uDC00start')).toBe('Text contains an invalid character');
  });

  it('accepts emoji and other characters outside the basic plane, which are surrogate pairs', () => {
    expect(textProblem('Mug 📦 ☕ 𝄞 Ünïcödé 日本')).toBeNull();
  });
});

describe('findBadInput', () => {
  it('names the path of a null character deep in a body, as validation issues do', () => {
    expect(findBadInput({ orderData: [{ receiver: { receiver_name: 'ok' } }, { receiver: { receiver_name: 'Bob\u0000' } }] })).toEqual({
      path: 'orderData.1.receiver.receiver_name',
      message: BAD_INPUT_MESSAGE.nullCharacter,
    });
  });

  it('refuses a bad key at the object holding it, without echoing the key', () => {
    expect(findBadInput({ formData: { 'na\uD800me': 'x' } })).toEqual({ path: 'formData', message: BAD_INPUT_MESSAGE.invalidCharacter });
  });

  it('checks a bare string and leaves numbers, booleans and null alone', () => {
    expect(findBadInput('\u0000')).toEqual({ path: '', message: BAD_INPUT_MESSAGE.nullCharacter });
    expect(findBadInput({ a: 1, b: true, c: null, d: [1.5, false] })).toBeNull();
  });

  it(`accepts ${MAX_JSON_DEPTH} levels of nesting and refuses one more`, () => {
    expect(findBadInput(nested(MAX_JSON_DEPTH))).toBeNull();
    expect(findBadInput(nested(MAX_JSON_DEPTH + 1))).toMatchObject({ message: BAD_INPUT_MESSAGE.tooDeep });
  });

  it('walks a value nested far beyond the call stack without overflowing it', () => {
    expect(findBadInput(nested(200_000), 1_000_000)).toBeNull();
    expect(findBadInput(nested(200_000))).toMatchObject({ message: BAD_INPUT_MESSAGE.tooDeep });
  });
});

describe('isNestedDeeperThan', () => {
  const bytes = (text: string) => Buffer.from(text, 'utf8');

  it('counts objects and arrays, not brackets inside strings', () => {
    expect(isNestedDeeperThan(bytes('{"a":[[1]]}'), 3)).toBe(false);
    expect(isNestedDeeperThan(bytes('{"a":[[[1]]]}'), 3)).toBe(true);
    expect(isNestedDeeperThan(bytes(`{"a":"${'['.repeat(100)}"}`), 3)).toBe(false);
  });

  it('ends a string only at a quote that is not escaped', () => {
    expect(isNestedDeeperThan(bytes(String.raw`{"a":"say \"[[[[\" and \\","b":[1]}`), 2)).toBe(false);
    expect(isNestedDeeperThan(bytes(String.raw`{"a":"back\\","b":[[1]]}`), 2)).toBe(true);
  });

  it('reads megabytes of deep brackets without parsing them', () => {
    expect(isNestedDeeperThan(bytes('['.repeat(5_000_000) + ']'.repeat(5_000_000)), MAX_JSON_DEPTH)).toBe(true);
  });
});

describe('rejectBadBody', () => {
  it('passes a clean body on and refuses a bad one with a 400 validation error naming the field', () => {
    expect(run(rejectBadBody, { body: { formData: { name: 'Ann' } } })).toBeUndefined();
    const error = run(rejectBadBody, { body: { formData: { name: 'A\u0000nn' } } });
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({ code: 'VALIDATION_FAILED', message: BAD_INPUT_MESSAGE.nullCharacter, issues: [{ path: 'formData.name', message: BAD_INPUT_MESSAGE.nullCharacter }] });
  });

  it('passes a request that has no body', () => {
    expect(run(rejectBadBody, {})).toBeUndefined();
  });
});

describe('rejectBadUrl', () => {
  it('refuses a null character in a route param', () => {
    expect(run(rejectBadUrl, { path: '/auth/get-address/abc%00', query: {} })).toMatchObject({ message: BAD_INPUT_MESSAGE.nullCharacter });
  });

  it('refuses a percent-escape that is not UTF-8 (an encoded lone surrogate) instead of quoting it back', () => {
    expect(run(rejectBadUrl, { path: '/auth/get-address/%ED%A0%80', query: {} })).toMatchObject({ message: BAD_INPUT_MESSAGE.invalidCharacter });
  });

  it('refuses a null character in a query value, naming the parameter', () => {
    expect(run(rejectBadUrl, { path: '/payment/deposits/u1', query: { page: '1\u0000' } })).toMatchObject({ issues: [{ path: 'page', message: BAD_INPUT_MESSAGE.nullCharacter }] });
  });

  it('passes ordinary paths and queries, encoded spaces and non-Latin text included', () => {
    expect(run(rejectBadUrl, { path: '/orders/bulk/u1/caf%C3%A9%20%F0%9F%93%A6', query: { page: '2', filter: ['all', 'x'] } })).toBeUndefined();
  });
});

describe('requireJsonBody', () => {
  const request = (headers: Record<string, string>): Partial<Request> => ({
    headers,
    is: (type: string | string[]) => ((headers['content-type'] ?? '').startsWith(String(type)) ? String(type) : false),
  });

  it('passes a JSON body, with or without a UTF-8 charset', () => {
    expect(run(requireJsonBody, request({ 'content-type': 'application/json', 'content-length': '2' }))).toBeUndefined();
    expect(run(requireJsonBody, request({ 'content-type': 'application/json; charset=UTF-8', 'content-length': '2' }))).toBeUndefined();
  });

  it('passes a request without a body whatever its content type', () => {
    expect(run(requireJsonBody, request({ 'content-type': 'text/plain' }))).toBeUndefined();
    expect(run(requireJsonBody, request({ 'content-type': 'text/plain', 'content-length': '0' }))).toBeUndefined();
  });

  it('refuses a body sent as text, as a form, without a type or in another charset with a 415', () => {
    const refused: Array<Record<string, string>> = [
      { 'content-type': 'text/plain', 'content-length': '12' },
      { 'content-type': 'application/x-www-form-urlencoded', 'transfer-encoding': 'chunked' },
      { 'content-length': '12' },
      { 'content-type': 'application/json; charset=latin1', 'content-length': '12' },
    ];
    for (const headers of refused) {
      const error = run(requireJsonBody, request(headers));
      expect(error).toBeInstanceOf(UnsupportedMediaTypeException);
      expect(error).toMatchObject({ message: BAD_INPUT_MESSAGE.notJson });
    }
  });
});
