import type { OrdersEnv } from '../src/config/env.schema';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { type LabelFormat, PaymentsRpc } from '@labeldesk/contracts';
import type { RpcClient } from '@labeldesk/nest-transport';
import { BulkEngine } from '../src/bulk/bulk-engine';
import { BulkFilesBuilder } from '../src/bulk/bulk-files.builder';
import { BulkProgressPublisher } from '../src/bulk/bulk-progress.publisher';
import { bulkRepositories, type BulkRepositories } from './support/bulk-repositories';
import type { BulkOrderRow } from '../src/bulk/bulk.rows';
import { RegenerateFilesUseCase } from '../src/bulk/usecases/regenerate-files.usecase';
import type { BoughtLabel } from '../src/carriers/carrier.port';
import type { LabelExtrasRepository } from '../src/insurance';
import type { LabelPurchaser } from '../src/carriers/purchase/label-purchaser';
import type { CarrierRegistry } from '../src/carriers/registry/carrier-registry';
import { labelInput } from '../src/carriers/testing/label-fixtures';
import { renderLabel } from '../src/carriers/sandbox/label-renderer';
import { renderZplLabel } from '../src/carriers/sandbox/zpl-label-renderer';
import type { ShipperContacts } from '../src/carriers/shipper/shipper-contacts';
import { FileRepository } from '../src/files/file.repository';
import { VoidStamper } from '../src/lifecycle/void-stamp';
import { isVoidStampedPdf, ZPL_VOID_MARKER } from '../src/lifecycle/void-stamp.pdf';
import { OrderEntity } from '../src/orders/order.entity';
import { OrderRepository } from '../src/orders/order.repository';
import { bulkRow, parcel, receiver, sender } from './support/addresses';
import { openOrdersDatabase, type OrdersDatabase } from './support/orders-database';

/**
 * Stamping voided labels where they are stored, against the real PostgreSQL server: what a download reads afterwards
 * (through FileRepository, as the files controller does) says VOID, and a batch's merged file is rebuilt under its name.
 * The merged PDF is read by poppler's pdftotext (poppler-utils, on the integration suite's machine).
 */
