import { bulkOrderItemSchema, type CustomsInput } from '@labeldesk/contracts';
import type { LabelShipment } from '../carriers';
import type { OrdersEnv } from '../config';
import type { ExtrasPrice } from '../insurance';
import type { ClaimedItem, ItemOutcome } from './bulk.rows';
import { engineOf } from './testing/engine-of';

const TEE: CustomsInput['items'][number] = { description: 'Cotton T-shirt', quantity: 1, value_cents: 1250, weight_lb: 0.4, hs_tariff_number: '610910', origin_country: 'PT' };

/** A claimed item of a batch (its hold placed at submit) whose row goes to this receiver with these customs. */
const claimed = (receiver: Record<string, string>, customs?: CustomsInput, row: { serviceUid?: string; serviceName?: string; declaredValueCents?: number } = {}): ClaimedItem => ({
  id: 'item-1',
  bulk_order_id: 'b1',
  user_id: 'u1',
  row_no: 2,
  round: 1,
  service_uid: row.serviceUid ?? 'usps_priority_international',
  service_name: row.serviceName ?? 'USPS Priority Mail International',
  price_cents: 4500,
  batch_label_format: '4x6',
  batch_mode: 'live',
  pending_since: new Date(),
  hold_id: 'bulk:b1:1',
  data: bulkOrderItemSchema.parse({
    service_name: 'USPS Priority Mail International',
    sender: { sender_name: 'Ann Sender', sender_address1: '1 Main St', sender_city: 'Austin', sender_state_province: 'TX', sender_zip_postal: '78701' },
    receiver: { receiver_name: 'Jonas Weber', receiver_address1: 'Unter den Linden 77', receiver_city: 'Berlin', receiver_zip_postal: '10117', ...receiver },
    package: { sku_number: 'TEE-1', package_length: 10, package_width: 8, package_height: 4, package_weight: 2 },
    ...(customs ? { customs } : {}),
    ...(row.declaredValueCents ? { insurance: { declared_value_cents: row.declaredValueCents } } : {}),
  }),
});

/** The engine's purchase of one item, with payments, the shipper's contacts and the carrier recording what they are asked. */
const buy = async (item: ClaimedItem, carriers: OrdersEnv['CARRIERS'] = ['sandbox']) => {
  const asked: string[] = [];
  const recorded: Array<[string, ExtrasPrice]> = [];
  const extras = { record: jest.fn(async (labelId: string, _userId: string, price: ExtrasPrice) => void recorded.push([labelId, price])) };
  const shipments: LabelShipment[] = [];
  const batch = { id: 'b1', user_id: 'u1', status: 'processing', hold_id: 'bulk:b1:1', hold_cents: 4500 };
  const repository = { find: jest.fn(async () => batch) };
  const rpc = { call: jest.fn(async (contract: { subject: string }) => void asked.push(contract.subject)) };
  const shippers = { shipperOf: jest.fn(async () => (asked.push('shipper'), null)) };
  const purchaser = {
    buyLeavingBoughtUnsettled: jest.fn(async (shipment: LabelShipment) => {
      asked.push('carrier');
      shipments.push(shipment);
      return { outcome: { kind: 'refused', message: 'recorded, not bought' }, unsettled: null };
    }),
  };
  const engine = engineOf({ repository, rpc, purchaser, shippers, extras, env: { BULK_CONCURRENCY: 4, ORDER_GIVE_UP_HOURS: 24, CARRIERS: carriers } });
  const outcome = await (engine as unknown as { buy(item: ClaimedItem): Promise<ItemOutcome | null> }).buy(item);
  return { outcome, asked, shipments, recorded };
};

const declared = (items: CustomsInput['items']): CustomsInput => ({ contents_type: 'merchandise', signer: 'Ann Sender', items });

describe('BulkEngine buying a row abroad (decision 100)', () => {
  it('fails a row to Germany whose item has no HS code with the reason, before the hold is placed or a carrier is asked', async () => {
    const { outcome, asked } = await buy(claimed({ receiver_country: 'DE' }, declared([{ ...TEE, hs_tariff_number: null }])));
    expect(outcome).toMatchObject({ ok: false, itemId: 'item-1', orderId: 'b1', error: expect.stringMatching(/Cotton T-shirt.*Germany requires one/) });
    expect(asked).toEqual([]);
  });

  it('fails a row abroad without customs, and one with a line over $2,500 and no ITN, asking nobody', async () => {
    const none = await buy(claimed({ receiver_country: 'CA', receiver_state_province: 'ON', receiver_zip_postal: 'K1M 1M4', receiver_city: 'Ottawa' }));
    expect(none.outcome).toMatchObject({ ok: false, error: expect.stringContaining('Customs is required for a label to Canada') });
    const dear = await buy(claimed({ receiver_country: 'DE' }, declared([{ ...TEE, value_cents: 260_000 }])));
    expect(dear.outcome).toMatchObject({ ok: false, error: expect.stringContaining('An ITN is required') });
    expect([...none.asked, ...dear.asked]).toEqual([]);
  });

  it("hands a complete declaration to the carrier with the row's shipment", async () => {
    const { asked, shipments } = await buy(claimed({ receiver_country: 'DE' }, declared([TEE])));
    expect(asked).toEqual(['payments.hold.place.v1', 'shipper', 'carrier']);
    expect(shipments[0]).toMatchObject({ to: { country: 'DE', city: 'Berlin' }, customs: { contents_type: 'merchandise', signer: 'Ann Sender', items: [{ hs_tariff_number: '610910', value_cents: 1250 }] } });
  });
});

describe('BulkEngine buying an insured row (decision 122)', () => {
  const home = { receiver_country: 'US', receiver_state_province: 'TX', receiver_city: 'Dallas', receiver_zip_postal: '75201' };
  const priority = { serviceUid: 'usps_priority', serviceName: 'USPS Priority Mail' };

  it("records what the label insures under the item's id before buying it, and hands the declared value to the carrier", async () => {
    const { outcome, asked, shipments, recorded } = await buy(claimed(home, undefined, { ...priority, declaredValueCents: 25_000 }));
    expect(outcome).toMatchObject({ ok: false, error: 'recorded, not bought' });
    expect(asked).toEqual(['payments.hold.place.v1', 'shipper', 'carrier']);
    expect(recorded).toEqual([['item-1', { declaredValueCents: 25_000, insuranceCents: 250, signature: 'none', signatureCents: 0 }]]);
    expect(shipments[0]?.extras).toEqual({ declaredValueCents: 25_000, insuranceCents: 250, signature: 'none', signatureCents: 0 });
  });

  it('buys an uninsured row without extras and records nothing', async () => {
    const { shipments, recorded } = await buy(claimed(home, undefined, priority));
    expect(shipments[0]).not.toHaveProperty('extras');
    expect(recorded).toEqual([]);
  });

  it('fails an insured row whose service or carrier cannot insure it, with the reason, asking nobody', async () => {
    const abroad = await buy(claimed({ receiver_country: 'DE' }, declared([TEE]), { declaredValueCents: 5_000 }));
    expect(abroad.outcome).toMatchObject({ ok: false, error: 'USPS Priority Mail International cannot be insured here: insurance is sold on US domestic labels only' });
    const throughUsps = await buy(claimed(home, undefined, { ...priority, declaredValueCents: 5_000 }), ['usps']);
    expect(throughUsps.outcome).toMatchObject({ ok: false, error: expect.stringContaining('not sold on labels bought through usps') });
    expect([...abroad.asked, ...throughUsps.asked, ...abroad.recorded, ...throughUsps.recorded]).toEqual([]);
  });
});
