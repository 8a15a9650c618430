import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../libs/download-file';
import { monthDay } from '../../libs/format';

/** Saves a label (PDF, or ZPL when its name says so); resolves with the file name it was saved under (spec 9 fallback `Labels_{m-d}.pdf`). */
export const downloadLabel = (pdfName: string): Promise<string> =>
  downloadFile(`/api/orders/download/v2/${encodeURIComponent(pdfName)}`, `Labels_${monthDay()}.${pdfName.endsWith('.zpl') ? 'zpl' : 'pdf'}`);

export const useDownloadLabel = () => useMutation({ mutationFn: downloadLabel });
