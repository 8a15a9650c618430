import { DomainError, ErrorCode, PaymentsRpc } from '@labeldesk/contracts';
import type { Caller } from '@labeldesk/contracts';
import type { RpcClient } from '@labeldesk/nest-transport';
import type { CarrierId, CarrierRegistry, LabelPurchaser, PurchaseOutcome, ShipperContacts } from '../carriers';
import type { LabelPricer, OrderEntity, OrderRepository } from '../orders';
import { MakeReturnUseCase } from './make-return.usecase';
import type { NewReturn, ReturnLabelsRepository, ReturnRow } from './return-labels.repository';
import type { ReturnLinksRepository } from './return-links.repository';

const SELLER = 'c0c0c0c0-0000-4000-8000-000000000003';
const ORDER = 'b0b0b0b0-0000-4000-8000-000000000002';
const caller = { userId: SELLER, role: 'user' } as unknown as Caller;

const order = (courier: string, change: Partial<OrderEntity> = {}): OrderEntity =>
  ({
    id: ORDER,
    userId: SELLER,
    status: 'completed',
    serviceName: courier === 'usps' ? 'USPS Priority Mail' : 'UPS Ground',
    courier,
    carrier: 'sandbox',
    mode: 'live',
    trackingNumber: '9205599999999900010007',
    sender: { sender_name: 'Ann Seller', sender_phone: null, sender_company: null, sender_address1: '1 Main St', sender_address2: null, sender_city: 'Austin', sender_state_province: 'TX', sender_zip_postal: '78701', sender_country: 'US' },
    receiver: { receiver_name: 'Bob Buyer', receiver_phone: null, receiver_company: null, receiver_address1: '200 Pine Ave', receiver_address2: null, receiver_city: 'Seattle', receiver_state_province: 'WA', receiver_zip_postal: '98101', receiver_country: 'US' },
    package: { package_length: 10, package_width: 8, package_height: 4, package_weight: 2 },
    ...change,
  }) as unknown as OrderEntity;

const bought: PurchaseOutcome = {
  kind: 'bought',
  label: { carrier: 'sandbox', trackingNumber: '9205599999999900010014', serviceUid: 'usps_priority', format: 'PDF', file: Buffer.from('%PDF'), costCents: 0, carrierRefs: {} },
};

interface Options {
  outcome?: PurchaseOutcome;
  balanceCents?: number;
  existing?: ReturnRow | null;
  voidState?: string | null;
  carriers?: CarrierId[];
  /** The account that sold the outbound label, and the accounts the carrier still buys on. */
  outboundAccount?: string;
  accounts?: string[];
  /** Carriers that check the seller's contact as USPS directly does (decision 128): a phone is needed. */
  contactCheckedBy?: CarrierId[];
}

const NO_PHONE = "USPS needs the shipper's phone number, and this order's sender address has none";

