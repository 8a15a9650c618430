import { DomainError, ErrorCode, type Caller } from '@labeldesk/contracts';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { BulkOrdersRepository } from '../src/bulk/bulk-orders.repository';
import type { CarrierAdapter } from '../src/carriers/carrier.port';
import { CarrierRegistry } from '../src/carriers/registry/carrier-registry';
import { buildImpb, SANDBOX_CHANNEL, SANDBOX_TEST_MAILER_ID } from '../src/carriers/sandbox/impb';
import { SandboxCarrierAdapter } from '../src/carriers/sandbox/sandbox-carrier.adapter';
import { ScriptedCarrier } from '../src/carriers/testing/scripted-carrier';
import type { OrdersEnv } from '../src/config/env.schema';
import { FileRepository } from '../src/files/file.repository';
import { LabelManifestsRepository } from '../src/lifecycle/label-manifests.repository';
import { LabelTrackingRepository } from '../src/lifecycle/label-tracking.repository';
import { LabelVoidsRepository } from '../src/lifecycle/label-voids.repository';
import type { RefundCredit } from '../src/lifecycle/refund-credit';
import { TrackingRefresh } from '../src/lifecycle/tracking-refresh';
import { VoidLabelUseCase } from '../src/lifecycle/void-label.usecase';
import type { VoidStamper } from '../src/lifecycle/void-stamp';
import { VoidSettlement } from '../src/lifecycle/void-settlement';
import type { OrderRepository } from '../src/orders/order.repository';
import { PackingSlipsRepository } from '../src/shipping-day/packing-slips.repository';
import { packingSlipsOf } from '../src/shipping-day/packing-slip.content';
import { planScanForms } from '../src/shipping-day/scan-form-plan';
import { mailingDayOf, ScanFormUseCase } from '../src/shipping-day/scan-form.usecase';
import { ScanFormsRepository } from '../src/shipping-day/scan-forms.repository';
import { openOrdersDatabase, type OrdersDatabase } from './support/orders-database';
import { EVERY_OWNER } from '@labeldesk/nest-transport';

const ENV = { VOID_WINDOW_DAYS: 28, REFUND_RECONCILE_SECONDS: 1, TRACKING_REFRESH_SECONDS: 60, CARRIER_TIMEOUT_MS: 20_000 } as OrdersEnv;
const SENDER = { sender_name: 'Acme Widgets', sender_phone: null, sender_company: null, sender_address1: '12 Main St', sender_address2: null, sender_city: 'Columbus', sender_state_province: 'OH', sender_zip_postal: '43215', sender_country: 'US' };
const WAREHOUSE = { ...SENDER, sender_address1: '900 Dock Rd', sender_zip_postal: '43219' };

let serial = Math.floor(Math.random() * 1e6) * 100;
const sandboxNumber = () => buildImpb({ zip5: '10118', zip4: null, channel: SANDBOX_CHANNEL, serviceTypeCode: '055', mailerId: SANDBOX_TEST_MAILER_ID, serial: ++serial }).trackingNumber;

/** The sandbox, with a clock of the test's and no scans: a void before the night's manifest is free. */
const sandbox = () => new SandboxCarrierAdapter({ nextSerial: async () => ++serial, lifecycle: { trackingShare: 0, manifestAfterSeconds: null } });

/** Decodes every barcode on the PDF's first page (pdftoppm + zbarimg, as the label renderer's int-spec does). */
const decodeBarcodes = (pdf: Buffer, dir: string): string[] => {
  const path = join(dir, `form-${randomUUID()}.pdf`);
  writeFileSync(path, pdf);
  const png = path.replace(/\.pdf$/, '');
  const render = spawnSync('pdftoppm', ['-r', '300', '-png', '-singlefile', '-f', '1', '-l', '1', path, png], { encoding: 'utf8', timeout: 30_000 });
  if (render.error || render.status !== 0) throw new Error(`pdftoppm failed: ${render.error?.message ?? render.stderr}`);
  const read = spawnSync('zbarimg', ['--raw', '-q', `${png}.png`], { encoding: 'latin1', timeout: 30_000 });
  if (read.error) throw new Error(`zbarimg could not run (${read.error.message}); install zbar-tools`);
  return read.stdout.split('\n').filter((line) => line !== '');
};

