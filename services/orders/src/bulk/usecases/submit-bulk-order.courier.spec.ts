import { ErrorCode, PaymentsRpc, PricingRpc, type AnyRpcContract } from '@labeldesk/contracts';
import type { RpcClient } from '@labeldesk/nest-transport';
import type { BulkWorkSignal } from '../bulk-work.signal';
import type { BulkOrdersRepository } from '../bulk-orders.repository';
import type { BulkProgressPublisher } from '../bulk-progress.publisher';
import type { BulkRoundsRepository } from '../bulk-rounds.repository';
import type { BulkStagingRepository } from '../bulk-staging.repository';
import type { StagedRowSummary } from '../bulk.rows';
import { SubmitBulkOrderUseCase } from './submit-bulk-order.usecase';
import { BulkRowPricer } from '../pricing/bulk-row-pricer';
import type { BulkRates } from '../../rates';

/** Pricing's services as the catalog names them (uid `<courier>_<service>`), and a service priced before there were couriers. */
const SERVICES = [
  { uid: 'usps_priority', name: 'USPS Priority Mail', category: 'USPS', maxWeight: 70 },
  { uid: 'ups_ground', name: 'UPS Ground', category: 'UPS', maxWeight: 150 },
  { uid: 'usps-ground', name: 'Ground', category: 'Other', maxWeight: 70 },
];

const row = (rowNo: number, serviceName: string, courier: string | null): StagedRowSummary => ({ rowNo, serviceName, weightLb: 2, courier, sku: null, orderId: null, buyAnother: false });

/** A draft batch with staged rows, over pricing and a ledger that record what they were asked. */
const setup = (rows: StagedRowSummary[]) => {
  const asked: string[] = [];
  const rpc = {
    call: async (contract: AnyRpcContract, payload: { items?: Array<{ serviceName: string }> }) => {
      asked.push(contract.subject);
      if (contract.subject === PricingRpc.availableServices.subject) return { services: SERVICES };
      if (contract.subject === PricingRpc.quote.subject) {
        const items = (payload.items ?? []).map((item) => SERVICES.find((s) => s.name === item.serviceName)).map((s) => ({ serviceUid: s?.uid, serviceName: s?.name, priceCents: 500 }));
        return { items, totalCents: 500 * items.length };
      }
      if (contract.subject === PaymentsRpc.accountSummary.subject) return { balanceCents: 100_000 };
      if (contract.subject === PaymentsRpc.placeHold.subject) return {};
      throw new Error(`unexpected ${contract.subject}`);
    },
  };
  const started: unknown[] = [];
  const dropped: string[] = [];
  const batch = { id: 'b-1', user_id: 'u1', status: 'draft', total_count: 0, quoted_cents: 0 };
  const submit = new SubmitBulkOrderUseCase(
    { findOwned: async () => batch, find: async () => ({ ...batch, status: 'processing' }) } as unknown as BulkOrdersRepository,
    { stagedSummaries: async () => rows, shippedOrders: async () => [], dropStaged: async (id: string) => void dropped.push(id) } as unknown as BulkStagingRepository,
    { startFirstRound: async (...args: unknown[]) => started.push(args) > 0 } as unknown as BulkRoundsRepository,
    rpc as unknown as RpcClient,
    { announce: () => undefined } as unknown as BulkWorkSignal,
    { publish: () => undefined } as unknown as BulkProgressPublisher,
    { BULK_MAX_ROWS: 10_000, CARRIERS: ['sandbox'] },
    // No row here is under a rate rule: the carriers are never asked.
    new BulkRowPricer(rpc as unknown as RpcClient, {} as BulkRates, { dropStaged: async () => undefined } as unknown as BulkStagingRepository),
  );
  const process = () => submit.process({ userId: 'u1', orderId: 'b-1', rowCount: rows.length, options: { labelFormat: '4x6', sortBySku: false } });
  return { process, asked, started, dropped };
};

describe("A bulk row's label is of its courier's service", () => {
  it('refuses the batch whole, naming each row whose service is of another courier, before any hold or item', async () => {
    const { process, asked, started, dropped } = setup([row(0, 'USPS Priority Mail', 'usps'), row(1, 'UPS Ground', 'usps'), row(2, 'USPS Priority Mail', 'ups')]);
    await expect(process()).rejects.toMatchObject({
      code: ErrorCode.VALIDATION_FAILED,
      message: '2 row(s) cannot be bought: Row 2: UPS Ground is a UPS service, not USPS. Choose a USPS service, or UPS as the courier.',
      issues: [
        { path: 'orderData.1.courier', message: 'Row 2: UPS Ground is a UPS service, not USPS. Choose a USPS service, or UPS as the courier.' },
        { path: 'orderData.2.courier', message: 'Row 3: USPS Priority Mail is a USPS service, not UPS. Choose a UPS service, or USPS as the courier.' },
      ],
    });
    expect(asked).not.toContain(PaymentsRpc.placeHold.subject);
    expect(asked).not.toContain(PaymentsRpc.accountSummary.subject);
    expect(started).toEqual([]);
    expect(dropped).toEqual(['b-1']);
  });

  it('holds and starts a batch whose rows each name their service\'s courier, USPS for a service the catalog does not know', async () => {
    const { process, asked, started } = setup([row(0, 'USPS Priority Mail', 'usps'), row(1, 'UPS Ground', 'ups'), row(2, 'Ground', 'usps')]);
    await expect(process()).resolves.toMatchObject({ status: 'processing', totalCount: 3, costCents: 1500 });
    expect(asked).toContain(PaymentsRpc.placeHold.subject);
    expect(started).toHaveLength(1);
  });

  it("gives a row that names no courier its service's courier, written on the item (an Amazon file names none)", async () => {
    const { process, started } = setup([row(0, 'UPS Ground', null), row(1, 'USPS Priority Mail', null), row(2, 'Ground', null)]);
    await process();
    const items = (started[0] as [string, Array<{ courier: string }>])[1];
    expect(items.map((item) => item.courier)).toEqual(['ups', 'usps', 'usps']);
  });
});
