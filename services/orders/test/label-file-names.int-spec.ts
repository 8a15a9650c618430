import { initOrm } from '@labeldesk/nest-orm';
import { createPostgresDatabase, type TestDatabase } from '@labeldesk/nest-orm/testing';
import { createEmbeddedDatabaseFromTemplate } from '@labeldesk/testing';
import type { MikroORM } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { ordersMigrations } from '../src/database/migrations';
import { EVERY_OWNER } from '@labeldesk/nest-transport';
import { BulkFilesBuilder } from '../src/bulk/bulk-files.builder';
import { fileDataOf } from '../src/bulk/bulk-order.mapper';
import type { BoughtLabel } from '../src/carriers/carrier.port';
import type { CarrierRegistry } from '../src/carriers/registry/carrier-registry';
import { StoredFileEntity } from '../src/files/stored-file.entity';
import { FileRepository } from '../src/files/file.repository';
import { OrderEntity } from '../src/orders/order.entity';
import { OrderRepository } from '../src/orders/order.repository';
import { bulkRow, parcel, receiver, sender } from './support/addresses';
import { bulkRepositories } from './support/bulk-repositories';

const databases: Array<[string, () => Promise<TestDatabase>]> = [
  ['PostgreSQL', () => createPostgresDatabase('orders_label_file_names_it')],
  ['embedded PGlite', createEmbeddedDatabaseFromTemplate],
];

const ZPL_LABEL = '^XA^FDlabel^FS^XZ\n';

const bought = (trackingNumber: string): BoughtLabel => ({
  carrier: 'easypost', trackingNumber, serviceUid: 'usps_priority', format: 'ZPL', file: Buffer.from(ZPL_LABEL), costCents: 812,
  carrierRefs: { shipmentId: `shp_${trackingNumber}` },
});

/**
 * The code calls a label file labelFileId/labelName (and an item's label its label file) while the columns keep their
 * pdf_ names: what the code writes it reads back, on both databases the service runs on.
 */
describe.each(databases)('label files written and read through the code on %s', (_name, createDatabase) => {
  let database: TestDatabase;
  let orm: MikroORM;

  beforeAll(async () => {
    database = await createDatabase();
    orm = await initOrm({ schema: 'orders', databaseUrl: database.url, poolMax: 4, entities: [OrderEntity, StoredFileEntity], migrations: ordersMigrations });
  }, 60_000);

  afterAll(async () => {
    await orm?.close();
    await database?.drop();
  });

  it("reads back a ZPL order's label file and name, found by that name, from the order's pdf_ columns", async () => {
    const orders = new OrderRepository(orm);
    const order = Object.assign(new OrderEntity(), {
      id: randomUUID(), userId: randomUUID(), idempotencyKey: `key-${randomUUID()}`, requestHash: 'hash', serviceName: 'USPS Priority Mail',
      serviceUid: 'usps_priority', sender: sender(), receiver: receiver(), package: parcel(), priceCents: 850,
    });
    await orders.insertOrFind(order);
    const labelName = `label_9205_${randomUUID()}.zpl`;
    await orders.completeWithLabel(order, { ...bought('9205'), labelName });

    const found = await orders.findByLabelName(labelName, EVERY_OWNER);
    expect(found).toMatchObject({ id: order.id, labelName, labelFormat: 'ZPL', labelFileId: expect.any(String) });
    const info = await new FileRepository(orm).findInfo(found?.labelFileId ?? '');
    expect(info?.name).toBe(labelName);
    const [row] = await orm.em.fork().execute(`select "pdf_file_id", "pdf_name" from "orders"."orders" where "id" = ?`, [order.id]);
    expect(row).toEqual({ pdf_file_id: found?.labelFileId, pdf_name: labelName });
  });

  it("reads back a zpl batch's labels file and name, found by that name, and each bought item's label", async () => {
    const bulk = bulkRepositories(orm);
    const files = new FileRepository(orm);
    const userId = randomUUID();
    const batchId = await bulk.batches.createDraft(userId);
    const items = [0, 1].map((rowNo) => ({ id: randomUUID(), userId, rowNo, serviceName: 'USPS Priority Mail', serviceUid: 'usps_priority', courier: 'usps', priceCents: 850, sku: null }));
    expect(await bulk.staging.stage(batchId, userId, 0, items.map((_, n) => bulkRow(n)))).toBe(true);
    expect(await bulk.rounds.startFirstRound(batchId, items, { labelFormat: 'zpl', sortBySku: false }, `bulk:${batchId}:1`, 1700)).toBe(true);
    const claimed = await bulk.claims.claimItems(batchId, items.length, 60);
    await bulk.claims.markLabelled(claimed.map((c) => ({ ok: true as const, itemId: c.id, orderId: batchId, label: bought(`TRK${c.row_no}-${batchId}`) })));
    await bulk.claims.markSucceeded(claimed.map((c) => c.id));
    const generating = await bulk.files.claimForFiles(batchId, 60);
    if (!generating) throw new Error('the batch was not ready for its files');
    const built = await new BulkFilesBuilder(bulk.files, files, { sellsPostage: false } as CarrierRegistry).build(generating);
    await bulk.files.finishFiles(batchId, 'completed', built);

    const labels: string[] = [];
    for await (const label of bulk.files.labelFilesBySku(batchId)) labels.push(label.toString());
    expect(labels).toEqual([ZPL_LABEL, ZPL_LABEL]);
    const batch = await bulk.batches.findOwnedByFileName(built.labelName ?? '', EVERY_OWNER);
    expect(batch).toMatchObject({ id: batchId, label_format: 'zpl', pdf_file_id: built.labelFileId, pdf_name: built.labelName });
    expect(batch && fileDataOf(batch)).toMatchObject({ zplName: built.labelName });
    expect((await files.findInfo(built.labelFileId ?? ''))?.name).toBe(built.labelName);
  });
});
