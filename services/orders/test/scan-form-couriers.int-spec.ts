import { ErrorCode } from '@labeldesk/contracts';
import { randomUUID } from 'node:crypto';
import { BulkOrdersRepository } from '../src/bulk/bulk-orders.repository';
import { CarrierRegistry } from '../src/carriers/registry/carrier-registry';
import { ScriptedCarrier } from '../src/carriers/testing/scripted-carrier';
import { FileRepository } from '../src/files/file.repository';
import { ScanFormUseCase } from '../src/shipping-day/scan-form.usecase';
import { ScanFormsRepository } from '../src/shipping-day/scan-forms.repository';
import { openOrdersDatabase, type OrdersDatabase } from './support/orders-database';

const SENDER = { sender_name: 'Acme Widgets', sender_phone: null, sender_company: null, sender_address1: '12 Main St', sender_address2: null, sender_city: 'Columbus', sender_state_province: 'OH', sender_zip_postal: '43215', sender_country: 'US' };

/** The services of each courier a label of the test is bought for (the catalog's uids). */
const SERVICE = { usps: ['USPS Priority Mail', 'usps_priority'], ups: ['UPS Ground', 'ups_ground'], fedex: ['FedEx Ground', 'fedex_ground'] } as const;
type TestCourier = keyof typeof SERVICE;

let serial = Math.floor(Math.random() * 1e6) * 100;
/** Tracking numbers in each courier's shape (USPS IMpb 22 digits, UPS 1Z…, FedEx 12 digits). */
const trackingOf = (courier: TestCourier): string => {
  serial++;
  if (courier === 'ups') return `1Z999AA1${String(serial).padStart(10, '0')}`;
  if (courier === 'fedex') return String(794600000000 + (serial % 1e6));
  return `9400${String(serial).padStart(18, '0')}`;
};

