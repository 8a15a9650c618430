/** One part of a multipart body: its name (from Content-Disposition), its Content-Type and its text. */
export interface MultipartPart {
  name: string | null;
  contentType: string | null;
  text: string;
}

/** The media type without its parameters, lower case (`multipart/form-data; boundary=x` → `multipart/form-data`). */
export const mediaTypeOf = (contentType: string | null | undefined): string => (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';

/** A JSON media type: `application/json` or any `…+json` (`application/vnd.usps.labels+json`). */
export const isJsonMediaType = (mediaType: string): boolean => mediaType === 'application/json' || mediaType.endsWith('+json');

/** The parts of a multipart body, or null when it has no boundary or no closing delimiter. */
export const multipartPartsOf = (contentType: string, body: string): MultipartPart[] | null => {
  const boundary = /;\s*boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (!boundary) return null;
  const sections = body.split(`--${boundary}`);
  const closed = sections.length > 2 && (sections[sections.length - 1] ?? '').startsWith('--');
  if (!closed) return null;
  return sections.slice(1, -1).map((section) => {
    const raw = section.replace(/^\r\n/, '').replace(/\r\n$/, '');
    const split = raw.indexOf('\r\n\r\n');
    const head = split === -1 ? raw : raw.slice(0, split);
    const headers = new Map(
      head
        .split('\r\n')
        .filter((line) => line.includes(':'))
        .map((line) => [line.slice(0, line.indexOf(':')).trim().toLowerCase(), line.slice(line.indexOf(':') + 1).trim()] as const),
    );
    const disposition = headers.get('content-disposition') ?? '';
    return {
      name: /(?:^|;)\s*name="([^"]*)"/i.exec(disposition)?.[1] ?? null,
      contentType: headers.get('content-type') ?? null,
      text: split === -1 ? '' : raw.slice(split + 4),
    };
  });
};
