import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The text a PDF shows, as poppler's pdftotext reads it (a real reader, not our own parser: what a person printing the
 * file would see). Throws when poppler-utils is missing, so a check of the text never passes unread.
 */
export const pdfText = (pdf: Buffer): string => {
  const path = join(tmpdir(), `labeldesk-pdf-${randomUUID()}.pdf`);
  writeFileSync(path, pdf);
  try {
    const result = spawnSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8', timeout: 30_000 });
    if (result.error) throw new Error(`pdftotext could not run (${result.error.message}); install poppler-utils`);
    if (result.status !== 0) throw new Error(`pdftotext could not read the file: ${result.stderr}`);
    return result.stdout;
  } finally {
    rmSync(path, { force: true });
  }
};