describe('SCAN forms on PostgreSQL', () => {
  let db: OrdersDatabase;
  let dir: string;

  beforeAll(async () => {
    db = await openOrdersDatabase('orders_scan_forms_it');
    dir = mkdtempSync(join(tmpdir(), 'scan-forms-'));
  }, 60_000);

  afterAll(async () => {
    await db?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** A completed single order of `userId` with a sandbox label bought now. */
  const boughtLabel = async (userId: string, sender = SENDER, carrier = 'sandbox'): Promise<{ orderId: string; trackingNumber: string }> => {
    const orderId = randomUUID();
    const trackingNumber = carrier === 'sandbox' ? sandboxNumber() : `9400${String(Math.floor(Math.random() * 1e18)).padStart(18, '0')}`;
    await db.sql(
      `insert into "orders"."orders" ("id", "user_id", "idempotency_key", "request_hash", "status", "service_name", "courier", "sender", "receiver", "package",
         "price_cents", "tracking_number", "carrier", "carrier_refs", "label_bought_at")
       values (?, ?, ?, 'hash', 'completed', 'USPS Priority Mail', 'usps', ?::jsonb, '{"receiver_name":"Bob"}', '{}', 850, ?, ?, '{}', now())`,
      [orderId, userId, `key-${orderId}`, JSON.stringify(sender), trackingNumber, carrier],
    );
    return { orderId, trackingNumber };
  };

  const useCaseOf = (orm: OrdersDatabase['orm'], carrier: CarrierAdapter) =>
    new ScanFormUseCase(new ScanFormsRepository(orm), new FileRepository(orm), null as unknown as BulkOrdersRepository, new CarrierRegistry([carrier]));

  const caller = (userId: string): Caller => ({ userId, role: 'user' });

  it("puts today's single labels of one sender on one form whose barcode reads back as its number, and answers the same form again", async () => {
    const userId = randomUUID();
    const labels = [await boughtLabel(userId), await boughtLabel(userId)];
    const forms = await useCaseOf(db.orm, sandbox()).forToday(userId);
    expect(forms).toHaveLength(1);
    const [form] = forms;
    expect([...(form?.trackingNumbers ?? [])].sort()).toEqual(labels.map((l) => l.trackingNumber).sort());
    expect(form?.sender).toMatchObject({ name: 'Acme Widgets', street1: '12 Main St', zip: '43215' });
    expect(form?.mailingDate).toBe(mailingDayOf(new Date()).mailingDate);

    const files = new FileRepository(db.orm);
    const info = await files.findInfo(form?.fileId ?? '');
    const pdf = (await files.readChunk(info?.id ?? '', 0, info?.sizeBytes ?? 0)) ?? Buffer.alloc(0);
    expect(decodeBarcodes(pdf, dir)).toEqual([form?.barcode]);

    const again = await useCaseOf(db.replica, sandbox()).forToday(userId);
    expect(again.map((f) => [f.id, f.fileId])).toEqual(forms.map((f) => [f.id, f.fileId]));
  });

  it('makes one form per sender address, and a later label goes on a new form of its own', async () => {
    const userId = randomUUID();
    await boughtLabel(userId);
    await boughtLabel(userId, WAREHOUSE);
    const first = await useCaseOf(db.orm, sandbox()).forToday(userId);
    expect(first.map((f) => f.sender.street1).sort()).toEqual(['12 Main St', '900 Dock Rd']);
    const later = await boughtLabel(userId);
    const second = await useCaseOf(db.orm, sandbox()).forToday(userId);
    expect(second).toHaveLength(3);
    expect(second.at(-1)?.trackingNumbers).toEqual([later.trackingNumber]);
  });

  it('puts each label on one form only, when requests race over two replicas', async () => {
    const userId = randomUUID();
    const labels = await Promise.all(Array.from({ length: 6 }, () => boughtLabel(userId)));
    await Promise.allSettled(Array.from({ length: 6 }, (_, i) => useCaseOf(i % 2 ? db.orm : db.replica, sandbox()).forToday(userId)));
    const rows = await db.sql<{ tracking_number: string; n: string }>(
      `select "tracking_number", count(*) as n from "orders"."scan_form_labels" where "tracking_number" in (${labels.map(() => '?').join(', ')}) group by 1`,
      labels.map((l) => l.trackingNumber),
    );
    expect(rows).toHaveLength(6);
    expect(rows.every((r) => Number(r.n) === 1)).toBe(true);
  });

  it('refuses a second form row for a label at the database, whatever the caller', async () => {
    const userId = randomUUID();
    const label = await boughtLabel(userId);
    const forms = new ScanFormsRepository(db.orm);
    const candidates = await forms.singleCandidates(userId, new Date(Date.now() - 60_000), new Date(Date.now() + 60_000));
    const [planned] = planScanForms(candidates);
    if (!planned) throw new Error('nothing planned');
    expect(await forms.claim({ id: randomUUID(), userId, bulkOrderId: null, mailingDate: '2026-11-26', planned })).toBe(true);
    expect(await forms.claim({ id: randomUUID(), userId, bulkOrderId: null, mailingDate: '2026-11-26', planned })).toBe(false);
    const kept = await db.sql<{ n: string }>(`select count(*) as n from "orders"."scan_forms" f join "orders"."scan_form_labels" l on l."scan_form_id" = f."id" where l."label_id" = ?`, [label.orderId]);
    expect(Number(kept[0]?.n)).toBe(1);
  });

  it('leaves voided labels off, and says so when nothing is left for a form', async () => {
    const userId = randomUUID();
    const label = await boughtLabel(userId);
    await db.sql(
      `insert into "orders"."label_voids" ("id", "label_kind", "label_id", "order_id", "user_id", "carrier", "tracking_number", "purchased_at", "amount_cents", "charge_key", "state", "requested_by")
       values (?, 'single', ?, ?, ?, 'sandbox', ?, now(), 850, ?, 'voided', 'customer')`,
      [randomUUID(), label.orderId, label.orderId, userId, label.trackingNumber, `label:${label.orderId}:1`],
    );
    const error: unknown = await useCaseOf(db.orm, sandbox()).forToday(userId).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({ code: ErrorCode.ORDERS_SCAN_FORM_UNAVAILABLE, message: 'No label can go on a SCAN form: every label is voided or already on a form.' });
  });

  it('answers a carrier without SCAN forms with a clear 422, recording nothing', async () => {
    const userId = randomUUID();
    await boughtLabel(userId, SENDER, 'usps');
    const error: unknown = await useCaseOf(db.orm, new ScriptedCarrier('usps', { scanForms: false })).forToday(userId).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: ErrorCode.ORDERS_SCAN_FORM_UNAVAILABLE, message: 'The carrier of these labels (usps) does not make SCAN forms.' });
    expect(await db.sql(`select 1 from "orders"."scan_forms" where "user_id" = ?`, [userId])).toEqual([]);
  });

  it('gives the labels back when the carrier refuses the form, so a later form may take them', async () => {
    const userId = randomUUID();
    await boughtLabel(userId, SENDER, 'usps');
    const carrier = new ScriptedCarrier('usps').onScanForm({ kind: 'refused', message: 'Label already on a SCAN form' });
    const error: unknown = await useCaseOf(db.orm, carrier).forToday(userId).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: ErrorCode.ORDERS_CARRIER_FAILED, message: 'The carrier refused the SCAN form: Label already on a SCAN form' });
    expect(await db.sql(`select 1 from "orders"."scan_forms" where "user_id" = ?`, [userId])).toEqual([]);
  });

  it("downloads a batch's forms (one per sender) as one PDF of all their pages, the same file again, a stranger's ask as not found", async () => {
    const userId = randomUUID();
    const batchId = randomUUID();
    await db.sql(`insert into "orders"."bulk_orders" ("id", "user_id", "status", "total_count", "processed_count") values (?, ?, 'completed', 3, 3)`, [batchId, userId]);
    const senders = [SENDER, WAREHOUSE, SENDER];
    for (const [row, sender] of senders.entries()) {
      const data = { sender, receiver: { receiver_name: `Rita ${row}` }, package: { sku_number: `SKU-${row}` } };
      await db.sql(
        `insert into "orders"."bulk_items" ("id", "bulk_order_id", "user_id", "row_no", "status", "service_name", "service_uid", "price_cents", "data", "tracking_number", "carrier", "sku", "label_bought_at")
         values (?, ?, ?, ?, 'succeeded', 'USPS Priority Mail', 'usps_priority', 850, ?::jsonb, ?, 'sandbox', ?, now())`,
        [randomUUID(), batchId, userId, row, JSON.stringify(data), sandboxNumber(), `SKU-${row}`],
      );
    }
    const useCase = new ScanFormUseCase(new ScanFormsRepository(db.orm), new FileRepository(db.orm), new BulkOrdersRepository(db.orm), new CarrierRegistry([sandbox()]));
    const made = await useCase.forBatch(caller(userId), batchId);
    const forms = await new ScanFormsRepository(db.orm).ofBatch(batchId);
    expect(forms.map((f) => f.trackingNumbers.length).sort()).toEqual([1, 2]);
    const files = new FileRepository(db.orm);
    const info = await files.findInfo(made?.fileId ?? '');
    const pdf = (await files.readChunk(info?.id ?? '', 0, info?.sizeBytes ?? 0)) ?? Buffer.alloc(0);
    expect([...pdf.toString('latin1').matchAll(/\/Type \/Page\b/g)]).toHaveLength(2);
    expect(await useCase.forBatch(caller(userId), batchId)).toEqual(made);
    await expect(useCase.forBatch(caller(randomUUID()), batchId)).rejects.toMatchObject({ code: ErrorCode.NOT_FOUND });
  });

  it("lets a key that may only read download a batch's forms made already, and refuses it the first form without making one", async () => {
    const userId = randomUUID();
    const batchId = randomUUID();
    await db.sql(`insert into "orders"."bulk_orders" ("id", "user_id", "status", "total_count", "processed_count") values (?, ?, 'completed', 2, 2)`, [batchId, userId]);
    for (const row of [0, 1]) {
      await db.sql(
        `insert into "orders"."bulk_items" ("id", "bulk_order_id", "user_id", "row_no", "status", "service_name", "service_uid", "price_cents", "data", "tracking_number", "carrier", "label_bought_at")
         values (?, ?, ?, ?, 'succeeded', 'USPS Priority Mail', 'usps_priority', 850, ?::jsonb, ?, 'sandbox', now())`,
        [randomUUID(), batchId, userId, row, JSON.stringify({ sender: SENDER, receiver: { receiver_name: `Rita ${row}` }, package: {} }), sandboxNumber()],
      );
    }
    const useCase = new ScanFormUseCase(new ScanFormsRepository(db.orm), new FileRepository(db.orm), new BulkOrdersRepository(db.orm), new CarrierRegistry([sandbox()]));
    const readOnlyKey: Caller = { userId, role: 'user', authMethod: 'api_key', scopes: ['labels:read'] };
    await expect(useCase.forBatch(readOnlyKey, batchId)).rejects.toMatchObject({ code: ErrorCode.AUTH_SCOPE_MISSING, message: 'This API key lacks the scope labels:buy' });
    expect(await db.sql(`select 1 from "orders"."scan_forms" where "bulk_order_id" = ?`, [batchId])).toEqual([]);

    const buyingKey: Caller = { userId, role: 'user', authMethod: 'api_key', scopes: ['labels:buy', 'labels:read'] };
    const made = await useCase.forBatch(buyingKey, batchId);
    expect(made?.fileId).toEqual(expect.any(String));
    expect(await useCase.forBatch(readOnlyKey, batchId)).toEqual(made);
  });

  it("reads a batch's rows for its packing slips in its labels' order: by SKU when the batch is sorted so, else by row", async () => {
    const userId = randomUUID();
    const batchId = randomUUID();
    await db.sql(`insert into "orders"."bulk_orders" ("id", "user_id", "status", "sort_by_sku") values (?, ?, 'completed', true)`, [batchId, userId]);
    for (const [row, sku] of ['C-3', 'A-1', 'B-2'].entries()) {
      const data = { sender: SENDER, receiver: { receiver_name: `Rita ${row}`, receiver_phone: null, receiver_company: null, receiver_address1: '1 Elm St', receiver_address2: null, receiver_city: 'Austin', receiver_state_province: 'TX', receiver_zip_postal: '78701', receiver_country: 'US' }, package: { sku_number: sku, quantity: 1, package_description: `Item ${sku}`, order_id: null } };
      await db.sql(
        `insert into "orders"."bulk_items" ("id", "bulk_order_id", "user_id", "row_no", "status", "service_name", "service_uid", "price_cents", "data", "tracking_number", "carrier", "sku")
         values (?, ?, ?, ?, 'succeeded', 'USPS Priority Mail', 'usps_priority', 850, ?::jsonb, ?, 'sandbox', ?)`,
        [randomUUID(), batchId, userId, row, JSON.stringify(data), sandboxNumber(), sku],
      );
    }
    const slips = new PackingSlipsRepository(db.orm);
    expect(packingSlipsOf(await slips.rows(batchId, true)).map((s) => s.items[0]?.sku)).toEqual(['A-1', 'B-2', 'C-3']);
    expect(packingSlipsOf(await slips.rows(batchId, false)).map((s) => s.items[0]?.sku)).toEqual(['C-3', 'A-1', 'B-2']);
  });

  it("turns a void of a label on a SCAN form into a refund request: the form manifested it, so the sandbox's free cancel is over", async () => {
    const userId = randomUUID();
    const onForm = await boughtLabel(userId);
    await useCaseOf(db.orm, sandbox()).forToday(userId);
    const offForm = await boughtLabel(userId);

    const voids = new LabelVoidsRepository(db.orm);
    const registry = new CarrierRegistry([sandbox()]);
    const credits = { credit: async () => undefined } as unknown as RefundCredit;
    const stamper = { stamp: async () => undefined } as unknown as VoidStamper;
    const settlement = new VoidSettlement(voids, credits, stamper, registry, ENV, new LabelManifestsRepository(db.orm));
    const voider = new VoidLabelUseCase(voids, settlement, new TrackingRefresh(new LabelTrackingRepository(db.orm), registry, ENV), null as unknown as OrderRepository, null as unknown as BulkOrdersRepository, ENV);

    const manifested = await voids.singleLabel(onForm.orderId, EVERY_OWNER);
    const free = await voids.singleLabel(offForm.orderId, EVERY_OWNER);
    if (!manifested || !free) throw new Error('labels missing');
    expect(await voider.voidOne(manifested, 'customer', userId)).toEqual({ ok: true, state: 'refund_pending', amountCents: 850 });
    expect(await voider.voidOne(free, 'customer', userId)).toEqual({ ok: true, state: 'voided', amountCents: 850 });
  });
});
