/**
 * A monthly statement on US Letter pages (decision 094), drawn with pdfkit and the standard Helvetica fonts. The
 * number of pages follows from the summary's line count before a line is drawn, so every page says "Page N of M"
 * while the lines are still being read: the document is a stream, a month of 100,000 lines never sits whole here.
 */
import PDFDocument from 'pdfkit';
import { formatUsd, STATEMENT_KIND_NAMES, type StatementLine, type StatementSummary } from '@labeldesk/contracts';

type Doc = PDFKit.PDFDocument;
type FontName = 'Helvetica' | 'Helvetica-Bold';

export interface StatementHolder {
  name: string;
  email: string;
}

export interface StatementHeading {
  summary: StatementSummary;
  holder: StatementHolder;
  generatedAt: Date;
}

const W = 612;
const H = 792;
const M = 48;
const ROW = 15;
const TABLE_TOP_FIRST = 262;
const TABLE_TOP = 112;
const TABLE_BOTTOM = H - 60;
/** Table rows on the first page (under the account and the summary) and on every other page. */
export const FIRST_PAGE_ROWS = Math.floor((TABLE_BOTTOM - TABLE_TOP_FIRST - ROW) / ROW);
export const PAGE_ROWS = Math.floor((TABLE_BOTTOM - TABLE_TOP - ROW) / ROW);

const COL = { date: M, description: M + 84, amount: W - M - 146, balance: W - M - 70 };
const AMOUNT_WIDTH = 70;

/**
 * Rows the table takes: the opening balance, every line (or one saying there was none), the closing balance, and what
 * of it was held when any was.
 */
export const tableRows = (summary: StatementSummary): number => 1 + Math.max(summary.lineCount, 1) + 1 + (summary.heldAtCloseCents > 0 ? 1 : 0);

/** The pages a statement takes: the first holds FIRST_PAGE_ROWS rows, each next one PAGE_ROWS. */
export const statementPages = (summary: StatementSummary): number => {
  const rows = tableRows(summary);
  return rows <= FIRST_PAGE_ROWS ? 1 : 1 + Math.ceil((rows - FIRST_PAGE_ROWS) / PAGE_ROWS);
};

const pad = (value: number): string => String(value).padStart(2, '0');

/** The spec's day-month-year, 24-hour format, in UTC as the statement's period is. */
export const statementDateTime = (iso: string): string => {
  const d = new Date(iso);
  return `${pad(d.getUTCDate())}-${pad(d.getUTCMonth() + 1)}-${d.getUTCFullYear()} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
};

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** `1 November 2026 to 30 November 2026 (UTC)`. */
export const periodText = (summary: StatementSummary): string => {
  const start = new Date(summary.periodStart);
  const last = new Date(new Date(summary.periodEnd).getTime() - 86_400_000);
  const day = (d: Date) => `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
  return `${day(start)} to ${day(last)} (UTC)`;
};

/** `November 2026`. */
export const monthTitle = (summary: StatementSummary): string => {
  const start = new Date(summary.periodStart);
  return `${MONTHS[start.getUTCMonth()]} ${start.getUTCFullYear()}`;
};

/** A signed amount as the statement prints it: `+$25.00`, `-$7.50`, `$0.00`. */
export const signedUsd = (cents: number): string => (cents > 0 ? `+${formatUsd(cents)}` : formatUsd(cents));

/** The font size, down to `smallest`, at which `value` fits `width` (the smallest when none does). */
function sizeToFit(doc: Doc, value: string, font: FontName, size: number, width: number, smallest: number): number {
  let fitted = size;
  while (fitted > smallest && doc.font(font).fontSize(fitted).widthOfString(value) > width) fitted -= 0.5;
  return fitted;
}

function text(doc: Doc, value: string, x: number, y: number, font: FontName, size: number, width?: number, align: 'left' | 'right' = 'left'): void {
  doc.font(font).fontSize(size);
  let shown = value;
  if (width !== undefined && doc.widthOfString(shown) > width) {
    while (shown.length > 1 && doc.widthOfString(`${shown}...`) > width) shown = shown.slice(0, -1);
    shown = `${shown.trimEnd()}...`;
  }
  doc.text(shown, x, y, width === undefined ? { lineBreak: false } : { lineBreak: false, width, align });
}

class StatementWriter {
  private page = 0;
  private y = 0;
  private rowsLeft = 0;
  private readonly pages: number;

  constructor(
    private readonly doc: Doc,
    private readonly heading: StatementHeading,
  ) {
    this.pages = statementPages(heading.summary);
  }

  start(): void {
    this.newPage();
    this.drawAccount();
    this.startTable(TABLE_TOP_FIRST, FIRST_PAGE_ROWS);
  }

  line(line: StatementLine): void {
    this.row(statementDateTime(line.at), line.description, signedUsd(line.amountCents), formatUsd(line.balanceAfterCents), 'Helvetica');
  }

  finish(): void {
    const { summary } = this.heading;
    if (summary.lineCount === 0) this.row('', 'No entries this month: the balance did not change.', '', '', 'Helvetica');
    this.row('', 'Closing balance', '', formatUsd(summary.closingCents), 'Helvetica-Bold');
    if (summary.heldAtCloseCents > 0) this.row('', 'of which held for batches still buying labels', '', formatUsd(summary.heldAtCloseCents), 'Helvetica');
    if (this.page !== this.pages) throw new Error(`The statement took ${this.page} pages, ${this.pages} were announced`);
  }

