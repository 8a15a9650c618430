import { DomainError } from '@labeldesk/contracts';
import { ReadStatementUseCase } from './read-statement.usecase';
import type { StatementEntryRow, StatementRead, StatementRepository } from './statement.repository';

const USER = '8d0f4a0e-6f1c-4c57-9d55-0f6b0f5f2a10';

/** A repository answering a fixed month of `count` label debits of 100 cents each after a 500 top-up. */
const monthOf = (openingCents: number, count: number) => {
  const rows: StatementEntryRow[] = [];
  let running = 0;
  const push = (row: Omit<StatementEntryRow, 'monthRunningCents'>) => {
    running += row.amountCents;
    rows.push({ ...row, monthRunningCents: running });
  };
  push({ id: 'top-up', kind: 'deposit', amountCents: count * 100, reference: 'invoice A1', reason: null, chargeKey: null, at: '2026-11-01T00:00:00.000Z' });
  for (let i = 0; i < count; i += 1) {
    push({ id: `l${i}`, kind: 'label_purchase', amountCents: -100, reference: `order ${USER}`, reason: null, chargeKey: `label:${i}:1`, at: '2026-11-02T10:00:00.000Z' });
  }
  const calls: Array<{ start: Date; end: Date; offset: number; limit: number }> = [];
  const repository = {
    read: (_userId: string, start: Date, end: Date, offset: number, limit: number): Promise<StatementRead> => {
      calls.push({ start, end, offset, limit });
      return Promise.resolve({
        sums: { openingCents, closingCents: openingCents, heldAtCloseCents: 0, allEntriesCents: openingCents, accountCents: openingCents },
        kindTotals: [
          { kind: 'deposit', count: 1, amountCents: count * 100 },
          { kind: 'label_purchase', count, amountCents: -count * 100 },
        ],
        lines: rows.slice(offset, offset + limit),
      });
    },
  } as unknown as StatementRepository;
  return { useCase: new ReadStatementUseCase(repository), calls, lines: rows.length };
};

describe('reading a monthly statement', () => {
  it('asks the ledger for the month between its UTC bounds', async () => {
    const { useCase, calls } = monthOf(700, 2);
    await useCase.execute({ userId: USER, month: '2026-12', offset: 0, limit: 1000 });
    expect(calls[0]).toMatchObject({ start: new Date('2026-12-01T00:00:00.000Z'), end: new Date('2027-01-01T00:00:00.000Z') });
  });

  it('gives each line the opening plus the month so far as its balance, and describes it', async () => {
    const { useCase } = monthOf(700, 2);
    const part = await useCase.execute({ userId: USER, month: '2026-11', offset: 0, limit: 1000 });
    expect(part.lines.map((l) => [l.description, l.amountCents, l.balanceAfterCents])).toEqual([
      ['Top-up (BTCPay invoice A1)', 200, 900],
      ['Label, order 8d0f4a0e', -100, 800],
      ['Label, order 8d0f4a0e', -100, 700],
    ]);
    expect(part.summary).toMatchObject({ openingCents: 700, closingCents: 700, lineCount: 3, periodStart: '2026-11-01T00:00:00.000Z', periodEnd: '2026-12-01T00:00:00.000Z' });
    expect(part.nextOffset).toBeNull();
  });

  it('reads 501 lines in parts of 200, each starting where the last stopped, the last saying there is no more', async () => {
    const { useCase, lines } = monthOf(0, 500);
    const offsets: Array<number | null> = [];
    let offset: number | null = 0;
    let read = 0;
    while (offset !== null) {
      const part = await useCase.execute({ userId: USER, month: '2026-11', offset, limit: 200 });
      read += part.lines.length;
      offset = part.nextOffset;
      offsets.push(offset);
    }
    expect(read).toBe(lines);
    expect(offsets).toEqual([200, 400, null]);
  });

  it('answers nothing for a month that does not add up', async () => {
    const repository = {
      read: () => Promise.resolve({ sums: { openingCents: 0, closingCents: 100, heldAtCloseCents: 0, allEntriesCents: 100, accountCents: 100 }, kindTotals: [], lines: [] }),
    } as unknown as StatementRepository;
    await expect(new ReadStatementUseCase(repository).execute({ userId: USER, month: '2026-11', offset: 0, limit: 10 })).rejects.toBeInstanceOf(DomainError);
  });
});