const setUp = (theOrder: OrderEntity | null, options: Options = {}) => {
  const money: Array<{ subject: string; body: Record<string, unknown> }> = [];
  const rows = new Map<string, ReturnRow>();
  const inserted: NewReturn[] = [];
  const discarded: string[] = [];
  const bought_: string[] = [];
  const rpc = {
    call: jest.fn(async (contract: { subject: string }, body: Record<string, unknown>) => {
      if (contract.subject === PaymentsRpc.accountSummary.subject) return { balanceCents: options.balanceCents ?? 10_000 };
      money.push({ subject: contract.subject, body });
      return {};
    }),
  } as unknown as RpcClient;
  const returns = {
    latestOf: jest.fn(async () => options.existing ?? null),
    countOf: jest.fn(async () => 0),
    voidStateOf: jest.fn(async () => options.voidState ?? null),
    outboundAccountOf: jest.fn(async () => options.outboundAccount ?? null),
    insert: jest.fn(async (draft: NewReturn) => {
      inserted.push(draft);
      const row = { ...draft, generation: 1, status: 'pending', carrierRefs: draft.carrierAccount ? { carrierAccountId: draft.carrierAccount } : {}, trackingNumber: null, labelFileId: null, labelName: null, purchasedAt: null, scannedAt: null, chargedAt: null, createdAt: new Date(), updatedAt: new Date() } as unknown as ReturnRow;
      rows.set(row.id, row);
      return row;
    }),
    complete: jest.fn(async (id: string, label: { trackingNumber: string; labelName: string }) => {
      const row = rows.get(id)!;
      const done = { ...row, status: row.payment === 'on_use' ? 'awaiting_scan' : 'prepaid', trackingNumber: label.trackingNumber, labelName: label.labelName, chargedAt: row.payment === 'on_use' ? null : new Date() } as ReturnRow;
      rows.set(id, done);
      return done;
    }),
    discardPending: jest.fn(async (id: string) => { discarded.push(id); rows.delete(id); }),
    find: jest.fn(async (id: string) => rows.get(id) ?? null),
  } as unknown as ReturnLabelsRepository;
  const links = { latestOf: jest.fn(async () => new Map()) } as unknown as ReturnLinksRepository;
  const orders = { findOwned: jest.fn(async () => theOrder) } as unknown as OrderRepository;
  const pricer = { price: jest.fn(async () => ({ priceCents: 850, serviceUid: 'usps_priority', serviceName: 'USPS Priority Mail' })) } as unknown as LabelPricer;
  const purchaser = { buy: jest.fn(async (_shipment: unknown, key: string) => { bought_.push(key); return options.outcome ?? bought; }) } as unknown as LabelPurchaser;
  const shippers = { shipperOf: jest.fn(async (_userId: string, phone: string | null) => ({ accountId: SELLER, email: null, phone })) } as unknown as ShipperContacts;
  const shipperProblem = (shipper: { phone: string | null } | null) => (shipper?.phone ? null : NO_PHONE);
  const adapterOf = (id: CarrierId) => ({
    profile: { id },
    ...(options.accounts ? { hasCarrierAccount: (account: string) => options.accounts!.includes(account) } : {}),
    ...(options.contactCheckedBy?.includes(id) ? { shipperProblem } : {}),
  });
  const live = { ordered: (options.carriers ?? ['sandbox']).map(adapterOf), get: (id: CarrierId) => adapterOf(id) };
  const test = { ordered: [adapterOf('sandbox')], get: (id: CarrierId) => adapterOf(id) };
  const registry = { ...live, forMode: (mode: string) => (mode === 'test' ? test : live) } as unknown as CarrierRegistry;
  return { useCase: new MakeReturnUseCase(orders, returns, links, pricer, purchaser, shippers, rpc, registry), money, inserted, discarded, bought: bought_, purchaser, shippers };
};

const refusal = async (promise: Promise<unknown>): Promise<DomainError> => {
  const error = await promise.then(() => null, (e: unknown) => e);
  if (!(error instanceof DomainError)) throw new Error(`expected a refusal, got ${String(error)}`);
  return error;
};

