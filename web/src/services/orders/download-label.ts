import type { LabelSize } from '@labeldesk/contracts';
import { useMutation } from '@tanstack/react-query';
import { notify } from '../../components/ui/toaster';
import { downloadFile } from '../../libs/download-file';
import { monthDay } from '../../libs/format';

/**
 * Saves a label (PDF, or ZPL when its name says so); resolves with the file name it was saved under (spec 9 fallback
 * `Labels_{m-d}.pdf`). What the server says beside it (a label that could not go on Letter paper) is shown.
 */
export const downloadLabel = (pdfName: string): Promise<string> =>
  downloadFile(`/api/orders/download/v2/${encodeURIComponent(pdfName)}`, `Labels_${monthDay()}.${pdfName.endsWith('.zpl') ? 'zpl' : 'pdf'}`, { onNotice: notify.info });

export const useDownloadLabel = () => useMutation({ mutationFn: downloadLabel });

/** Saves a PDF label on the paper asked for this once (`?size=`, decision 096), whatever the user's label size. */
export const downloadLabelOn = ({ pdfName, size }: { pdfName: string; size: LabelSize }): Promise<string> =>
  downloadFile(`/api/orders/download/v2/${encodeURIComponent(pdfName)}?size=${size}`, `Labels_${monthDay()}.pdf`, { onNotice: notify.info });

export const useDownloadLabelOn = () => useMutation({ mutationFn: downloadLabelOn });
