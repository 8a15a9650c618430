import { ErrorCode, type Hold, type LedgerEntry } from '@labeldesk/contracts';
import { planCaptures } from './capture-plan';

const hold = (change: Partial<Hold> = {}): Hold => ({
  holdId: 'bulk-0001',
  userId: 'user-1',
  amountCents: 1000,
  capturedCents: 0,
  releasedCents: 0,
  status: 'open',
  reference: 'bulk 0001',
  ...change,
});

const posted = (key: string, amountCents: number, change: Partial<LedgerEntry> = {}): [string, LedgerEntry] => [
  key,
  {
    id: `entry-${key}`,
    userId: 'user-1',
    kind: 'label_purchase',
    bucket: 'held',
    amountCents,
    balanceAfterCents: 0,
    reference: 'label',
    idempotencyKey: key,
    actorId: null,
    reason: null,
    createdAt: new Date(0).toISOString(),
    ...change,
  },
];

const capture = (key: string, amountCents: number) => ({ idempotencyKey: key, amountCents, reference: `label ${key}` });

describe('planCaptures', () => {
  it('posts the new keys and skips the keys already charged', () => {
    const plan = planCaptures(hold({ capturedCents: 300 }), [capture('item-0001', 300), capture('item-0002', 200)], new Map([posted('item-0001', -300)]));
    expect(plan).toEqual({ fresh: [capture('item-0002', 200)], totalCents: 200 });
  });

  it('posts a key repeated within one request once', () => {
    const plan = planCaptures(hold(), [capture('item-0001', 300), capture('item-0001', 300)], new Map());
    expect(plan.fresh).toHaveLength(1);
    expect(plan.totalCents).toBe(300);
  });

  it('refuses a key already charged for another amount, another user or another kind', () => {
    const refused = [
      new Map([posted('item-0001', -301)]),
      new Map([posted('item-0001', -300, { userId: 'user-2' })]),
      new Map([posted('item-0001', 300, { kind: 'refund' })]),
    ];
    for (const entries of refused) {
      expect(() => planCaptures(hold(), [capture('item-0001', 300)], entries)).toThrow(expect.objectContaining({ code: ErrorCode.PAYMENTS_IDEMPOTENCY_MISMATCH }));
    }
    expect(() => planCaptures(hold(), [capture('item-0001', 300), capture('item-0001', 200)], new Map())).toThrow(
      expect.objectContaining({ code: ErrorCode.PAYMENTS_IDEMPOTENCY_MISMATCH }),
    );
  });

  it('refuses the whole request when the new captures cost more than the hold has left', () => {
    expect(() => planCaptures(hold({ capturedCents: 600 }), [capture('item-0002', 300), capture('item-0003', 200)], new Map())).toThrow(
      expect.objectContaining({ code: ErrorCode.CONFLICT, message: 'These labels cost $5.00 but hold bulk-0001 has $4.00 left. Nothing was charged.' }),
    );
  });

  it('refuses new captures on a closed hold but answers pure replays', () => {
    const closed = hold({ capturedCents: 300, releasedCents: 700, status: 'closed' });
    expect(() => planCaptures(closed, [capture('item-0002', 100)], new Map())).toThrow(expect.objectContaining({ code: ErrorCode.CONFLICT }));
    expect(planCaptures(closed, [capture('item-0001', 300)], new Map([posted('item-0001', -300)]))).toEqual({ fresh: [], totalCents: 0 });
  });
});