describe('MakeReturnUseCase', () => {
  it('says before buying that a USPS return is paid on use, and a UPS one prepaid', async () => {
    expect((await setUp(order('usps')).useCase.quote(caller, ORDER)).payment).toBe('on_use');
    const ups = await setUp(order('ups')).useCase.quote(caller, ORDER);
    expect([ups.payment, ups.paymentText]).toEqual(['prepaid', 'Prepaid: $8.50 is charged now, when the label is made, whether or not your buyer uses it.']);
  });

  it('makes a pay-on-use return from the receiver back to the sender without moving any money', async () => {
    const { useCase, money, bought, purchaser } = setUp(order('usps'));
    const made = await useCase.create(caller, ORDER, false);
    expect([made.created, made.returnLabel.state, made.returnLabel.chargedAt]).toEqual([true, 'awaiting_scan', null]);
    expect(money).toEqual([]);
    expect(bought).toEqual([`return:${made.returnLabel.id}`]);
    const shipment = (purchaser.buy as jest.Mock).mock.calls[0][0] as { from: { name: string }; to: { name: string } };
    expect([shipment.from.name, shipment.to.name]).toEqual(['Bob Buyer', 'Ann Seller']);
  });

  it('charges a prepaid return under return:<id> before its label is bought', async () => {
    const { useCase, money } = setUp(order('ups'));
    const made = await useCase.create(caller, ORDER, false);
    expect(money).toEqual([{ subject: PaymentsRpc.debit.subject, body: expect.objectContaining({ amountCents: 850, kind: 'label_purchase', idempotencyKey: `return:${made.returnLabel.id}` }) }]);
    expect(made.returnLabel.state).toBe('prepaid');
  });

  it("gives a prepaid return's charge back and forgets the return when the carrier refuses the label", async () => {
    const { useCase, money, discarded } = setUp(order('ups'), { outcome: { kind: 'refused', message: 'Address not found.' } });
    const error = await refusal(useCase.create(caller, ORDER, false));
    expect([error.code, error.message]).toEqual([ErrorCode.ORDERS_CARRIER_FAILED, 'Return label could not be created: Address not found. You have not been charged.']);
    const key = money[0]!.body['idempotencyKey'];
    expect(money.map((m) => [m.subject, m.body['refundOf'] ?? null])).toEqual([[PaymentsRpc.debit.subject, null], [PaymentsRpc.credit.subject, key]]);
    expect(discarded).toHaveLength(1);
  });

  it('refuses a voided label, a carrier without returns and a balance that could not pay, writing nothing and moving no money', async () => {
    for (const [theOrder, options, code] of [
      [order('usps'), { voidState: 'voided' }, ErrorCode.CONFLICT],
      [order('ups', { carrier: 'usps' } as Partial<OrderEntity>), {}, ErrorCode.VALIDATION_FAILED],
      [order('usps'), { balanceCents: 849 }, ErrorCode.PAYMENTS_INSUFFICIENT_FUNDS],
      [order('usps', { status: 'cancelled', trackingNumber: null } as Partial<OrderEntity>), {}, ErrorCode.CONFLICT],
      [null, {}, ErrorCode.NOT_FOUND],
    ] as const) {
      const { useCase, money, inserted, bought } = setUp(theOrder, options);
      expect((await refusal(useCase.create(caller, ORDER, false))).code).toBe(code);
      expect([money, inserted, bought]).toEqual([[], [], []]);
    }
  });

  it("answers the order's return label again instead of making a second, unless another is asked for", async () => {
    const existing = { id: 'e0e0e0e0-0000-4000-8000-000000000005', orderId: ORDER, userId: SELLER, generation: 1, status: 'awaiting_scan', payment: 'on_use', courier: 'usps', serviceUid: 'usps_priority', serviceName: 'USPS Priority Mail', priceCents: 850, carrier: 'sandbox', carrierRefs: {}, trackingNumber: '9205599999999900010014', labelFileId: null, labelName: 'return_x.pdf', purchasedAt: new Date(), scannedAt: null, chargedAt: null, createdAt: new Date(), updatedAt: new Date() } as ReturnRow;
    const once = setUp(order('usps'), { existing });
    expect(await once.useCase.create(caller, ORDER, false)).toMatchObject({ created: false, returnLabel: { id: existing.id } });
    expect(once.bought).toEqual([]);
    const again = setUp(order('usps'), { existing });
    const second = await again.useCase.create(caller, ORDER, true);
    expect([second.created, again.inserted[0]?.generation]).toEqual([true, 'next']);
  });

  describe('from the original carrier when several make returns (decision 123)', () => {
    const easyPostUps = () => order('ups', { carrier: 'easypost' } as Partial<OrderEntity>);

    it('quotes and buys the return of an EasyPost UPS label from EasyPost though the sandbox is listed first, naming the other carrier to pick', async () => {
      const { useCase, inserted, purchaser } = setUp(easyPostUps(), { carriers: ['sandbox', 'easypost'] });
      expect(await useCase.quote(caller, ORDER)).toMatchObject({ carrier: 'easypost', carrierName: 'EasyPost', payment: 'prepaid', otherCarriers: [{ carrier: 'sandbox', carrierName: 'Sandbox' }] });

      await useCase.create(caller, ORDER, false);
      expect(inserted[0]?.carrier).toBe('easypost');
      expect((purchaser.buy as jest.Mock).mock.calls[0][0]).toMatchObject({ isReturn: true, soldBy: 'easypost' });
    });

    it('buys it from the carrier the seller picked, and refuses one that makes no returns of the courier, moving no money', async () => {
      const picked = setUp(easyPostUps(), { carriers: ['sandbox', 'easypost', 'usps'] });
      expect(await picked.useCase.quote(caller, ORDER, 'sandbox')).toMatchObject({ carrier: 'sandbox', otherCarriers: [{ carrier: 'easypost' }] });
      await picked.useCase.create(caller, ORDER, false, 'sandbox');
      expect((picked.purchaser.buy as jest.Mock).mock.calls[0][0]).toMatchObject({ soldBy: 'sandbox' });

      const wrong = setUp(easyPostUps(), { carriers: ['sandbox', 'easypost', 'usps'] });
      const error = await refusal(wrong.useCase.create(caller, ORDER, false, 'usps'));
      expect([error.code, error.message]).toEqual([ErrorCode.VALIDATION_FAILED, 'USPS makes no return labels of this courier here: choose Sandbox or EasyPost.']);
      expect([wrong.money, wrong.inserted, wrong.bought]).toEqual([[], [], []]);
    });
  });

  describe('on the exact account that sold the outbound label (decision 125)', () => {
    const easyPostUps = () => order('ups', { carrier: 'easypost' } as Partial<OrderEntity>);

    it('buys the return on that account, not any account of the courier', async () => {
      const { useCase, inserted, purchaser } = setUp(easyPostUps(), { carriers: ['easypost'], outboundAccount: 'ca_second', accounts: ['ca_first', 'ca_second'] });
      await useCase.create(caller, ORDER, false);
      expect(inserted[0]?.carrierAccount).toBe('ca_second');
      expect((purchaser.buy as jest.Mock).mock.calls[0][0]).toMatchObject({ soldBy: 'easypost', carrierAccount: 'ca_second' });
    });

    it('refuses, naming the choices, when that account is gone; a carrier the seller picks buys on its configured accounts', async () => {
      const gone = setUp(easyPostUps(), { carriers: ['sandbox', 'easypost'], outboundAccount: 'ca_gone', accounts: ['ca_first'] });
      const said = 'The EasyPost account that sold this label (ca_gone) is no longer connected here, so its return cannot be bought on it. Choose who sells the return: EasyPost (on its other UPS accounts) or Sandbox.';
      expect(await gone.useCase.quote(caller, ORDER)).toMatchObject({ carrier: 'easypost', accountNote: said });
      const error = await refusal(gone.useCase.create(caller, ORDER, false));
      expect([error.code, error.message]).toEqual([ErrorCode.CONFLICT, said]);
      expect([gone.money, gone.inserted, gone.bought]).toEqual([[], [], []]);

      const picked = setUp(easyPostUps(), { carriers: ['sandbox', 'easypost'], outboundAccount: 'ca_gone', accounts: ['ca_first'] });
      await picked.useCase.create(caller, ORDER, false, 'easypost');
      expect(picked.inserted[0]?.carrierAccount).toBeNull();
      expect((picked.purchaser.buy as jest.Mock).mock.calls[0][0]).not.toHaveProperty('carrierAccount');
    });
  });

  describe("a carrier that needs the seller's phone (decision 128)", () => {
    const easyPostUsps = (phone: string | null) => order('usps', { carrier: 'easypost', sender: { ...order('usps').sender, sender_phone: phone } } as Partial<OrderEntity>);
    const options: Options = { carriers: ['sandbox', 'easypost', 'usps'], contactCheckedBy: ['usps'] };

    it('says at the quote that USPS needs the phone the order lacks, naming who sells it instead, and refuses the purchase with 400 before any charge', async () => {
      const { useCase, money, inserted, bought } = setUp(easyPostUsps(null), options);
      const said = `${NO_PHONE}, so USPS cannot make this return label: choose who sells the return instead (Sandbox or EasyPost). Nothing was bought or charged.`;
      expect(await useCase.quote(caller, ORDER, 'usps')).toMatchObject({ carrier: 'usps', payment: 'prepaid', contactNote: said });
      const error = await refusal(useCase.create(caller, ORDER, false, 'usps'));
      expect([error.code, error.message]).toEqual([ErrorCode.VALIDATION_FAILED, said]);
      expect([money, inserted, bought]).toEqual([[], [], []]);
    });

    it('says no other carrier makes it when none does, and notes nothing for a carrier that needs no phone or an order that has one', async () => {
      const alone = setUp(order('usps', { carrier: 'usps' } as Partial<OrderEntity>), { carriers: ['usps'], contactCheckedBy: ['usps'] });
      expect((await alone.useCase.quote(caller, ORDER)).contactNote).toBe(`${NO_PHONE}, so USPS cannot make this return label, and no other carrier here makes this return. Nothing was bought or charged.`);

      const easyPost = setUp(easyPostUsps(null), options);
      expect((await easyPost.useCase.quote(caller, ORDER)).contactNote).toBeNull();
      // No carrier that checks a contact sells it: no e-mail is looked up.
      expect(easyPost.shippers.shipperOf).not.toHaveBeenCalled();

      const withPhone = setUp(easyPostUsps('5125550100'), options);
      expect((await withPhone.useCase.quote(caller, ORDER, 'usps')).contactNote).toBeNull();
      await withPhone.useCase.create(caller, ORDER, false, 'usps');
      expect((withPhone.purchaser.buy as jest.Mock).mock.calls[0][0]).toMatchObject({ soldBy: 'usps' });
    });
  });

  describe('with a test key (decision 125)', () => {
    const testKey = { userId: SELLER, role: 'user', authMethod: 'api_key', mode: 'test' } as unknown as Caller;
    const liveKey = { userId: SELLER, role: 'user', authMethod: 'api_key', mode: 'live' } as unknown as Caller;

    it("buys a test order's return on the sandbox in test mode and charges the test balance", async () => {
      const { useCase, money, inserted, purchaser } = setUp(order('ups', { mode: 'test' } as Partial<OrderEntity>), { carriers: ['easypost'] });
      expect(await useCase.quote(testKey, ORDER)).toMatchObject({ carrier: 'sandbox', otherCarriers: [] });
      const made = await useCase.create(testKey, ORDER, false);
      expect([inserted[0]?.mode, made.returnLabel.mode]).toEqual(['test', 'test']);
      expect((purchaser.buy as jest.Mock).mock.calls[0][2]).toBe('test');
      expect(money).toEqual([{ subject: PaymentsRpc.debit.subject, body: expect.objectContaining({ mode: 'test', idempotencyKey: `return:${made.returnLabel.id}` }) }]);
    });

    it("does not find another mode's order", async () => {
      for (const [who, mode] of [[testKey, 'live'], [liveKey, 'test']] as const) {
        const { useCase, money, inserted } = setUp(order('usps', { mode } as Partial<OrderEntity>));
        expect((await refusal(useCase.create(who, ORDER, false))).code).toBe(ErrorCode.NOT_FOUND);
        expect([money, inserted]).toEqual([[], []]);
      }
    });
  });
});
