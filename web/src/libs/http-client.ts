import type { FieldIssue } from '@labeldesk/contracts';
import type { z } from 'zod';
import { getAuthToken } from '../stores/auth.store';

/** Why a call failed. `status` 0 means the request never got an HTTP answer (network) or the answer was unreadable. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string,
    /** The message came from the server's error body and is meant to be read by a person. */
    readonly fromServer: boolean,
    readonly issues?: FieldIssue[],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/** The server's message when it sent one, else the screen's own fallback text from the spec. */
export const errorMessage = (error: unknown, fallback: string): string =>
  isApiError(error) && error.fromServer && error.message ? error.message : fallback;

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions<T> {
  method?: Method;
  body?: unknown;
  /** Validates the response body, so a drift between gateway and web shows up here and not deep in a component. */
  schema: z.ZodType<T>;
  signal?: AbortSignal;
  /** Extra request headers, e.g. an `Idempotency-Key`. */
  headers?: Record<string, string>;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

const readIssues = (value: unknown): FieldIssue[] | undefined => {
  if (!Array.isArray(value)) return undefined;
  return value.filter(
    (item): item is FieldIssue => isRecord(item) && typeof item['path'] === 'string' && typeof item['message'] === 'string',
  );
};

const readBody = async (response: Response): Promise<unknown> => {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};

const toApiError = (status: number, body: unknown): ApiError => {
  // Error bodies are `{ message, code, issues? }`; anything else (a proxy page, an empty body) has no message for people.
  if (isRecord(body) && typeof body['message'] === 'string' && body['message'].trim()) {
    const code = typeof body['code'] === 'string' ? body['code'] : `HTTP_${status}`;
    return new ApiError(status, body['message'], code, true, readIssues(body['issues']));
  }
  return new ApiError(status, `Request failed with status ${status}`, `HTTP_${status}`, false);
};

/** Every call to the gateway goes through here: same-origin `/api`, the stored token in a `token` header. */
export const apiRequest = async <T>(path: string, options: RequestOptions<T>): Promise<T> => {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const token = getAuthToken();
  if (token) headers['token'] = token;
  const init: RequestInit = { method: options.method ?? 'GET', headers, signal: options.signal ?? null };
  if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(options.body);
  }

  let response: Response;
  try {
    response = await fetch(path, init);
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, 'Network error', 'NETWORK', false);
  }

  const body = await readBody(response);
  if (response.status < 200 || response.status > 299) throw toApiError(response.status, body);

  const parsed = options.schema.safeParse(body);
  if (!parsed.success) throw new ApiError(0, 'Unexpected response from the server', 'BAD_RESPONSE', false);
  return parsed.data;
};
