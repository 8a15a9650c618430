import type { IncomingHttpHeaders } from 'node:http';

const MAX_HEADERS = 64;
const MAX_VALUE = 2_000;

/**
 * The headers a carrier's push is relayed with, for the service that knows which one carries the signature: names
 * lower case, a repeated header's first value, and within the carrier-push contract's bounds (64 headers, values of
 * 2,000 characters: longer ones are cut, which only fails their own signature check).
 */
export const pushHeadersOf = (headers: IncomingHttpHeaders): Record<string, string> =>
  Object.fromEntries(
    Object.entries(headers)
      .filter((entry): entry is [string, string | string[]] => entry[1] !== undefined)
      .slice(0, MAX_HEADERS)
      .map(([name, value]) => [name.toLowerCase().slice(0, 200), (Array.isArray(value) ? (value[0] ?? '') : value).slice(0, MAX_VALUE)]),
  );
