import { DOWNLOAD_NOTICE_HEADER } from '@labeldesk/contracts';
import { getAuthToken } from '../stores/auth.store';
import { monthDay } from './format';

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
  orderIdRequired: 'Order ID is required',
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

/** Spec 7: download progress is reported at most every 100 ms. */
export const DOWNLOAD_PROGRESS_INTERVAL_MS = 100;
/** Without a content-length the percentage is an estimate, never above 90 % until the file is complete. */
export const ESTIMATE_CAP_PERCENT = 90;
/** The estimate reaches about 63 % of its cap after this many bytes. */
const ESTIMATE_SCALE_BYTES = 2 * 1024 * 1024;

/** A percentage (0–100) of the bytes read: exact with a known total, else an estimate capped at 90 %. */
export const downloadPercent = (loaded: number, total: number | null): number => {
  if (total && total > 0) return Math.min(100, Math.round((loaded / total) * 100));
  return Math.min(ESTIMATE_CAP_PERCENT, Math.round(ESTIMATE_CAP_PERCENT * (1 - Math.exp(-loaded / ESTIMATE_SCALE_BYTES))));
};

const isAbort = (cause: unknown): boolean => cause instanceof DOMException && cause.name === 'AbortError';

/** Reads the body, reporting progress (throttled); without a reader or a listener it is a plain `blob()`. */
const readBlob = async (response: Response, onProgress?: (percent: number) => void): Promise<Blob> => {
  const reader = onProgress ? response.body?.getReader() : undefined;
  if (!reader || !onProgress) return response.blob();
  const lengthHeader = Number(response.headers.get('content-length'));
  const total = Number.isFinite(lengthHeader) && lengthHeader > 0 ? lengthHeader : null;
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let loaded = 0;
  let lastReport = 0;
  onProgress(0);
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    loaded += value.byteLength;
    const now = Date.now();
    if (now - lastReport >= DOWNLOAD_PROGRESS_INTERVAL_MS) {
      lastReport = now;
      onProgress(downloadPercent(loaded, total));
    }
  }
  onProgress(100);
  return new Blob(chunks);
};

export interface DownloadOptions {
  signal?: AbortSignal;
  /** Called with a percentage while the file arrives, at most every 100 ms. */
  onProgress?: (percent: number) => void;
  /** Called with what the server says beside the file (DOWNLOAD_NOTICE_HEADER), when it says anything. */
  onNotice?: (notice: string) => void;
}

/** The download's notice, decoded; null without one, or when it is not percent-encoded text. */
export const noticeOf = (header: string | null): string | null => {
  if (!header?.trim()) return null;
  try {
    return decodeURIComponent(header);
  } catch {
    return null;
  }
};

/**
 * Fetches a file with the session token in the `token` header (spec 6), reads it as a blob and saves it
 * under the name from `content-disposition`, or `fallbackName`. Resolves with the name it was saved as.
 */
export const downloadFile = async (path: string, fallbackName: string, signalOrOptions?: AbortSignal | DownloadOptions): Promise<string> => {
  const options: DownloadOptions = signalOrOptions instanceof AbortSignal ? { signal: signalOrOptions } : (signalOrOptions ?? {});
  const token = getAuthToken();
  let response: Response;
  try {
    response = await fetch(path, { headers: token ? { token } : {}, signal: options.signal ?? null });
  } catch (cause) {
    if (isAbort(cause)) throw new DownloadError(DOWNLOAD_MESSAGES.cancelled);
    throw new DownloadError(DOWNLOAD_MESSAGES.network);
  }
  // 202 is a success status, but it means the file is not there yet.
  if (response.status === 202) throw new DownloadError(DOWNLOAD_MESSAGES.processing);
  if (!response.ok) throw await failureFor(response);

  let blob: Blob;
  try {
    blob = await readBlob(response, options.onProgress);
  } catch (cause) {
    if (isAbort(cause)) throw new DownloadError(DOWNLOAD_MESSAGES.cancelled);
    throw new DownloadError(DOWNLOAD_MESSAGES.network);
  }
  const notice = noticeOf(response.headers.get(DOWNLOAD_NOTICE_HEADER));
  if (notice) options.onNotice?.(notice);
  const fileName = fileNameFromDisposition(response.headers.get('content-disposition')) ?? fallbackName;
  const typed = blob.type ? blob : new Blob([blob], { type: response.headers.get('content-type') ?? 'application/octet-stream' });
  saveBlob(typed, fileName);
  return fileName;
};

/** The files of a batch (spec 7 `GET /api/orders/download/{kind}/{id}`, id = the batch id); `zpl` for a ZPL batch's labels. */
export const BULK_FILE_KINDS = ['pdf', 'zpl', 'result-csv', 'auto-csv'] as const;
export type BulkFileKind = (typeof BULK_FILE_KINDS)[number];

/** What the buttons and toasts call each file. */
export const BULK_FILE_LABELS: Record<BulkFileKind, string> = {
  pdf: 'Labels PDF',
  zpl: 'Labels ZPL',
  'result-csv': 'Results CSV',
  'auto-csv': 'Amazon confirmation TSV',
};

/** Spec 9 fallback names, used when the server sends no content-disposition name. */
export const bulkFileFallbackName = (kind: BulkFileKind, date: Date = new Date()): string => {
  const md = monthDay(date);
  switch (kind) {
    case 'pdf':
      return `Labels_${md}.pdf`;
    case 'zpl':
      return `Labels_${md}.zpl`;
    case 'result-csv':
      return `Order_Results_${md}.csv`;
    case 'auto-csv':
      return `Auto_Confirm_${md}.tsv`;
  }
};

/** Saves one of a batch's files; resolves with the name it was saved under. */
export const downloadBulkFile = (kind: BulkFileKind, batchId: string, options: DownloadOptions = {}): Promise<string> => {
  if (!batchId.trim()) return Promise.reject(new DownloadError(DOWNLOAD_MESSAGES.orderIdRequired));
  return downloadFile(`/api/orders/download/${kind}/${encodeURIComponent(batchId)}`, bulkFileFallbackName(kind), options);
};
