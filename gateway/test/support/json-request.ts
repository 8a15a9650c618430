/** A REST answer read as JSON: its status and its body (`{}` when the body is empty). */
export interface JsonAnswer {
  status: number;
  body: Record<string, unknown> & { message?: string; code?: string; token?: string; user?: Record<string, unknown> };
}

export interface JsonRequestOptions {
  body?: unknown;
  /** The session token, sent in the spec's `token` header. */
  token?: string;
  /** An `idempotency-key` header (purchases, balance changes). */
  key?: string;
  /** An API key, sent as `Authorization: Bearer <key>`. */
  bearer?: string;
}

/** One call to `${baseUrl}/api${path}` with a JSON body. */
export const requestJson = async (baseUrl: string, method: string, path: string, options: JsonRequestOptions = {}): Promise<JsonAnswer> => {
  const response = await fetch(`${baseUrl}/api${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(options.token ? { token: options.token } : {}),
      ...(options.key ? { 'idempotency-key': options.key } : {}),
      ...(options.bearer ? { authorization: `Bearer ${options.bearer}` } : {}),
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as JsonAnswer['body']) : {} };
};
