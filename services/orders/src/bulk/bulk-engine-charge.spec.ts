import { type AnyRpcContract, PaymentsRpc } from '@labeldesk/contracts';
import type { BoughtLabel } from '../carriers';
import { captureKey } from './bulk-engine';
import type { ItemOutcome } from './bulk.rows';
import { engineOf } from './testing/engine-of';

const label = (trackingNumber: string): BoughtLabel => ({
  carrier: 'sandbox', trackingNumber, serviceUid: 'usps_priority', format: 'PDF', file: Buffer.from(`pdf ${trackingNumber}`), costCents: 0, carrierRefs: {},
});
const bought = (itemId: string, priceCents: number, rowNo: number, holdId: string | null = 'bulk:b1:1'): ItemOutcome => ({
  ok: true, itemId, orderId: 'b1', label: label(`TRK-${itemId}`), charge: { holdId, priceCents, rowNo },
});

/** The engine's flush with these outcomes waiting, against a repository and payments that record what they are asked. */
const flushWith = async (outcomes: ItemOutcome[], capture: () => Promise<unknown> = async () => ({ capturedCount: 1 })) => {
  const steps: string[] = [];
  const captures: Array<{ holdId: string; captures: Array<{ idempotencyKey: string; amountCents: number; reference: string }> }> = [];
  const repository = {
    markFailed: jest.fn(async () => []),
    markLabelled: jest.fn(async (made: Array<{ itemId: string }>) => void steps.push(`markLabelled ${made.map((o) => o.itemId).join(',')}`)),
    markBought: jest.fn(async (made: Array<{ itemId: string }>) => {
      steps.push(`markBought ${made.map((o) => o.itemId).join(',')}`);
      return [];
    }),
    labelledToCapture: jest.fn(async () => []),
    markSucceeded: jest.fn(async () => []),
  };
  const rpc = {
    call: jest.fn(async (contract: AnyRpcContract, body: (typeof captures)[number]) => {
      if (contract.subject !== PaymentsRpc.captureHold.subject) throw new Error(`unexpected ${contract.subject}`);
      steps.push(`capture ${body.holdId}`);
      captures.push(body);
      return capture();
    }),
  };
  const engine = engineOf({ repository, rpc, env: { BULK_CONCURRENCY: 4 } });
  const internals = engine as unknown as { outcomes: ItemOutcome[]; flush(): Promise<void> };
  internals.outcomes.push(...outcomes);
  const flushed = await internals.flush().then(() => null, (error: unknown) => error);
  return { steps, captures, flushed };
};

describe('BulkEngine charging the labels it bought', () => {
  it('charges the labels just bought from their holds, each by its own item key, and only then stores them succeeded in one write', async () => {
    const { steps, captures, flushed } = await flushWith([bought('i1', 1250, 0), bought('i2', 1300, 1), bought('i3', 900, 4, 'bulk:b1:2')]);
    expect(flushed).toBeNull();
    expect(steps).toEqual(['capture bulk:b1:1', 'capture bulk:b1:2', 'markBought i1,i2,i3']);
    expect(captures[0]?.captures).toEqual([
      { idempotencyKey: captureKey('i1'), amountCents: 1250, reference: 'bulk b1 row 1' },
      { idempotencyKey: captureKey('i2'), amountCents: 1300, reference: 'bulk b1 row 2' },
    ]);
    expect(captures[1]?.captures).toEqual([{ idempotencyKey: captureKey('i3'), amountCents: 900, reference: 'bulk b1 row 5' }]);
  });

  it('stores free labels succeeded without asking payments for anything', async () => {
    const { steps } = await flushWith([bought('i1', 0, 0, null)]);
    expect(steps).toEqual(['markBought i1']);
  });

  it('stores the labels as labelled, for the next flush to charge, when their charge fails, and none of them as succeeded', async () => {
    const { steps, flushed } = await flushWith([bought('i1', 1250, 0), bought('i2', 1300, 1)], async () => {
      throw new Error('payments did not answer');
    });
    expect(flushed).toEqual(new Error('payments did not answer'));
    expect(steps).toEqual(['capture bulk:b1:1', 'markLabelled i1,i2']);
  });

  it('refuses to store a priced label whose batch has no hold, charging nothing and storing it as labelled', async () => {
    const { steps, flushed } = await flushWith([bought('i1', 1250, 0, null)]);
    expect(flushed).toMatchObject({ message: 'bulk b1 has priced labels but no hold' });
    expect(steps).toEqual(['markLabelled i1']);
  });
});
