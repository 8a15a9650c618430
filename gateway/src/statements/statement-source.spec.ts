import { DomainError, ErrorCode, type StatementLine, type StatementPart, type StatementSummary } from '@labeldesk/contracts';
import { StatementSource, withLabel } from './statement-source';

const USER = '8d0f4a0e-6f1c-4c57-9d55-0f6b0f5f2a10';

const summaryOf = (lines: StatementLine[], openingCents: number): StatementSummary => ({
  userId: USER,
  month: '2026-11',
  periodStart: '2026-11-01T00:00:00.000Z',
  periodEnd: '2026-12-01T00:00:00.000Z',
  openingCents,
  closingCents: openingCents + lines.reduce((s, l) => s + l.amountCents, 0),
  heldAtCloseCents: 0,
  lineCount: lines.length,
  totals: [],
});

const linesOf = (openingCents: number, amounts: number[]): StatementLine[] => {
  let balance = openingCents;
  return amounts.map((amountCents, i) => {
    balance += amountCents;
    return { id: `e${i}`, at: '2026-11-03T09:15:00.000Z', kind: amountCents > 0 ? 'deposit' : 'label_purchase', description: `line ${i}`, amountCents, balanceAfterCents: balance, chargeKey: amountCents > 0 ? null : `label:${i}:1` };
  });
};

/** Parts of `size` lines over `lines`, as payments answers them. */
const partsOf = (lines: StatementLine[], openingCents: number, size: number, summary = summaryOf(lines, openingCents)) => {
  const asked: number[] = [];
  const readPart = (offset: number): Promise<StatementPart> => {
    asked.push(offset);
    const next = offset + size;
    return Promise.resolve({ summary, lines: lines.slice(offset, next), nextOffset: next < lines.length ? next : null });
  };
  return { readPart, asked };
};

const noLabels = () => Promise.resolve([]);

const readAll = async (source: StatementSource, first: StatementLine[]): Promise<StatementLine[]> => {
  const read: StatementLine[] = [];
  for await (const line of source.lines(first)) read.push(line);
  return read;
};

describe('a statement read part by part', () => {
  it('reads every part once, in order, and gives every line', async () => {
    const lines = linesOf(1000, [5000, ...Array.from({ length: 11 }, () => -250)]);
    const { readPart, asked } = partsOf(lines, 1000, 5);
    const { source, firstLines } = await StatementSource.open(readPart, noLabels);
    expect(await readAll(source, firstLines)).toHaveLength(12);
    expect(asked).toEqual([0, 5, 10]);
  });

  it('names a label and the refund of one by the label orders knows for the charge', () => {
    const label = { chargeKey: 'label:1:1', trackingNumber: '9400111899223344556677', courier: 'usps', serviceName: 'USPS Priority Mail' };
    const [charge] = linesOf(0, [-795]);
    expect(withLabel(charge as StatementLine, label).description).toBe('Label 9400111899223344556677 USPS Priority Mail');
    expect(withLabel({ ...(charge as StatementLine), kind: 'refund', amountCents: 795 }, label).description).toBe('Refund of label 9400111899223344556677 USPS Priority Mail');
  });

  it("puts the courier's name before a service that does not say it", () => {
    const label = { chargeKey: 'k', trackingNumber: '1Z999', courier: 'ups', serviceName: 'Ground' };
    expect(withLabel({ ...(linesOf(0, [-100])[0] as StatementLine) }, label).description).toBe('Label 1Z999 UPS Ground');
  });

  it('asks orders for the labels of a part\'s charges only', async () => {
    const lines = linesOf(0, [1000, -100, -200]);
    const asked: string[][] = [];
    const { readPart } = partsOf(lines, 0, 10);
    await StatementSource.open(readPart, (keys) => {
      asked.push(keys);
      return Promise.resolve([]);
    });
    expect(asked).toEqual([['label:1:1', 'label:2:1']]);
  });

  it('fails when a line\'s balance does not follow from the one before it', async () => {
    const lines = linesOf(0, [1000, -100]);
    const broken = lines.map((l, i) => (i === 1 ? { ...l, balanceAfterCents: 901 } : l));
    const { readPart } = partsOf(broken, 0, 10, summaryOf(lines, 0));
    const { source, firstLines } = await StatementSource.open(readPart, noLabels);
    await expect(readAll(source, firstLines)).rejects.toThrow('line 2 says $9.01 after it, the lines before it make $9.00');
  });

  it('fails when the lines do not end at the closing balance', async () => {
    const lines = linesOf(0, [1000, -100]);
    const { readPart } = partsOf(lines, 0, 10, { ...summaryOf(lines, 0), closingCents: 950 });
    const { source, firstLines } = await StatementSource.open(readPart, noLabels);
    await expect(readAll(source, firstLines)).rejects.toThrow('the lines end at $9.00, the closing balance is $9.50');
  });

  it('fails with a conflict when the month changes between two parts', async () => {
    const lines = linesOf(0, [1000, -100, -100]);
    const summary = summaryOf(lines, 0);
    const readPart = (offset: number): Promise<StatementPart> =>
      Promise.resolve({ summary: offset === 0 ? summary : { ...summary, lineCount: 4 }, lines: lines.slice(offset, offset + 2), nextOffset: offset === 0 ? 2 : null });
    const { source, firstLines } = await StatementSource.open(readPart, noLabels);
    await expect(readAll(source, firstLines)).rejects.toEqual(new DomainError(ErrorCode.CONFLICT, 'The month changed while its statement was read: download it again'));
  });
});
