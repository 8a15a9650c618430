import { UnsupportedMediaTypeException } from '@nestjs/common';
import { DomainError, ErrorCode } from '@labeldesk/contracts';
import type { NextFunction, Request, Response } from 'express';

/** Far deeper than any body the API takes (a bulk row's fields are 4 levels down). */
export const MAX_JSON_DEPTH = 64;

export const BAD_INPUT_MESSAGE = {
  nullCharacter: 'Text must not contain null characters',
  invalidCharacter: 'Text contains an invalid character',
  tooDeep: 'The request body is nested too deeply',
  notJson: 'The request body must be JSON, sent with Content-Type: application/json',
} as const;

export interface BadInput {
  /** Where it is, as in validation issues (`formData.name`, `orderData.3.receiver`); '' for the whole value. */
  path: string;
  message: string;
}

/** U+0000 or any surrogate code unit (paired or not). */
const SUSPECT = /[\u0000\uD800-\uDFFF]/;

/** A high surrogate not followed by a low one, or a low one not preceded by a high one (code units, no `u` flag). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Why a piece of text cannot be stored, or null. PostgreSQL refuses U+0000 in text and jsonb, and a lone
 * surrogate has no UTF-8 form (it would be stored as U+FFFD or refused, depending on the path it takes).
 */
export const textProblem = (text: string): string | null => {
  // Nearly every text has neither: one scan for both kinds before the precise checks (the surrogate one looks around).
  if (!SUSPECT.test(text)) return null;
  if (text.includes('\u0000')) return BAD_INPUT_MESSAGE.nullCharacter;
  if (LONE_SURROGATE.test(text)) return BAD_INPUT_MESSAGE.invalidCharacter;
  return null;
};

interface Frame {
  value: object;
  depth: number;
  parent: Frame | null;
  key: string | number;
}

const pathOf = (frame: Frame, key?: string | number): string => {
  const keys = key === undefined ? [] : [key];
  for (let at: Frame | null = frame; at?.parent; at = at.parent) keys.unshift(at.key);
  return keys.join('.');
};

/**
 * The first string or key that cannot be stored, or the first container deeper than `maxDepth` (the value
 * itself is depth 1). Walks with its own stack, never recursively: a deep value must not exhaust the call stack.
 */
export const findBadInput = (value: unknown, maxDepth = MAX_JSON_DEPTH): BadInput | null => {
  if (typeof value === 'string') {
    const message = textProblem(value);
    return message ? { path: '', message } : null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const stack: Frame[] = [{ value, depth: 1, parent: null, key: '' }];
  for (let frame = stack.pop(); frame; frame = stack.pop()) {
    if (frame.depth > maxDepth) return { path: '', message: BAD_INPUT_MESSAGE.tooDeep };
    const items: readonly unknown[] | null = Array.isArray(frame.value) ? frame.value : null;
    const keys = items ? null : Object.keys(frame.value);
    const values = items ?? Object.values(frame.value);
    for (let index = 0; index < values.length; index += 1) {
      const key = keys ? (keys[index] ?? '') : index;
      // A bad key is reported at its object: naming the key would echo the bad character.
      const keyMessage = typeof key === 'string' ? textProblem(key) : null;
      if (keyMessage) return { path: pathOf(frame), message: keyMessage };
      const child = values[index];
      if (typeof child === 'string') {
        const message = textProblem(child);
        if (message) return { path: pathOf(frame, key), message };
      } else if (typeof child === 'object' && child !== null) {
        stack.push({ value: child, depth: frame.depth + 1, parent: frame, key });
      }
    }
  }
  return null;
};

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPENERS = new Set([0x5b, 0x7b]);
const CLOSERS = new Set([0x5d, 0x7d]);

/**
 * Whether UTF-8 JSON nests deeper than `maxDepth`, read from the bytes before they are parsed: JSON.parse of a body
 * that only opens arrays costs time and memory far beyond its size, so a small body could tie up the gateway. Strings
 * are skipped with indexOf, so a large body costs little.
 */
export const isNestedDeeperThan = (json: Uint8Array, maxDepth: number): boolean => {
  let depth = 0;
  for (let at = 0; at < json.length; at += 1) {
    const byte = json[at] ?? 0;
    if (byte === QUOTE) {
      at = closingQuote(json, at);
      if (at === -1) return false;
    } else if (OPENERS.has(byte)) {
      depth += 1;
      if (depth > maxDepth) return true;
    } else if (CLOSERS.has(byte)) {
      depth -= 1;
    }
  }
  return false;
};

/** The quote that ends the string opened at `open`: one after an even number of backslashes. */
const closingQuote = (json: Uint8Array, open: number): number => {
  for (let at = json.indexOf(QUOTE, open + 1); at !== -1; at = json.indexOf(QUOTE, at + 1)) {
    let backslashes = 0;
    while (json[at - 1 - backslashes] === BACKSLASH) backslashes += 1;
    if (backslashes % 2 === 0) return at;
  }
  return -1;
};

const badInputError = (bad: BadInput): DomainError =>
  new DomainError(ErrorCode.VALIDATION_FAILED, bad.message, bad.path ? [{ path: bad.path, message: bad.message }] : undefined);

/** After the JSON parsers: every string and key of the body can be stored, and it is not nested too deeply. */
export const rejectBadBody = (req: Request, _res: Response, next: NextFunction): void => {
  const bad = findBadInput(req.body as unknown);
  next(bad ? badInputError(bad) : undefined);
};

/**
 * Route params and query values follow the body's rules. A percent-escape that is not UTF-8 (`%ED%A0%80`, a
 * lone surrogate) cannot be decoded at all: Express would quote it back in its own error.
 */
export const rejectBadUrl = (req: Request, _res: Response, next: NextFunction): void => {
  for (const segment of req.path.split('/')) {
    let text: string;
    try {
      text = decodeURIComponent(segment);
    } catch {
      return next(new DomainError(ErrorCode.VALIDATION_FAILED, BAD_INPUT_MESSAGE.invalidCharacter));
    }
    const message = textProblem(text);
    if (message) return next(new DomainError(ErrorCode.VALIDATION_FAILED, message));
  }
  const bad = findBadInput(req.query as unknown);
  next(bad ? badInputError(bad) : undefined);
};

const CHARSET = /;\s*charset\s*=\s*"?([^";\s]+)/i;

/**
 * A body is JSON in UTF-8 (RFC 8259) or nothing. Without this, a JSON body sent as text/plain reaches the
 * handler as `{}` ("Please fill in all fields" for a filled form) and a form-encoded one is cut at 100 KB.
 */
export const requireJsonBody = (req: Request, _res: Response, next: NextFunction): void => {
  const length = req.headers['content-length'];
  const hasBody = req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
  if (!hasBody) return next();
  const charset = CHARSET.exec(req.headers['content-type'] ?? '')?.[1]?.toLowerCase();
  const isUtf8 = charset === undefined || charset === 'utf-8' || charset === 'utf8';
  next(req.is('application/json') && isUtf8 ? undefined : new UnsupportedMediaTypeException(BAD_INPUT_MESSAGE.notJson));
};
