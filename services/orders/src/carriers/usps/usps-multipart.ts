/**
 * USPS's multipart answers (a label's `labelMetadata` + `labelImage`, a SCAN form's metadata + image), split without
 * ever decoding the bytes as text. USPS's own published samples break lines with a bare LF where RFC 2046 says CRLF,
 * so both are taken.
 */

/** One part: its headers (lower-case names) and its bytes. */
export interface MultipartPart {
  headers: Record<string, string>;
  body: Buffer;
}

const headerEndOf = (raw: Buffer): { at: number; length: number } | null => {
  const crlf = raw.indexOf('\r\n\r\n');
  const lf = raw.indexOf('\n\n');
  if (crlf === -1 && lf === -1) return null;
  return crlf !== -1 && (lf === -1 || crlf <= lf) ? { at: crlf, length: 4 } : { at: lf, length: 2 };
};

/** The line break that belongs to the next delimiter, not to the body. */
const withoutTrailingBreak = (body: Buffer): Buffer => {
  if (body.subarray(-2).toString('latin1') === '\r\n') return body.subarray(0, -2);
  if (body.subarray(-1).toString('latin1') === '\n') return body.subarray(0, -1);
  return body;
};

/** Splits a multipart body on the boundary its Content-Type names; [] when there is none. */
export const multipartParts = (contentType: string, bytes: Buffer): MultipartPart[] => {
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1]?.trim();
  if (!boundary) return [];
  const delimiter = Buffer.from(`--${boundary}`, 'latin1');
  const parts: MultipartPart[] = [];
  let at = bytes.indexOf(delimiter);
  while (at !== -1) {
    const start = at + delimiter.length;
    if (bytes.subarray(start, start + 2).toString('latin1') === '--') break;
    const next = bytes.indexOf(delimiter, start);
    if (next === -1) break;
    // Past the line break that ends the delimiter line.
    const raw = bytes.subarray(start, next);
    const lineEnd = raw.indexOf('\n');
    const afterDelimiter = lineEnd === -1 ? raw : raw.subarray(lineEnd + 1);
    const headerEnd = headerEndOf(afterDelimiter);
    if (headerEnd) {
      const headers: Record<string, string> = {};
      for (const line of afterDelimiter.subarray(0, headerEnd.at).toString('latin1').split(/\r?\n/)) {
        const colon = line.indexOf(':');
        if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      parts.push({ headers, body: withoutTrailingBreak(afterDelimiter.subarray(headerEnd.at + headerEnd.length)) });
    }
    at = next;
  }
  return parts;
};

/** The part's `name` in its Content-Disposition (`labelMetadata`, `SCANFormMetaData`, USPS's `Scan Form Response`). */
export const partName = (part: MultipartPart): string => /\bname="([^"]*)"|\bname=([^";\s]+)/i.exec(part.headers['content-disposition'] ?? '')?.slice(1).find((name) => name !== undefined) ?? '';

/** Whether the part carries JSON (the metadata part of every USPS multipart). */
export const isJsonPart = (part: MultipartPart): boolean => /json/i.test(part.headers['content-type'] ?? '');

/** The part's body as JSON, or undefined. */
export const jsonOfPart = (part: MultipartPart): unknown => {
  try {
    return JSON.parse(part.body.toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
};

const BASE64_ONLY = /^[A-Za-z0-9+/=\s]+$/;

/**
 * An image part's file. USPS says image parts are "always Base64 encoded" (whatever Content-Transfer-Encoding says);
 * a body with any byte outside the base64 alphabet (a raw PDF's `%`, a ZPL's `^`) is taken as the file itself.
 */
export const imageOfPart = (part: MultipartPart): Buffer => {
  const text = part.body.toString('latin1');
  return BASE64_ONLY.test(text) ? Buffer.from(text.replace(/\s+/g, ''), 'base64') : part.body;
};
