import type { ClaimState } from '@labeldesk/contracts';
import type { OrdersEnvWithCarriers, TrackingStatus } from '../carriers';
import type { OrdersEnv } from '../config';
import type { LabelVoidsRepository } from '../lifecycle';
import { ClaimDecider } from './claim-decider';
import { ClaimInsurers } from './claim-insurers';
import { claimPayoutKey, type ClaimPayout } from './claim-payout';
import type { ClaimsRepository, StoredClaim } from './claims.repository';

const PAST = new Date(Date.now() - 60_000);

const claimOf = (change: Partial<StoredClaim> = {}): StoredClaim => ({
  id: '0b8f2c1e-5d4a-4e3b-9c2d-1a0b9c8d7e6f',
  orderId: '5a4b3c2d-1e0f-4a9b-8c7d-6e5f4a3b2c1d',
  userId: '6565c5d5-6f6c-4baf-a307-daaaaed3489f',
  trackingNumber: '9205599999999900010007',
  type: 'damaged',
  amountCents: 12_000,
  insuredValueCents: 25_000,
  description: 'The box arrived crushed',
  state: 'submitted',
  approvedCents: null,
  reason: null,
  createdAt: PAST.toISOString(),
  decidedAt: null,
  paidAt: null,
  carrier: 'sandbox',
  carrierClaimId: null,
  decideAfter: PAST,
  ...change,
});

/** Claims kept as the table keeps them: a move happens only from the state named. */
class FakeClaims {
  constructor(readonly rows: Map<string, StoredClaim>) {}
  failNextPaidMove = false;
  async move(id: string, from: ClaimState, to: ClaimState, change: { reason?: string | null; approvedCents?: number } = {}) {
    const row = this.rows.get(id);
    if (!row || row.state !== from) return false;
    if (to === 'paid' && this.failNextPaidMove) {
      this.failNextPaidMove = false;
      throw new Error('connection lost');
    }
    this.rows.set(id, { ...row, state: to, reason: change.reason ?? row.reason, approvedCents: change.approvedCents ?? row.approvedCents });
    return true;
  }
}

/** The ledger as payments keeps it: one entry per idempotency key, a repeated key answered as a replay. */
class FakeLedger {
  readonly entries = new Map<string, number>();
  credits = 0;
  async pay(claim: StoredClaim & { approvedCents: number }) {
    this.credits += 1;
    if (!this.entries.has(claimPayoutKey(claim.id))) this.entries.set(claimPayoutKey(claim.id), claim.approvedCents);
  }
}

const setup = (claim: StoredClaim, trackingStatus: TrackingStatus | null = 'in_transit') => {
  const claims = new FakeClaims(new Map([[claim.id, claim]]));
  const ledger = new FakeLedger();
  const voids = { insurableLabel: async () => ({ carrierRefs: { serial: '1' }, trackingStatus }) } as unknown as LabelVoidsRepository;
  const decider = new ClaimDecider(claims as unknown as ClaimsRepository, voids, new ClaimInsurers({ CARRIERS: ['sandbox'] } as Pick<OrdersEnvWithCarriers, 'CARRIERS'> as OrdersEnvWithCarriers), ledger as unknown as ClaimPayout, { CLAIMS_CHECK_SECONDS: 60 } as OrdersEnv);
  const current = () => claims.rows.get(claim.id) as StoredClaim;
  return { decider, claims, ledger, current };
};

describe('ClaimDecider with the sandbox insurer', () => {
  it('approves a damaged parcel\'s claim for the amount claimed and credits it once under the claim\'s key', async () => {
    const { decider, ledger, current } = setup(claimOf());
    await decider.check(current());
    expect(current()).toMatchObject({ state: 'paid', approvedCents: 12_000 });
    expect([...ledger.entries]).toEqual([[`claim:${current().id}`, 12_000]]);
  });

  it('credits once when the same decision is made again, by a second round or a second replica holding the old row', async () => {
    const { decider, ledger, current } = setup(claimOf());
    const stale = current();
    await Promise.all([decider.check(stale), decider.check(stale)]);
    await decider.check(stale);
    await decider.check(current());
    expect(current().state).toBe('paid');
    expect([...ledger.entries.values()]).toEqual([12_000]);
    expect(ledger.credits).toBe(1);
  });

  it('pays an approved claim again under the same key after a crash between the credit and marking it paid: the ledger holds one entry', async () => {
    const { decider, claims, ledger, current } = setup(claimOf());
    claims.failNextPaidMove = true;
    await expect(decider.check(current())).rejects.toThrow('connection lost');
    expect(current().state).toBe('approved');
    await decider.check(current());
    expect(current().state).toBe('paid');
    expect(ledger.credits).toBe(2);
    expect([...ledger.entries]).toEqual([[`claim:${current().id}`, 12_000]]);
  });

  it('rejects a claim of a lost parcel that tracking shows delivered, saying so, and moves no money', async () => {
    const { decider, ledger, current } = setup(claimOf({ type: 'lost' }), 'delivered');
    await decider.check(current());
    expect(current()).toMatchObject({ state: 'rejected', approvedCents: null });
    expect(current().reason).toMatch(/^The tracking shows this parcel delivered/);
    expect(ledger.credits).toBe(0);
  });

  it('approves a lost parcel still in transit', async () => {
    const { decider, current } = setup(claimOf({ type: 'lost' }), 'in_transit');
    await decider.check(current());
    expect(current().state).toBe('paid');
  });

  it('leaves a claim submitted until its decision time', async () => {
    const { decider, ledger, current } = setup(claimOf({ decideAfter: new Date(Date.now() + 3_600_000) }));
    await decider.check(current());
    expect(current().state).toBe('submitted');
    expect(ledger.credits).toBe(0);
  });

  it('never decides or pays a rejected or paid claim again', async () => {
    for (const state of ['rejected', 'paid'] as const) {
      const { decider, ledger, current } = setup(claimOf({ state, approvedCents: state === 'paid' ? 12_000 : null }));
      await decider.check(current());
      expect(current().state).toBe(state);
      expect(ledger.credits).toBe(0);
    }
  });
});
