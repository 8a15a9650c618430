import { inflateSync } from 'node:zlib';
import type { StatementLine, StatementSummary } from '@labeldesk/contracts';
import { FIRST_PAGE_ROWS, PAGE_ROWS, periodText, signedUsd, statementDateTime, statementPages, statementPdf } from './statement.pdf';

const summaryOf = (lineCount: number, over: Partial<StatementSummary> = {}): StatementSummary => ({
  userId: '8d0f4a0e-6f1c-4c57-9d55-0f6b0f5f2a10',
  month: '2026-11',
  periodStart: '2026-11-01T00:00:00.000Z',
  periodEnd: '2026-12-01T00:00:00.000Z',
  openingCents: 0,
  closingCents: 0,
  heldAtCloseCents: 0,
  lineCount,
  totals: [],
  ...over,
});

const render = async (summary: StatementSummary, lines: StatementLine[]): Promise<Buffer> => {
  async function* source() {
    yield* lines;
  }
  const doc = statementPdf({ summary, holder: { name: 'Ada Seller', email: 'ada@example.com' }, generatedAt: new Date('2026-12-01T08:00:00Z') }, source());
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
};

/** The texts drawn on each page, from pdfkit's compressed content streams (each text one TJ of WinAnsi hex strings). */
const pageTexts = (pdf: Buffer): string[][] => {
  const pages: string[][] = [];
  const raw = pdf.toString('latin1');
  const streams = /stream\n([\s\S]*?)\nendstream/g;
  for (let match = streams.exec(raw); match; match = streams.exec(raw)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(match[1] ?? '', 'latin1')).toString('latin1');
    } catch {
      continue;
    }
    const texts = [...content.matchAll(/\[([^\]]*)\] TJ/g)].map((tj) =>
      [...(tj[1] ?? '').matchAll(/<([0-9a-f]*)>/g)].map((hex) => Buffer.from(hex[1] ?? '', 'hex').toString('latin1')).join(''),
    );
    if (texts.length > 0) pages.push(texts);
  }
  return pages;
};

const month = (count: number): { summary: StatementSummary; lines: StatementLine[] } => {
  let balance = 500_000;
  const lines = Array.from({ length: count }, (_, i): StatementLine => {
    balance -= 795;
    return { id: `e${i}`, at: `2026-11-${String(1 + (i % 30)).padStart(2, '0')}T14:05:00.000Z`, kind: 'label_purchase', description: `Label 94001118992233445${String(i).padStart(5, '0')} USPS Priority Mail`, amountCents: -795, balanceAfterCents: balance, chargeKey: null };
  });
  return { summary: summaryOf(count, { openingCents: 500_000, closingCents: balance, totals: [{ kind: 'label_purchase', count, amountCents: -795 * count }] }), lines };
};

describe('the statement PDF', () => {
  it('counts its pages from the line count: the first page under the summary, the rest full', () => {
    expect(statementPages(summaryOf(0))).toBe(1);
    expect(statementPages(summaryOf(FIRST_PAGE_ROWS - 2))).toBe(1);
    expect(statementPages(summaryOf(FIRST_PAGE_ROWS - 1))).toBe(2);
    expect(statementPages(summaryOf(FIRST_PAGE_ROWS - 2 + PAGE_ROWS))).toBe(2);
    expect(statementPages(summaryOf(FIRST_PAGE_ROWS - 2 + PAGE_ROWS + 1))).toBe(3);
  });

  it('prints 500 lines on as many pages as it announced, each saying "Page N of M", every line once and in order', async () => {
    const { summary, lines } = month(500);
    const pages = pageTexts(await render(summary, lines));
    const total = statementPages(summary);
    expect(pages).toHaveLength(total);
    pages.forEach((texts, i) => expect(texts).toContain(`Page ${i + 1} of ${total}`));
    const printed = pages.flat().filter((t) => t.startsWith('Label 9400'));
    expect(printed).toEqual(lines.map((l) => l.description));
    expect(pages.flat()).toContain('-$7.95');
    expect(pages.at(-1)).toEqual(expect.arrayContaining(['Closing balance', '$1,025.00']));
  });

  it('states the seller, the account, the period and the summary on the first page', async () => {
    const { summary, lines } = month(3);
    const [first] = pageTexts(await render(summary, lines));
    expect(first).toEqual(expect.arrayContaining(['Ada Seller', 'ada@example.com', '8d0f4a0e-6f1c-4c57-9d55-0f6b0f5f2a10', '1 November 2026 to 30 November 2026 (UTC)', 'Opening balance', '$5,000.00', 'Labels bought (3)', '-$23.85', '$4,976.15']));
  });

  it('prints a long e-mail address whole, in a smaller size, rather than cut short', async () => {
    const email = 'statement-owner-1795990118239-529782@shipping.example.com';
    const doc = statementPdf({ summary: summaryOf(0), holder: { name: 'Ada', email }, generatedAt: new Date() }, (async function* () {})());
    const chunks: Buffer[] = [];
    await new Promise((resolve) => (doc.on('data', (c: Buffer) => chunks.push(c)), doc.on('end', resolve)));
    expect(pageTexts(Buffer.concat(chunks))[0]).toContain(email);
  });

  it('prints a month with no entries as one page whose opening is its closing', async () => {
    const pages = pageTexts(await render(summaryOf(0, { openingCents: 1250, closingCents: 1250 }), []));
    expect(pages).toHaveLength(1);
    expect(pages[0]).toEqual(expect.arrayContaining(['No entries this month: the balance did not change.', 'Page 1 of 1']));
    expect(pages[0]?.filter((t) => t === '$12.50')).toHaveLength(4);
  });

  it('says what of the closing balance was held for batches still buying', async () => {
    const pages = pageTexts(await render(summaryOf(0, { openingCents: 1250, closingCents: 1250, heldAtCloseCents: 800 }), []));
    expect(pages[0]).toEqual(expect.arrayContaining(['of which held for batches still buying labels', '$8.00']));
  });

  it('fails the document, not ends it, when the lines cannot be read', async () => {
    async function* failing(): AsyncGenerator<StatementLine> {
      yield* [];
      throw new Error('payments is down');
    }
    const doc = statementPdf({ summary: summaryOf(2), holder: { name: 'A', email: 'a@example.com' }, generatedAt: new Date() }, failing());
    doc.resume();
    await expect(new Promise((resolve, reject) => (doc.on('end', resolve), doc.on('error', reject)))).rejects.toThrow('payments is down');
  });

  it('writes dates day-month-year on a 24-hour clock in UTC, and amounts with their sign', () => {
    expect(statementDateTime('2026-11-30T23:59:00.000Z')).toBe('30-11-2026 23:59');
    expect(periodText(summaryOf(0, { periodStart: '2028-02-01T00:00:00.000Z', periodEnd: '2028-03-01T00:00:00.000Z' }))).toBe('1 February 2028 to 29 February 2028 (UTC)');
    expect([signedUsd(2500), signedUsd(-750), signedUsd(0)]).toEqual(['+$25.00', '-$7.50', '$0.00']);
  });
});
