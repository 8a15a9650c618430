import { spawnSync } from 'node:child_process';

/**
 * The text a PDF shows, as poppler's pdftotext reads it with its layout kept (a real reader, not our own parser: what a
 * person printing the file would see). Throws when poppler-utils is missing, so a check of the text never passes unread.
 */
export const pdfTextOf = (pdf: Buffer): string => {
  const result = spawnSync('pdftotext', ['-layout', '-', '-'], { input: pdf, encoding: 'latin1', timeout: 30_000 });
  if (result.error) throw new Error(`pdftotext could not run (${result.error.message}); install poppler-utils`);
  if (result.status !== 0) throw new Error(`pdftotext could not read the file: ${result.stderr}`);
  return result.stdout;
};
