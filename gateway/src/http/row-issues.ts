import { DomainError, ErrorCode } from '@labeldesk/contracts';

/** A row's issue path: `orderData.N` (the row itself) or `orderData.N.field`. */
const ROW_PATH = /^orderData\.(\d+)(?=\.|$)/;

/**
 * Row errors of a batch or of a slice of one: the message counts the rows, every issue names its row
 * (`orderData.N…`, N counted from the batch's first row, so a slice's rows are named as in the whole file).
 * An error with no row issue is answered as it is.
 */
export const rowIssues = (error: DomainError, firstRow: number): DomainError => {
  const numbered = (error.issues ?? []).map((issue) => {
    const match = ROW_PATH.exec(issue.path);
    if (!match) return { issue, row: undefined };
    const row = Number(match[1]) + firstRow;
    return { issue: { ...issue, path: issue.path.replace(ROW_PATH, `orderData.${row}`) }, row };
  });
  const first = numbered.find((entry) => entry.row !== undefined);
  if (first?.row === undefined) return error;
  const rows = new Set(numbered.map((entry) => entry.row).filter((row) => row !== undefined));
  const issues = numbered.map((entry) => entry.issue);
  return new DomainError(ErrorCode.VALIDATION_FAILED, `${rows.size} row(s) have validation errors. Row ${first.row + 1}: ${first.issue.message}`, issues.slice(0, 1000));
};