describe('VoidStamper on PostgreSQL', () => {
  let db: OrdersDatabase;
  let files: FileRepository;
  let orders: OrderRepository;
  let bulk: BulkRepositories;
  let engine: BulkEngine;
  let stamper: VoidStamper;
  let workDir: string;
  /** The calls the engine made to other services (payments' releaseHold), and the progress events it sent. */
  const called: string[] = [];

  beforeAll(async () => {
    db = await openOrdersDatabase('orders_void_stamp_it');
    workDir = mkdtempSync(join(tmpdir(), 'void-stamp-it-'));
    files = new FileRepository(db.orm);
    orders = new OrderRepository(db.orm);
    bulk = bulkRepositories(db.orm);
    // Other services answer over NATS in production; here the payments service's release and the progress events only
    // need to be accepted. Buying is never asked of the engine here: its purchaser and shippers are never reached.
    const rpc = {
      call: async (contract: { subject: string }) => {
        called.push(contract.subject);
        return {};
      },
      emit: async () => undefined,
    } as unknown as RpcClient;
    const progress = new BulkProgressPublisher(rpc);
    const builder = new BulkFilesBuilder(bulk.files, files, { sellsPostage: false } as CarrierRegistry);
    engine = new BulkEngine(bulk.batches, bulk.rounds, bulk.claims, bulk.files, rpc, {} as LabelPurchaser, {} as ShipperContacts, builder, progress, {} as OrdersEnv, {} as LabelExtrasRepository);
    stamper = new VoidStamper(db.orm, bulk.batches, new RegenerateFilesUseCase(bulk.batches, bulk.files, engine, progress));
  }, 60_000);

  afterAll(async () => {
    rmSync(workDir, { recursive: true, force: true });
    await db?.close();
  });

  const bought = (trackingNumber: string, file: Buffer, format: 'PDF' | 'ZPL' = 'PDF'): BoughtLabel => ({
    carrier: 'easypost', trackingNumber, serviceUid: 'usps_priority', format, file, costCents: 812, carrierRefs: { shipmentId: `shp_${trackingNumber}` },
  });

  /** A completed single order whose label file is `file`; answers the order's id and its file's id. */
  const completedOrder = async (file: Buffer, format: 'PDF' | 'ZPL' = 'PDF') => {
    const userId = randomUUID();
    const order = Object.assign(new OrderEntity(), {
      id: randomUUID(), userId, idempotencyKey: `key-${randomUUID()}`, requestHash: 'hash', serviceName: 'USPS Priority Mail', serviceUid: 'usps_priority',
      sender: sender(), receiver: receiver(), package: parcel(), priceCents: 725,
    });
    await orders.insertOrFind(order);
    await orders.completeWithLabel(order, { ...bought(`9205${Date.now()}${Math.floor(Math.random() * 1e6)}`, file, format), labelName: `label_${randomUUID()}.pdf` });
    const completed = await orders.findById(order.id);
    if (!completed?.labelFileId) throw new Error('the order was not completed with its file');
    return { orderId: order.id, fileId: completed.labelFileId };
  };

  /** The whole stored file, read as a download reads it. */
  const download = async (fileId: string) => {
    const info = await files.findInfo(fileId);
    if (!info) throw new Error(`file ${fileId} is gone`);
    const bytes = (await files.readChunk(fileId, 0, info.sizeBytes)) ?? Buffer.alloc(0);
    return { info, bytes };
  };

  const pdfText = (pdf: Buffer, page?: number): string => {
    const path = join(workDir, `${randomUUID()}.pdf`);
    writeFileSync(path, pdf);
    const pages = page === undefined ? [] : ['-f', String(page), '-l', String(page)];
    const result = spawnSync('pdftotext', [...pages, path, '-'], { encoding: 'utf8', timeout: 30_000 });
    if (result.error) throw new Error(`pdftotext could not run (${result.error.message}); install poppler-utils`);
    return result.stdout;
  };

  /** A batch whose `count` labels were bought and charged; its files are built when `finished`. */
  const batchWithLabels = async (count: number, finished = true, labelFormat: LabelFormat = '4x6') => {
    const userId = randomUUID();
    const batchId = await bulk.batches.createDraft(userId);
    const items = Array.from({ length: count }, (_, n) => ({
      id: randomUUID(), userId, rowNo: n, serviceName: 'USPS Priority Mail', serviceUid: 'usps_priority', courier: 'usps', priceCents: 500 + n, sku: null,
    }));
    expect(await bulk.staging.stage(batchId, userId, 0, items.map((_, n) => bulkRow(n)))).toBe(true);
    expect(await bulk.rounds.startFirstRound(batchId, items, { labelFormat, sortBySku: false }, `bulk:${batchId}:1`, 600 * count)).toBe(true);
    const claimed = await bulk.claims.claimItems(batchId, count, 60);
    const zpl = labelFormat === 'zpl';
    const labels = await Promise.all(claimed.map((c) => (zpl ? renderZplLabel : renderLabel)(labelInput({ serial: 1000 + c.row_no }))));
    await bulk.claims.markLabelled(claimed.map((c, i) => ({ ok: true as const, itemId: c.id, orderId: batchId, label: bought(`TRK${c.row_no}-${batchId}`, labels[i] ?? Buffer.alloc(0), zpl ? 'ZPL' : 'PDF') })));
    await bulk.claims.markSucceeded(claimed.map((c) => c.id));
    let batch = await bulk.batches.find(batchId);
    if (finished) batch = await engine.finish(batchId);
    if (!batch) throw new Error('the batch was not set up');
    return { batch, itemIds: [...claimed].sort((a, b) => a.row_no - b.row_no).map((c) => c.id) };
  };

  const itemLabel = async (itemId: string) => {
    const [row] = await db.sql<{ label_pdf: Buffer }>(`select "label_pdf" from "orders"."bulk_items" where "id" = ?`, [itemId]);
    if (!row) throw new Error(`item ${itemId} is gone`);
    return row.label_pdf;
  };

  const mergedPdf = async (batch: BulkOrderRow) => {
    if (!batch.pdf_file_id) throw new Error(`batch ${batch.id} has no merged PDF`);
    return download(batch.pdf_file_id);
  };

  it("rewrites a single order's PDF label in its own file row: same id and name, VOID on the page, size kept right", async () => {
    const label = await renderLabel(labelInput());
    const { orderId, fileId } = await completedOrder(label);
    const before = await download(fileId);

    await stamper.stamp({ kind: 'single', labelId: orderId, orderId });

    const after = await download(fileId);
    expect(after.info.name).toBe(before.info.name);
    expect(after.info.sizeBytes).toBe(after.bytes.length);
    expect(after.bytes.equals(before.bytes)).toBe(false);
    expect(await isVoidStampedPdf(after.bytes)).toBe(true);
    expect(pdfText(after.bytes)).toMatch(/\bVOID\b/);
    expect((await orders.findById(orderId))?.labelFileId).toBe(fileId);
  });

  it('stamps a label only once, however often it is asked', async () => {
    const { orderId, fileId } = await completedOrder(await renderLabel(labelInput()));
    await stamper.stamp({ kind: 'single', labelId: orderId, orderId });
    const once = await download(fileId);
    await Promise.all([stamper.stamp({ kind: 'single', labelId: orderId, orderId }), stamper.stamp({ kind: 'single', labelId: orderId, orderId })]);
    const again = await download(fileId);
    expect(again.bytes.equals(once.bytes)).toBe(true);
    expect(pdfText(again.bytes).match(/\bVOID\b/g)).toHaveLength(1);
  });

  it('writes a label stored in parts back whole, its parts gone and its size that of the new bytes', async () => {
    const label = await renderLabel(labelInput());
    const { orderId, fileId: inline } = await completedOrder(label);
    const chunks = async function* () {
      yield label.subarray(0, 1000);
      yield label.subarray(1000);
    };
    const parted = await files.saveStream(randomUUID(), `label_${randomUUID()}.pdf`, 'application/pdf', chunks());
    await db.sql(`update "orders"."orders" set "pdf_file_id" = ? where "id" = ?`, [parted.id, orderId]);
    await db.sql(`delete from "orders"."files" where "id" = ?`, [inline]);

    await stamper.stamp({ kind: 'single', labelId: orderId, orderId });

    const after = await download(parted.id);
    expect(after.info.sizeBytes).toBe(after.bytes.length);
    expect(after.info.partBytes).toBeNull();
    expect(await isVoidStampedPdf(after.bytes)).toBe(true);
    expect(await db.sql(`select 1 from "orders"."file_parts" where "file_id" = ?`, [parted.id])).toHaveLength(0);
  });

  it('puts a VOID field into a ZPL label before its ^XZ', async () => {
    const zpl = Buffer.from('^XA\n^PW812\n^LL1218\n^FO50,50^A0N,40,40^FDUSPS PRIORITY MAIL^FS\n^XZ\n', 'latin1');
    const { orderId, fileId } = await completedOrder(zpl, 'ZPL');
    await stamper.stamp({ kind: 'single', labelId: orderId, orderId });
    const { info, bytes } = await download(fileId);
    const text = bytes.toString('latin1');
    expect(info.sizeBytes).toBe(bytes.length);
    expect(text).toContain(ZPL_VOID_MARKER);
    expect(text.indexOf('^FDVOID^FS')).toBeLessThan(text.lastIndexOf('^XZ'));
  });

  it("refuses to stamp an order that has no label file, changing nothing", async () => {
    const orderId = randomUUID();
    await expect(stamper.stamp({ kind: 'single', labelId: orderId, orderId })).rejects.toThrow(/no label file/);
  });

  it("stamps a batch item's own label and rebuilds the batch's files under the same names, VOID on that label's page only", async () => {
    const { batch, itemIds } = await batchWithLabels(3);
    expect(batch.status).toBe('completed');
    const before = await mergedPdf(batch);
    expect(pdfText(before.bytes)).not.toMatch(/\bVOID\b/);
    const voided = itemIds[1] ?? '';
    called.length = 0;

    await stamper.stamp({ kind: 'bulk', labelId: voided, orderId: batch.id });

    // Regenerate Files asks payments to release the batch's hold again (closed already: payments moves nothing) and nothing else.
    expect(called).toEqual([PaymentsRpc.releaseHold.subject]);

    expect(await isVoidStampedPdf(await itemLabel(voided))).toBe(true);
    expect(await isVoidStampedPdf(await itemLabel(itemIds[0] ?? ''))).toBe(false);
    const rebuilt = await bulk.batches.find(batch.id);
    if (!rebuilt) throw new Error('the batch is gone');
    expect(rebuilt).toMatchObject({ status: 'completed', pdf_name: batch.pdf_name, result_csv_name: batch.result_csv_name, auto_confirm_csv_name: batch.auto_confirm_csv_name });
    const after = await mergedPdf(rebuilt);
    expect(after.info.name).toBe(batch.pdf_name);
    expect(after.info.sizeBytes).toBe(after.bytes.length);
    expect([1, 2, 3].map((page) => /\bVOID\b/.test(pdfText(after.bytes, page)))).toEqual([false, true, false]);
    // The earlier merged file is gone: its name now finds the rebuilt one only.
    expect(await files.findInfo(before.info.id)).toBeNull();
    expect(await db.sql(`select 1 from "orders"."files" where "name" = ?`, [batch.pdf_name])).toHaveLength(1);
  });

  it('gives voids of one batch arriving together a merged file with every one of them stamped', async () => {
    const { batch, itemIds } = await batchWithLabels(4);
    const [first = '', , third = '', fourth = ''] = itemIds;
    await Promise.all([first, third, fourth].map((labelId) => stamper.stamp({ kind: 'bulk', labelId, orderId: batch.id })));
    const rebuilt = await bulk.batches.find(batch.id);
    if (!rebuilt) throw new Error('the batch is gone');
    expect(rebuilt.status).toBe('completed');
    const merged = await mergedPdf(rebuilt);
    expect([1, 2, 3, 4].map((page) => /\bVOID\b/.test(pdfText(merged.bytes, page)))).toEqual([true, false, true, true]);
  });

  it('shows the stamp on the letter sheet that holds the voided label, in a two-labels-a-sheet batch', async () => {
    const { batch, itemIds } = await batchWithLabels(4, true, 'letter_2up');
    await stamper.stamp({ kind: 'bulk', labelId: itemIds[2] ?? '', orderId: batch.id });
    const rebuilt = await bulk.batches.find(batch.id);
    if (!rebuilt) throw new Error('the batch is gone');
    const merged = await mergedPdf(rebuilt);
    expect([1, 2].map((page) => /\bVOID\b/.test(pdfText(merged.bytes, page)))).toEqual([false, true]);
  });

  it("writes a zpl batch's labels as one .zpl in row order, no PDF, and rebuilds it with the voided label stamped", async () => {
    const { batch, itemIds } = await batchWithLabels(3, true, 'zpl');
    expect(batch.pdf_name).toMatch(/^Labels_\d{1,2}-\d{1,2}_[A-Za-z0-9_-]{22}\.zpl$/);
    const built = await mergedPdf(batch);
    expect(built.info.contentType).toBe('text/plain; charset=utf-8');
    const labelsOf = (text: string) => text.match(/\^XA[\s\S]*?\^XZ/g) ?? [];
    const serials = (text: string) => labelsOf(text).map((label) => /\^FH_\^FD(9205(?: \d{1,4})+)\^FS/.exec(label)?.[1]);
    expect(serials(built.bytes.toString('utf8'))).toEqual([1000, 1001, 1002].map((serial) => labelInput({ serial }).impb.hri));

    await stamper.stamp({ kind: 'bulk', labelId: itemIds[1] ?? '', orderId: batch.id });
    const rebuilt = await bulk.batches.find(batch.id);
    if (!rebuilt) throw new Error('the batch is gone');
    const text = (await mergedPdf(rebuilt)).bytes.toString('utf8');
    expect(rebuilt.pdf_name).toBe(batch.pdf_name);
    expect(labelsOf(text).map((label) => label.includes(ZPL_VOID_MARKER))).toEqual([false, true, false]);
  });

  it('leaves a batch still being bought to build its files later, from the stamped label', async () => {
    const { batch, itemIds } = await batchWithLabels(2, false);
    expect(batch.status).toBe('processing');
    const voided = itemIds[0] ?? '';
    await stamper.stamp({ kind: 'bulk', labelId: voided, orderId: batch.id });
    expect(await isVoidStampedPdf(await itemLabel(voided))).toBe(true);
    expect(await bulk.batches.find(batch.id)).toMatchObject({ status: 'processing', pdf_file_id: null });

    const finished = await engine.finish(batch.id);
    if (!finished) throw new Error('the batch did not finish');
    const merged = await mergedPdf(finished);
    expect([1, 2].map((page) => /\bVOID\b/.test(pdfText(merged.bytes, page)))).toEqual([true, false]);
  });
});
