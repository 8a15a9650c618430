import { monthLabel, STATEMENT_MONTHS_OFFERED, statementMonths } from './download-statement';

describe('the months a statement is offered for', () => {
  const now = new Date('2026-11-29T21:00:00Z');

  it('runs from this month back to the month the account was opened, newest first', () => {
    expect(statementMonths('2026-09-14T10:00:00Z', now)).toEqual(['2026-11', '2026-10', '2026-09']);
  });

  it('crosses a new year', () => {
    expect(statementMonths('2025-12-31T23:30:00Z', new Date('2026-02-01T00:30:00Z'))).toEqual(['2026-02', '2026-01', '2025-12']);
  });

  it('counts months in UTC, whatever the browser\'s zone', () => {
    expect(statementMonths('2026-10-31T23:30:00Z', new Date('2026-11-01T00:10:00Z'))).toEqual(['2026-11', '2026-10']);
  });

  it(`offers at most ${STATEMENT_MONTHS_OFFERED} months of an old account`, () => {
    const months = statementMonths('2019-01-01T00:00:00Z', now);
    expect(months).toHaveLength(STATEMENT_MONTHS_OFFERED);
    expect(months.at(-1)).toBe('2024-12');
  });

  it('offers this month alone when the registration date is unknown', () => {
    expect(statementMonths(null, now)).toEqual(['2026-11']);
    expect(statementMonths('not a date', now)).toEqual(['2026-11']);
  });

  it('names a month in words', () => {
    expect(monthLabel('2026-11')).toBe('November 2026');
  });
});
