import { customerReportOf, periodsOf, periodStart, type LabelDayGroup } from './customer-report';

const USER = '5b0c1f6e-2a4d-4c8e-9f1a-3d2b7c6e5a40';
const group = (over: Partial<LabelDayGroup>): LabelDayGroup => ({
  day: '2026-03-02',
  service: 'USPS Priority Mail',
  courier: 'usps',
  refunded: false,
  labels: 1,
  chargedCents: 850,
  retailKnown: 0,
  savedCents: 0,
  ...over,
});

describe('report periods', () => {
  it('starts a week on its Monday (ISO), across a month and a year', () => {
    // 2026-03-01 is a Sunday: its week began on Monday 23 February.
    expect(periodStart('2026-03-01', 'week')).toBe('2026-02-23');
    expect(periodStart('2026-03-02', 'week')).toBe('2026-03-02');
    expect(periodStart('2026-03-08', 'week')).toBe('2026-03-02');
    expect(periodStart('2027-01-01', 'week')).toBe('2026-12-28');
  });

  it('starts a month on its 1st and a day on itself', () => {
    expect(periodStart('2026-02-28', 'month')).toBe('2026-02-01');
    expect(periodStart('2026-02-28', 'day')).toBe('2026-02-28');
  });

  it('lists every period touching the range once, in order, the first named by its own start', () => {
    expect(periodsOf('2026-03-01', '2026-03-16', 'week')).toEqual(['2026-02-23', '2026-03-02', '2026-03-09', '2026-03-16']);
    expect(periodsOf('2026-01-31', '2026-03-01', 'month')).toEqual(['2026-01-01', '2026-02-01', '2026-03-01']);
    expect(periodsOf('2026-03-01', '2026-03-03', 'day')).toEqual(['2026-03-01', '2026-03-02', '2026-03-03']);
  });
});

describe("the customer's report", () => {
  const query = { from: '2026-03-01', to: '2026-03-15', groupBy: 'week' as const };

  it('adds up exact cents per week, a Sunday label in the week before the Monday one, empty weeks at zero', () => {
    const report = customerReportOf(USER, query, [
      group({ day: '2026-03-01', labels: 2, chargedCents: 1700 }),
      group({ day: '2026-03-02', labels: 1, chargedCents: 575, service: 'USPS Ground Advantage' }),
      group({ day: '2026-03-08', labels: 1, chargedCents: 1449, courier: 'ups', service: 'UPS Ground' }),
    ]);
    expect(report.periods.map(({ period, labels, spentCents }) => ({ period, labels, spentCents }))).toEqual([
      { period: '2026-02-23', labels: 2, spentCents: 1700 },
      { period: '2026-03-02', labels: 2, spentCents: 2024 },
      { period: '2026-03-09', labels: 0, spentCents: 0 },
    ]);
    expect(report.totals).toMatchObject({ labels: 4, chargedCents: 3724, spentCents: 3724, averageCents: 931 });
    expect(report.periods[2]?.averageCents).toBeNull();
  });

  it('counts a voided or refunded label as bought and refunded, not spent, and leaves it out of the average and the saving', () => {
    const report = customerReportOf(USER, query, [
      group({ labels: 3, chargedCents: 2550, retailKnown: 3, savedCents: 390 }),
      group({ labels: 1, chargedCents: 850, refunded: true, retailKnown: 1, savedCents: 130 }),
    ]);
    expect(report.totals).toEqual({
      labels: 4,
      chargedCents: 3400,
      refundedLabels: 1,
      refundedCents: 850,
      spentCents: 2550,
      averageCents: 850,
      savedCents: 390,
      retailKnownLabels: 3,
    });
  });

  it('rounds the average to the nearest cent, half a cent up', () => {
    // 1001 cents over 2 labels is 500.5 cents: 501; 1000 over 3 is 333.33: 333.
    expect(customerReportOf(USER, query, [group({ labels: 2, chargedCents: 1001 })]).totals.averageCents).toBe(501);
    expect(customerReportOf(USER, query, [group({ labels: 3, chargedCents: 1000 })]).totals.averageCents).toBe(333);
  });

  it('saves only over the labels whose retail rate is known, and says how many those are', () => {
    const report = customerReportOf(USER, query, [group({ labels: 5, chargedCents: 4250, retailKnown: 2, savedCents: 262 })]);
    expect(report.totals).toMatchObject({ labels: 5, retailKnownLabels: 2, savedCents: 262 });
  });

  it('ranks services and couriers by labels, then by name', () => {
    const report = customerReportOf(USER, query, [
      group({ service: 'USPS Priority Mail', courier: 'usps', labels: 1, chargedCents: 850 }),
      group({ service: 'UPS Ground', courier: 'ups', labels: 2, chargedCents: 2898 }),
      group({ service: 'USPS Ground Advantage', courier: 'usps', labels: 1, chargedCents: 575 }),
      group({ day: '2026-03-03', service: 'USPS Priority Mail', courier: 'usps', labels: 1, chargedCents: 850 }),
    ]);
    expect(report.services.map(({ service, labels, spentCents }) => [service, labels, spentCents])).toEqual([
      ['UPS Ground', 2, 2898],
      ['USPS Priority Mail', 2, 1700],
      ['USPS Ground Advantage', 1, 575],
    ]);
    expect(report.carriers.map(({ carrier, labels, spentCents }) => [carrier, labels, spentCents])).toEqual([
      ['usps', 3, 2275],
      ['ups', 2, 2898],
    ]);
  });
});
