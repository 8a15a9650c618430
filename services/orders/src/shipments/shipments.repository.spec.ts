import { toApiShipment } from './api-shipment.mapper';
import { shipmentsWhere, type ShipmentRow } from './shipments.repository';

const AFTER = { createdAt: '2026-11-30T01:02:03.456789Z', id: '0b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d' };

describe("a page of shipments' conditions", () => {
  it("reads only the caller's orders when nothing is filtered", () => {
    expect(shipmentsWhere({}, { userId: 'u1' }, undefined)).toEqual({ sql: 'o."user_id" = ? and o."mode" = ?', params: ['u1', 'live'] });
  });

  it("reads one mode's orders: test ones only when test is asked for (decision 119)", () => {
    expect(shipmentsWhere({ mode: 'test' }, { userId: 'u1' }, undefined).params).toEqual(['u1', 'test']);
  });

  it('adds each filter with its value, in order, and the cursor as a keyset on (created_at, id)', () => {
    const where = shipmentsWhere({ status: 'completed', reference: 'PO-1', createdGte: '2026-11-01T00:00:00Z', createdLt: '2026-12-01T00:00:00Z' }, { userId: 'u1' }, AFTER);
    expect(where.sql).toBe(
      'o."user_id" = ? and o."mode" = ? and o."status" = ? and o."reference" = ? and o."created_at" >= ?::timestamptz and o."created_at" < ?::timestamptz and (o."created_at", o."id") < (?::timestamptz, ?::uuid)',
    );
    expect(where.params).toEqual(['u1', 'live', 'completed', 'PO-1', '2026-11-01T00:00:00Z', '2026-12-01T00:00:00Z', AFTER.createdAt, AFTER.id]);
  });

  it("finds a label by its exact tracking number among the caller's orders (the unique tracking index answers it)", () => {
    expect(shipmentsWhere({ trackingNumber: '9405511800000000000042' }, { userId: 'u1' }, undefined)).toEqual({
      sql: 'o."user_id" = ? and o."mode" = ? and o."tracking_number" = ?',
      params: ['u1', 'live', '9405511800000000000042'],
    });
  });
});

describe('a stored order as a v1 shipment', () => {
  const row: ShipmentRow = {
    id: 'o1',
    status: 'completed',
    void_state: null,
    tracking_status: null,
    tracking_number: '9400100000000000000001',
    service_name: 'USPS Priority Mail',
    courier: 'usps',
    label_format: 'ZPL',
    price_cents: 850,
    reference: null,
    metadata: null,
    sender: { sender_name: 'Ann', sender_city: 'Austin', sender_state_province: 'TX', sender_zip_postal: '78701', sender_country: 'US', sender_phone: '555' },
    receiver: { receiver_name: 'Bob', receiver_city: 'Seattle', receiver_state_province: 'WA', receiver_zip_postal: '98101' },
    failure_reason: null,
    cursor_at: AFTER.createdAt,
    mode: 'test',
  };

  it('says a bought label nobody voided is purchased, its format in lower case, and no metadata as an empty object', () => {
    expect(toApiShipment(row)).toMatchObject({ label_state: 'purchased', label_format: 'zpl', metadata: {}, reference: null, created_at: AFTER.createdAt });
  });

  it('gives who and where of each party, never a street or a phone', () => {
    const shipment = toApiShipment(row);
    expect(shipment.from).toEqual({ name: 'Ann', city: 'Austin', state_province: 'TX', zip_postal: '78701', country: 'US' });
    expect(shipment.to).toEqual({ name: 'Bob', city: 'Seattle', state_province: 'WA', zip_postal: '98101', country: null });
  });

  it('says the mode the label was bought in', () => {
    expect(toApiShipment(row).mode).toBe('test');
  });

  it('has no label state while the order is pending, and the void state once voided', () => {
    expect(toApiShipment({ ...row, status: 'pending', tracking_number: null }).label_state).toBeNull();
    expect(toApiShipment({ ...row, void_state: 'refund_pending' }).label_state).toBe('refund_pending');
  });
});