  private row(date: string, description: string, amount: string, balance: string, font: FontName): void {
    if (this.rowsLeft === 0) {
      this.newPage();
      this.startTable(TABLE_TOP, PAGE_ROWS);
    }
    const { doc } = this;
    text(doc, date, COL.date, this.y, font, 9);
    text(doc, description, COL.description, this.y, font, 9, COL.amount - COL.description - 8);
    text(doc, amount, COL.amount, this.y, font, 9, AMOUNT_WIDTH, 'right');
    text(doc, balance, COL.balance, this.y, font, 9, AMOUNT_WIDTH, 'right');
    this.y += ROW;
    this.rowsLeft -= 1;
  }

  private newPage(): void {
    const { doc } = this;
    const { summary, holder } = this.heading;
    doc.addPage({ size: [W, H], margin: 0 });
    this.page += 1;
    text(doc, 'LabelDesk', M, M, 'Helvetica-Bold', 16);
    text(doc, `Monthly statement, ${monthTitle(summary)}`, M, M + 22, 'Helvetica', 11);
    text(doc, holder.name, W / 2, M + 4, 'Helvetica', 9, W / 2 - M, 'right');
    text(doc, `Account ${summary.userId}`, W / 2, M + 18, 'Helvetica', 9, W / 2 - M, 'right');
    doc.moveTo(M, M + 44).lineTo(W - M, M + 44).lineWidth(0.5).strokeColor('#888888').stroke();
    const generated = `Generated ${statementDateTime(this.heading.generatedAt.toISOString())} UTC`;
    text(doc, generated, M, H - 40, 'Helvetica', 8);
    text(doc, `Page ${this.page} of ${this.pages}`, W / 2, H - 40, 'Helvetica', 8, W / 2 - M, 'right');
  }

  private drawAccount(): void {
    const { doc } = this;
    const { summary, holder } = this.heading;
    let y = M + 60;
    const x = W / 2 + 60;
    // A long e-mail or name is printed smaller before it is ever cut short.
    const label = (name: string, value: string) => {
      const width = x - 20 - (M + 54);
      text(doc, name, M, y, 'Helvetica-Bold', 9);
      text(doc, value, M + 54, y, 'Helvetica', sizeToFit(doc, value, 'Helvetica', 9, width, 6), width);
      y += 15;
    };
    label('Seller', holder.name);
    label('E-mail', holder.email);
    label('Account', summary.userId);
    label('Period', periodText(summary));
    const summaryRows: Array<[string, string, FontName]> = [['Opening balance', formatUsd(summary.openingCents), 'Helvetica-Bold']];
    for (const total of summary.totals) {
      if (total.count === 0) continue;
      summaryRows.push([`${STATEMENT_KIND_NAMES[total.kind]} (${total.count})`, signedUsd(total.amountCents), 'Helvetica']);
    }
    summaryRows.push(['Closing balance', formatUsd(summary.closingCents), 'Helvetica-Bold']);
    let sy = M + 60;
    doc.rect(x - 10, sy - 8, W - M - x + 10, summaryRows.length * 15 + 12).lineWidth(0.5).strokeColor('#888888').stroke();
    for (const [name, value, font] of summaryRows) {
      text(doc, name, x, sy, font, 9, 120);
      text(doc, value, W - M - 80, sy, font, 9, 70, 'right');
      sy += 15;
    }
  }

  private startTable(top: number, rows: number): void {
    const { doc } = this;
    doc.rect(M, top - 5, W - 2 * M, ROW).fill('#eeeeee');
    doc.fillColor('black');
    text(doc, 'Date (UTC)', COL.date, top - 1, 'Helvetica-Bold', 9);
    text(doc, 'Description', COL.description, top - 1, 'Helvetica-Bold', 9);
    text(doc, 'Amount', COL.amount, top - 1, 'Helvetica-Bold', 9, AMOUNT_WIDTH, 'right');
    text(doc, 'Balance', COL.balance, top - 1, 'Helvetica-Bold', 9, AMOUNT_WIDTH, 'right');
    this.y = top + ROW;
    this.rowsLeft = rows;
    if (this.page === 1) {
      this.row('', 'Opening balance', '', formatUsd(this.heading.summary.openingCents), 'Helvetica-Bold');
    }
  }
}

/**
 * The statement as a PDF byte stream, pulled by the reader; `lines` may be read from the services meanwhile. A line
 * source that fails makes the document emit an error, so a half-written statement is never a whole-looking file.
 */
export function statementPdf(heading: StatementHeading, lines: AsyncIterable<StatementLine>): Doc {
  const doc = new PDFDocument({
    size: [W, H],
    margin: 0,
    autoFirstPage: false,
    info: {
      Title: `Statement ${heading.summary.month}`,
      Author: 'LabelDesk',
      Producer: 'labeldesk',
      Creator: 'labeldesk',
      CreationDate: heading.generatedAt,
    },
  });
  void (async () => {
    try {
      const writer = new StatementWriter(doc, heading);
      writer.start();
      for await (const line of lines) writer.line(line);
      writer.finish();
      doc.end();
    } catch (error) {
      doc.emit('error', error);
    }
  })();
  return doc;
}
