/**
 * Spreadsheet-safe cells for every file we export (money_security.md §3.5): recipient names, SKUs and order ids
 * come from uploaded files, so they are attacker-controlled, and the result CSV and the Amazon TSV are opened in
 * Excel by the seller.
 *
 * Formula injection (OWASP "CSV Injection", ASVS 5.0 1.2.10): a cell whose first character is `=`, `+`, `-`, `@`,
 * `|`, tab, CR, LF or NUL gets a leading `'`, which spreadsheets take as "this is text" and do not show.
 *
 * One exception, decided here: a value that is a plain decimal number (`-12.5`, `-3`, `42`) is written unchanged.
 * money_security.md notes that leading `-` is common in real data (negative amounts, credits); such a cell can
 * only ever be read as a number — it has no operator after the first character, no function name, no reference —
 * so there is nothing to execute, and prefixing it would turn a number into text and break sums in the sheet.
 * Only the narrow pattern `-?digits[.digits]` is exempt; `-1+2`, `-A1`, `-2e3`, `+1` are still prefixed.
 */

export type CellValue = string | number | bigint | null | undefined;

/**
 * First characters that make a spreadsheet evaluate the cell (OWASP list plus ASVS's NUL, and `|`, which starts a
 * DDE call such as `|cmd!A0` in Excel and LibreOffice even without an `=`). Leading blanks are
 * looked through because some importers trim them before deciding, and the full-width forms are included because
 * East Asian input methods turn them into the ASCII operators; prefixing those rare cells costs nothing.
 */
const FORMULA_START = /^(?:[\t\r\n\0]|\s*[=+\-@|\uff1d\uff0b\uff0d\uff20\uff5c])/;
/** A number and nothing else: safe to leave as is (see above). */
const PLAIN_NUMBER = /^-?\d+(?:\.\d+)?$/;
/**
 * RFC 4180 needs quotes around a field with a comma, a quote or a line break. `;` and tab are quoted as well:
 * Excel in locales whose list separator is `;` (most of Europe) splits unquoted fields there, and the part after
 * the split would start a new cell that was never checked for a formula; every reader honours the quotes.
 */
const NEEDS_QUOTES = /[",;\t\r\n]/;

/** A number as the spreadsheet should read it, or a string escaped against formulas; no CSV quoting. */
function neutralize(value: CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (PLAIN_NUMBER.test(value)) return value;
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** One CSV field (comma-separated, RFC 4180), safe to open in a spreadsheet. */
export function safeCell(value: CellValue): string {
  const text = neutralize(value);
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * One TSV field. Flat files such as Amazon's have no quoting, so a tab or a line break inside a value would shift
 * or split the row: they become single spaces, and the ends are trimmed (no flat-file field means anything by a
 * leading or trailing blank). The formula check runs after that, on what is actually written.
 */
export function safeTsvCell(value: CellValue): string {
  if (typeof value === 'string') return neutralize(value.replace(/[\t\r\n]+/g, ' ').trim());
  return neutralize(value);
}

/** A CSV record: the cells joined by commas, ended by CRLF as RFC 4180 §2.1 has it. */
export function csvLine(cells: readonly CellValue[]): string {
  return `${cells.map(safeCell).join(',')}\r\n`;
}

/** A TSV record, ended by CRLF like the files Excel saves as "Text (Tab delimited)" for Seller Central. */
export function tsvLine(cells: readonly CellValue[]): string {
  return `${cells.map(safeTsvCell).join('\t')}\r\n`;
}
