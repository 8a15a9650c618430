import type { IncomingHttpHeaders } from 'node:http';

/** One header as a string: the first value when a client repeated it, '' when absent. */
export const headerValue = (headers: IncomingHttpHeaders, name: string): string => {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? (value[0] ?? '') : (value ?? '');
};
