/**
 * How many characters of the batch id go into the names. The files table has a unique name, so two batches whose
 * names clash would collide:
 * with random (v4) ids, 8 hex characters are 32 bits per month-day, so a clash is unlikely but possible
 * (about n²/2³³ for n batches sharing a month-day over the years). Only characters [0-9A-Za-z] are kept.
 */
export const BATCH_ID_CHARS_IN_NAME = 8;

export interface BatchFileNames {
  pdfName: string;
  resultCSVName: string;
  autoConfirmCSVName: string;
}

/**
 * The three file names of a batch: spec 9's `Labels_{m-d}.pdf`, `Order_Results_{m-d}.csv`,
 * `Auto_Confirm_{m-d}.tsv`, with the start of the batch id so they are unique, and `_SAMPLE` on the Amazon file
 * when the labels are sandbox samples (formats.md §3.4). `m-d` has no leading zeros, like the web app's
 * monthDay(), and uses the server's local calendar, like the date printed on the labels.
 */
export function fileNames(createdAt: Date, batchId: string, sample: boolean): BatchFileNames {
  if (Number.isNaN(createdAt.getTime())) throw new RangeError('createdAt is not a valid date');
  const short = batchId.replace(/[^0-9A-Za-z]/g, '').slice(0, BATCH_ID_CHARS_IN_NAME);
  if (short === '') throw new RangeError(`batch id "${batchId}" has no characters usable in a file name`);
  const stamp = `${createdAt.getMonth() + 1}-${createdAt.getDate()}_${short}`;
  return {
    pdfName: `Labels_${stamp}.pdf`,
    resultCSVName: `Order_Results_${stamp}.csv`,
    autoConfirmCSVName: `Auto_Confirm_${stamp}${sample ? '_SAMPLE' : ''}.tsv`,
  };
}
