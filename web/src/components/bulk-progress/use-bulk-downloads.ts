import { useCallback, useRef, useState } from 'react';
import { BULK_FILE_LABELS, DownloadError, downloadBulkFile } from '../../libs/download-file';
import type { BulkFileKind } from '../../libs/download-file';
import { notify } from '../ui/toaster';

/** Spec 8 widget toasts. */
export const downloadSuccessMessage = (kind: BulkFileKind): string => `${BULK_FILE_LABELS[kind]} download completed successfully!`;
export const DOWNLOAD_FAILED_MESSAGE = 'Download failed. Please try again.';

const keyOf = (batchId: string, kind: BulkFileKind): string => `${batchId}:${kind}`;

/**
 * A batch's file downloads: one at a time per file, with its percentage while it arrives, and the spec's
 * toast when it ends ('{label} download completed successfully!' or the error).
 */
export const useBulkDownloads = () => {
  const [progress, setProgress] = useState<Readonly<Record<string, number>>>({});
  const inFlight = useRef(new Set<string>());

  const progressOf = useCallback((batchId: string, kind: BulkFileKind): number | undefined => progress[keyOf(batchId, kind)], [progress]);

  const start = useCallback(
    async (batchId: string, kind: BulkFileKind): Promise<void> => {
      const key = keyOf(batchId, kind);
      if (inFlight.current.has(key)) return;
      inFlight.current.add(key);
      setProgress((current) => ({ ...current, [key]: 0 }));
      try {
        await downloadBulkFile(kind, batchId, { onProgress: (percent) => setProgress((current) => ({ ...current, [key]: percent })) });
        notify.success(downloadSuccessMessage(kind));
      } catch (error) {
        notify.error(error instanceof DownloadError ? error.message : DOWNLOAD_FAILED_MESSAGE);
      } finally {
        inFlight.current.delete(key);
        setProgress((current) => {
          const next = { ...current };
          delete next[key];
          return next;
        });
      }
    },
    [],
  );

  return { progressOf, start };
};
