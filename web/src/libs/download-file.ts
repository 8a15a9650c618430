import { getAuthToken } from '../stores/auth.store';

/** Spec section 8, "Downloads": one message per way a download can fail. */
export const DOWNLOAD_MESSAGES = {
  notFound: 'File not found. This file may not have been generated yet.',
  processing: 'File is still being processed. Please try again in a few moments.',
  unauthorized: 'Authentication failed. Please refresh the page and try again.',
  forbidden: "Access denied. You don't have permission to download this file.",
  serverError: 'Server error occurred while preparing the download. Please try again.',
  other: 'Failed to download file. Please try again.',
  network: 'Network error. Please check your internet connection and try again.',
  fallback: 'Unable to download file. Please try again or contact support if the problem persists.',
  cancelled: 'Download was cancelled.',
} as const;

/** A failed download; the message is always one a person can read. */
export class DownloadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DownloadError';
  }
}

export const downloadErrorMessage = (error: unknown): string =>
  error instanceof DownloadError ? error.message : DOWNLOAD_MESSAGES.fallback;

/** `attachment; filename*=UTF-8''Labels%201.pdf` or `filename="Labels 1.pdf"`, without any path in it. */
export const fileNameFromDisposition = (header: string | null): string | null => {
  if (!header) return null;
  const encoded = /filename\*\s*=\s*(?:UTF-8|utf-8)?''([^;]+)/.exec(header)?.[1];
  let name: string | undefined;
  if (encoded) {
    try {
      name = decodeURIComponent(encoded.trim().replace(/^"|"$/g, ''));
    } catch {
      name = undefined;
    }
  }
  name ??= /filename\s*=\s*("([^"]*)"|[^;]+)/.exec(header)?.[2] ?? /filename\s*=\s*([^;]+)/.exec(header)?.[1]?.trim();
  const base = name?.split(/[\\/]/).pop()?.trim();
  return base ? base : null;
};

const serverMessage = async (response: Response): Promise<string | null> => {
  try {
    const body: unknown = await response.json();
    if (typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string' && body.message.trim()) {
      return body.message;
    }
  } catch {
    // Not JSON: no message for people.
  }
  return null;
};

const failureFor = async (response: Response): Promise<DownloadError> => {
  switch (response.status) {
    case 404:
      return new DownloadError(DOWNLOAD_MESSAGES.notFound);
    case 401:
      return new DownloadError(DOWNLOAD_MESSAGES.unauthorized);
    case 403:
      return new DownloadError(DOWNLOAD_MESSAGES.forbidden);
    case 500:
      return new DownloadError(DOWNLOAD_MESSAGES.serverError);
    default:
      return new DownloadError((await serverMessage(response)) ?? DOWNLOAD_MESSAGES.other);
  }
};

/** Hands a blob to the browser as a file download. */
export const saveBlob = (blob: Blob, fileName: string): void => {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.rel = 'noopener';
  anchor.style.display = 'none';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // Revoking at once can cancel the download in some browsers; a minute is plenty to start it.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
};

/**
 * Fetches a file with the session token in the `token` header (spec 6), reads it as a blob and saves it
 * under the name from `content-disposition`, or `fallbackName`. Resolves with the name it was saved as.
 */
export const downloadFile = async (path: string, fallbackName: string, signal?: AbortSignal): Promise<string> => {
  const token = getAuthToken();
  let response: Response;
  try {
    response = await fetch(path, { headers: token ? { token } : {}, signal: signal ?? null });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw new DownloadError(DOWNLOAD_MESSAGES.cancelled);
    throw new DownloadError(DOWNLOAD_MESSAGES.network);
  }
  // 202 is a success status, but it means the file is not there yet.
  if (response.status === 202) throw new DownloadError(DOWNLOAD_MESSAGES.processing);
  if (!response.ok) throw await failureFor(response);

  let blob: Blob;
  try {
    blob = await response.blob();
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw new DownloadError(DOWNLOAD_MESSAGES.cancelled);
    throw new DownloadError(DOWNLOAD_MESSAGES.network);
  }
  const fileName = fileNameFromDisposition(response.headers.get('content-disposition')) ?? fallbackName;
  const typed = blob.type ? blob : new Blob([blob], { type: response.headers.get('content-type') ?? 'application/octet-stream' });
  saveBlob(typed, fileName);
  return fileName;
};
