import { seededLabel, seedSliceSql } from './shipments-seed.mjs';

const plan = { count: 10_000, endAt: new Date('2026-11-30T00:00:00Z'), days: 365 };

describe("bench:shipments' seeded labels", () => {
  const labels = Array.from({ length: plan.count }, (_, k) => seededLabel(k + 1, plan));

  it('gives every label its own tracking number and reference, as the unique tracking constraint and a lookup need', () => {
    const tracking = labels.map((l) => l.trackingNumber).filter(Boolean);
    const references = labels.map((l) => l.reference).filter(Boolean);
    expect(new Set(tracking).size).toBe(tracking.length);
    expect(new Set(references).size).toBe(references.length);
    expect(references.length).toBe(7_000);
  });

  it('mixes cancelled labels without a tracking number, voided ones and the rest bought', () => {
    const cancelled = labels.filter((l) => l.status === 'cancelled');
    expect(cancelled).toHaveLength(200);
    expect(cancelled.every((l) => l.trackingNumber === null && !l.voided)).toBe(true);
    expect(labels.filter((l) => l.voided)).toHaveLength(250);
  });

  it('spreads them over the days before the end, the last one newest', () => {
    const times = labels.map((l) => l.createdAt.getTime());
    expect(Math.min(...times)).toBeGreaterThanOrEqual(plan.endAt.getTime() - plan.days * 86_400_000 - 7_000);
    expect(Math.max(...times)).toBe(labels.at(-1).createdAt.getTime());
    expect(Math.max(...times)).toBeLessThanOrEqual(plan.endAt.getTime());
  });

  it("writes the slice's numbers into the orders, voids and tracking statements", () => {
    const sql = seedSliceSql({ ...plan, userId: '169684da-f873-4ec7-b36d-94fcb38dfec9', fileId: '3e1492f0-583b-4503-82f8-769cb46d1088', from: 1, to: 50 });
    expect(sql.match(/generate_series\(1, 50\)/g)).toHaveLength(3);
    expect(sql).toContain(`timestamptz '2026-11-30T00:00:00.000Z'`);
  });
});
