import { fileNameToken } from '../../files';

export interface BatchFileNames {
  pdfName: string;
  resultCSVName: string;
  autoConfirmCSVName: string;
  /** The labels of a `zpl` batch, in place of the PDF. */
  zplName: string;
}

/**
 * The file names of a batch: spec 9's `Labels_{m-d}.pdf`, `Order_Results_{m-d}.csv`,
 * `Auto_Confirm_{m-d}.tsv` (and `Labels_{m-d}.zpl` for a `zpl` batch), with a 128-bit token of the batch id (fileNameToken) so they are unique and cannot be
 * guessed, and `_SAMPLE` on the Amazon file when the labels are sandbox samples (formats.md §3.4). `m-d` has no
 * leading zeros, like the web app's monthDay(), and uses the server's local calendar, like the date printed on the
 * labels. The token is base64url, so a name is always safe in a path or a header.
 */
export function fileNames(createdAt: Date, batchId: string, sample: boolean): BatchFileNames {
  if (Number.isNaN(createdAt.getTime())) throw new RangeError('createdAt is not a valid date');
  if (batchId === '') throw new RangeError('a batch id is needed to name its files');
  const stamp = `${createdAt.getMonth() + 1}-${createdAt.getDate()}_${fileNameToken(batchId)}`;
  return {
    pdfName: `Labels_${stamp}.pdf`,
    zplName: `Labels_${stamp}.zpl`,
    resultCSVName: `Order_Results_${stamp}.csv`,
    autoConfirmCSVName: `Auto_Confirm_${stamp}${sample ? '_SAMPLE' : ''}.tsv`,
  };
}
