import type { components } from './generated/openapi';

/** The one error body every LabelDesk answer of 4xx or 5xx carries: a message, a code and, for bad input, the fields. */
export type ApiErrorBody = components['schemas']['Error'];

const isErrorBody = (value: unknown): value is ApiErrorBody =>
  typeof value === 'object' && value !== null && typeof (value as ApiErrorBody).message === 'string' && typeof (value as ApiErrorBody).code === 'string';

/**
 * An answer other than 2xx. `status` is the HTTP status, `body` the API's error body (a proxy's non-JSON answer is
 * carried as its text under the code `HTTP_<status>`), `code` and `issues` its fields for a quick switch.
 */
export class LabelDeskApiError extends Error {
  override readonly name = 'LabelDeskApiError';
  readonly code: string;
  readonly issues: NonNullable<ApiErrorBody['issues']>;

  constructor(
    readonly status: number,
    readonly body: ApiErrorBody,
    /** The Idempotency-Key the failed purchase was sent with: retry with it and no second label is bought. */
    readonly idempotencyKey?: string,
  ) {
    super(`${status} ${body.code}: ${body.message}`);
    this.code = body.code;
    this.issues = body.issues ?? [];
  }

  static from(response: Response, error: unknown, idempotencyKey?: string): LabelDeskApiError {
    const body = isErrorBody(error)
      ? error
      : { code: `HTTP_${response.status}`, message: typeof error === 'string' && error.trim() !== '' ? error.trim().slice(0, 500) : response.statusText || 'no message' };
    return new LabelDeskApiError(response.status, body, idempotencyKey);
  }
}
