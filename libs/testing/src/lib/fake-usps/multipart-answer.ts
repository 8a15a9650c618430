import { randomBytes } from 'node:crypto';
import type { Reply } from './json';

/** One part of a multipart answer; `text` is JSON or base64, as USPS sends both. */
export interface AnswerPart {
  name: string;
  contentType: string;
  filename?: string;
  text: string;
}

/** A `multipart/form-data` answer of these parts, in this order. */
export const multipartReply = (parts: readonly AnswerPart[], status = 200): Reply => {
  // USPS's boundaries may hold `+` and `/` (karrio's recorded label answers): the base64 alphabet on purpose.
  const boundary = randomBytes(18).toString('base64');
  const body = parts
    .map((part) => {
      const disposition = part.filename ? `form-data; filename="${part.filename}"; name="${part.name}"` : `form-data; name="${part.name}"`;
      return `--${boundary}\r\nContent-Type: ${part.contentType}\r\nContent-Disposition: ${disposition}\r\n\r\n${part.text}\r\n`;
    })
    .join('');
  return { status, body: `${body}--${boundary}--`, contentType: `multipart/form-data; boundary=${boundary}` };
};
