import { monthBounds, monthOf, statementFileName, statementMonthSchema, statementRequestSchema } from './statement.schema';

describe('monthly statement contract', () => {
  it('bounds a month by its first instant and the next month\'s first instant, in UTC', () => {
    expect(monthBounds('2026-11')).toEqual({ start: new Date('2026-11-01T00:00:00.000Z'), end: new Date('2026-12-01T00:00:00.000Z') });
  });

  it('ends December at the first of January of the next year', () => {
    expect(monthBounds('2026-12').end.toISOString()).toBe('2027-01-01T00:00:00.000Z');
  });

  it('gives February its 29th day in a leap year', () => {
    expect(monthBounds('2028-02').end.toISOString()).toBe('2028-03-01T00:00:00.000Z');
  });

  it('places the last millisecond of a month in it and the next in the following month', () => {
    expect(monthOf(new Date('2026-11-30T23:59:59.999Z'))).toBe('2026-11');
    expect(monthOf(new Date('2026-12-01T00:00:00.000Z'))).toBe('2026-12');
  });

  it.each(['2026-13', '2026-1', '26-11', '2026/11', '2026-00', 'november'])('refuses %s as a month with the format it wants', (month) => {
    const parsed = statementMonthSchema.safeParse(month);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe('The month must be written YYYY-MM, for example 2026-11');
  });

  it('refuses a month that has not begun', () => {
    const now = new Date();
    const next = monthOf(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)));
    expect(statementMonthSchema.safeParse(next).error?.issues[0]?.message).toBe('That month has not begun yet: there is no statement for it');
  });

  it('takes this month and any earlier one', () => {
    expect(statementMonthSchema.safeParse(monthOf(new Date())).success).toBe(true);
    expect(statementMonthSchema.safeParse('2019-02').success).toBe(true);
  });

  it('reads a statement from its first line, a thousand at a time, unless told otherwise', () => {
    const parsed = statementRequestSchema.parse({ userId: '8d0f4a0e-6f1c-4c57-9d55-0f6b0f5f2a10', month: '2026-01' });
    expect(parsed).toMatchObject({ offset: 0, limit: 1000 });
  });

  it('names the file after the month', () => {
    expect(statementFileName('2026-11')).toBe('Statement_2026-11.pdf');
  });
});
