import { easyPostRecorded, type EasyPostRecordings } from './recorded';

/** A status and body the fake answers, with any headers of its own. */
export interface FakeAnswer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

export interface FakeFieldError {
  code?: string;
  field: string;
  message: string;
  suggestion?: null;
}

export interface FakeApiError {
  status: number;
  code: string;
  message: string;
  errors: Array<FakeFieldError | string>;
}

export const errorAnswer = (error: FakeApiError, headers: Record<string, string> = {}): FakeAnswer => ({
  status: error.status,
  body: { error: { code: error.code, message: error.message, errors: error.errors } },
  headers,
});

/** A recorded error (recorded/error.json), as it was answered. */
export const recordedError = (name: EasyPostRecordings['error']): FakeApiError => {
  const { status, body } = easyPostRecorded('error', name);
  const { error } = body as { error: Omit<FakeApiError, 'status'> };
  return { status, code: error.code, message: error.message, errors: error.errors };
};

/** The recorded 404's code and message; its one error named the resource of that recording, so none here. */
export const NOT_FOUND = errorAnswer({ ...recordedError('stringErrors'), errors: [] });