/** SCAN forms against the real PostgreSQL server: the `labels` view's courier keeps every label but USPS's off a form. */
describe("SCAN forms of labels of several couriers, on PostgreSQL", () => {
  let db: OrdersDatabase;

  beforeAll(async () => {
    db = await openOrdersDatabase('orders_scan_form_couriers_it');
  }, 60_000);

  afterAll(async () => {
    await db?.close();
  });

  /** A label carrier that sells every courier (as EasyPost does) and makes the forms asked of it. */
  const labelCarrier = () => {
    const carrier = new ScriptedCarrier('easypost');
    carrier.onScanForm(...Array.from({ length: 4 }, () => ({ kind: 'created' as const, file: Buffer.from('%PDF-1.7 form'), barcode: trackingOf('usps'), carrierRefs: {} })));
    return carrier;
  };
  const useCaseOf = (carrier: ScriptedCarrier) =>
    new ScanFormUseCase(new ScanFormsRepository(db.orm), new FileRepository(db.orm), new BulkOrdersRepository(db.orm), new CarrierRegistry([carrier]));

  /** A completed single order of `userId` whose label `courier` carries, bought now through EasyPost. */
  const boughtLabel = async (userId: string, courier: TestCourier): Promise<{ orderId: string; trackingNumber: string }> => {
    const orderId = randomUUID();
    const trackingNumber = trackingOf(courier);
    const [serviceName, serviceUid] = SERVICE[courier];
    await db.sql(
      `insert into "orders"."orders" ("id", "user_id", "idempotency_key", "request_hash", "status", "service_name", "service_uid", "courier", "sender", "receiver", "package",
         "price_cents", "tracking_number", "carrier", "carrier_refs", "label_bought_at")
       values (?, ?, ?, 'hash', 'completed', ?, ?, ?, ?::jsonb, '{"receiver_name":"Bob"}', '{}', 850, ?, 'easypost', '{}', now())`,
      [orderId, userId, `key-${orderId}`, serviceName, serviceUid, courier, JSON.stringify(SENDER), trackingNumber],
    );
    return { orderId, trackingNumber };
  };

  /** A completed batch of `userId` with one bought label per courier named; `null` is a row from before rows named one. */
  const boughtBatch = async (userId: string, couriers: ReadonlyArray<TestCourier | null>): Promise<{ batchId: string; trackingNumbers: string[] }> => {
    const batchId = randomUUID();
    await db.sql(`insert into "orders"."bulk_orders" ("id", "user_id", "status", "total_count", "processed_count") values (?, ?, 'completed', ?, ?)`, [batchId, userId, couriers.length, couriers.length]);
    const trackingNumbers: string[] = [];
    for (const [row, courier] of couriers.entries()) {
      const [serviceName, serviceUid] = SERVICE[courier ?? 'usps'];
      const data = { ...(courier ? { courier } : {}), sender: SENDER, receiver: { receiver_name: `Rita ${row}` }, package: {} };
      const trackingNumber = trackingOf(courier ?? 'usps');
      trackingNumbers.push(trackingNumber);
      await db.sql(
        `insert into "orders"."bulk_items" ("id", "bulk_order_id", "user_id", "row_no", "status", "service_name", "service_uid", "price_cents", "data", "tracking_number", "carrier", "label_bought_at")
         values (?, ?, ?, ?, 'succeeded', ?, ?, 850, ?::jsonb, ?, 'easypost', now())`,
        [randomUUID(), batchId, userId, row, serviceName, serviceUid, JSON.stringify(data), trackingNumber],
      );
    }
    return { batchId, trackingNumbers };
  };

  const formRowsOf = (trackingNumbers: readonly string[]) =>
    db.sql<{ tracking_number: string }>(`select "tracking_number" from "orders"."scan_form_labels" where "tracking_number" in (${trackingNumbers.map(() => '?').join(', ')})`, [...trackingNumbers]);

  it("puts today's USPS label on a form and never the UPS or FedEx one bought beside it", async () => {
    const userId = randomUUID();
    const usps = await boughtLabel(userId, 'usps');
    const ups = await boughtLabel(userId, 'ups');
    const fedex = await boughtLabel(userId, 'fedex');
    const carrier = labelCarrier();

    const forms = await useCaseOf(carrier).forToday(userId);

    expect(forms.map((form) => form.trackingNumbers)).toEqual([[usps.trackingNumber]]);
    expect(carrier.scanFormCalls.flatMap((call) => call.labels.map((label) => label.trackingNumber))).toEqual([usps.trackingNumber]);
    expect((await formRowsOf([usps, ups, fedex].map((l) => l.trackingNumber))).map((r) => r.tracking_number)).toEqual([usps.trackingNumber]);
    // Asked again, and by choice: the UPS label stays off every form.
    await expect(useCaseOf(carrier).forChosen(userId, [ups.orderId])).rejects.toMatchObject({ code: ErrorCode.ORDERS_SCAN_FORM_UNAVAILABLE, message: expect.stringContaining(`${ups.trackingNumber} (UPS)`) });
    expect(await formRowsOf([ups.trackingNumber])).toEqual([]);
  });

  it('says a day of UPS labels only needs no SCAN form, and records no form', async () => {
    const userId = randomUUID();
    await boughtLabel(userId, 'ups');
    const carrier = labelCarrier();

    await expect(useCaseOf(carrier).forToday(userId)).rejects.toMatchObject({
      code: ErrorCode.ORDERS_SCAN_FORM_UNAVAILABLE,
      message: 'No USPS label was bought today. UPS labels need no SCAN form: a SCAN form (USPS PS Form 5630) lists USPS labels only.',
    });
    expect(carrier.scanFormCalls).toEqual([]);
    expect(await db.sql(`select 1 from "orders"."scan_forms" where "user_id" = ?`, [userId])).toEqual([]);
  });

  it("forms a batch's USPS rows, those from before rows named a courier among them, and leaves its UPS row off", async () => {
    const userId = randomUUID();
    const { batchId, trackingNumbers } = await boughtBatch(userId, ['usps', 'ups', null]);
    const [usps, ups, older] = trackingNumbers;

    await expect(useCaseOf(labelCarrier()).forBatch({ userId, role: 'user' }, batchId)).resolves.toMatchObject({ fileId: expect.any(String) });

    const forms = await new ScanFormsRepository(db.orm).ofBatch(batchId);
    expect(forms.map((form) => form.trackingNumbers)).toEqual([[usps, older]]);
    expect(await formRowsOf([ups ?? ''])).toEqual([]);
  });

  it('says a batch of FedEx labels needs no SCAN form', async () => {
    const userId = randomUUID();
    const { batchId } = await boughtBatch(userId, ['fedex', 'fedex']);
    await expect(useCaseOf(labelCarrier()).forBatch({ userId, role: 'user' }, batchId)).rejects.toMatchObject({
      message: 'This batch has no USPS label. FedEx labels need no SCAN form: a SCAN form (USPS PS Form 5630) lists USPS labels only.',
    });
  });
});
