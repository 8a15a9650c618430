import { initOrm } from '@labeldesk/nest-orm';
import { createPostgresDatabase, type TestDatabase } from '@labeldesk/nest-orm/testing';
import { createEmbeddedDatabaseFromTemplate } from '@labeldesk/testing';
import type { MikroORM } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { ordersMigrations } from '../src/database/migrations';
import { StoredFileEntity } from '../src/files/stored-file.entity';
import { FileRepository } from '../src/files/file.repository';
import { OrderEntity } from '../src/orders/order.entity';
import { OrderRepository } from '../src/orders/order.repository';
import { EVERY_OWNER } from '../src/database/owner-condition';
import { BulkFilesRepository } from '../src/bulk/bulk-files.repository';
import { BulkOrdersRepository } from '../src/bulk/bulk-orders.repository';
import { fileDataOf } from '../src/bulk/bulk-order.mapper';

const databases: Array<[string, () => Promise<TestDatabase>]> = [
  ['PostgreSQL', () => createPostgresDatabase('orders_label_file_names_it')],
  ['embedded PGlite', createEmbeddedDatabaseFromTemplate],
];

/** The migrations that renamed the pdf_ columns: an install before them has none of them applied. */
const RENAMES = new Set(['Migration018LabelFileNames', 'Migration019BatchLabelFileNames']);
const ZPL_LABEL = '^XA^FDlabel^FS^XZ';

async function* bytes(text: string): AsyncGenerator<Buffer> {
  yield Buffer.from(text);
}

describe.each(databases)('the migrations to label file names on %s', (_name, createDatabase) => {
  let database: TestDatabase;
  let orm: MikroORM;
  const userId = randomUUID();
  const orderId = randomUUID();
  const labelName = `label_9205_${randomUUID()}.zpl`;
  const batchId = randomUUID();
  const batchLabelName = `Labels_11-29_${randomUUID()}.zpl`;
  let fileId: string;
  let batchFileId: string;
  const options = (migrations = ordersMigrations) => ({ schema: 'orders', databaseUrl: database.url, poolMax: 4, entities: [OrderEntity, StoredFileEntity], migrations });

  afterAll(async () => {
    await orm?.close();
    await database?.drop();
  });

  /** A completed ZPL order, its file's id and name in the pdf_ columns. */
  const oldOrder = async (before: MikroORM): Promise<void> => {
    fileId = (await new FileRepository(before).saveStream(userId, labelName, 'text/plain; charset=utf-8', bytes(ZPL_LABEL))).id;
    await before.em.fork().execute(
      `insert into "orders"."orders" ("id", "user_id", "idempotency_key", "request_hash", "status", "service_name", "courier", "sender", "receiver", "package",
         "price_cents", "tracking_number", "pdf_file_id", "pdf_name", "label_format")
       values (?, ?, ?, 'hash', 'completed', 'USPS Priority Mail', 'usps', '{}', '{}', '{}', 850, '9205', ?, ?, 'ZPL')`,
      [orderId, userId, `key-${orderId}`, fileId, labelName],
    );
  };

  /** A completed `zpl` batch, its .zpl in the pdf_ columns and its one bought item's label in label_pdf. */
  const oldBatch = async (before: MikroORM): Promise<void> => {
    batchFileId = (await new FileRepository(before).saveStream(userId, batchLabelName, 'text/plain; charset=utf-8', bytes(ZPL_LABEL))).id;
    await before.em.fork().execute(
      `insert into "orders"."bulk_orders" ("id", "user_id", "status", "total_count", "processed_count", "charged_cents", "label_format", "pdf_file_id", "pdf_name")
       values (?, ?, 'completed', 1, 1, 850, 'zpl', ?, ?)`,
      [batchId, userId, batchFileId, batchLabelName],
    );
    await before.em.fork().execute(
      `insert into "orders"."bulk_items" ("id", "bulk_order_id", "user_id", "row_no", "status", "service_name", "service_uid", "price_cents", "data", "tracking_number", "label_pdf")
       values (?, ?, ?, 0, 'succeeded', 'USPS Priority Mail', 'usps_priority', 850, '{}', '9205', ?)`,
      [randomUUID(), batchId, userId, Buffer.from(ZPL_LABEL)],
    );
  };

  beforeAll(async () => {
    database = await createDatabase();
    const before = await initOrm(options(ordersMigrations.filter((m) => !RENAMES.has(m.name))));
    await oldOrder(before);
    await oldBatch(before);
    await before.close();
    orm = await initOrm(options());
  }, 60_000);

  it("keeps an existing order's label file and name, now read by its label name", async () => {
    const order = await new OrderRepository(orm).findByLabelName(labelName, EVERY_OWNER);
    expect(order).toMatchObject({ id: orderId, labelFileId: fileId, labelName, labelFormat: 'ZPL' });
  });

  it('still refuses a label file that does not exist, through the renamed foreign key', async () => {
    const insert = orm.em.fork().execute(`update "orders"."orders" set "label_file_id" = ? where "id" = ?`, [randomUUID(), orderId]);
    await expect(insert).rejects.toThrow(/orders_label_file_id_fkey/);
  });

  it("keeps an existing batch's labels file and name, found by its name and named by its format on the wire", async () => {
    const batch = await new BulkOrdersRepository(orm).findOwnedByFileName(batchLabelName, EVERY_OWNER);
    expect(batch).toMatchObject({ id: batchId, label_file_id: batchFileId, label_name: batchLabelName, label_format: 'zpl' });
    expect(batch && fileDataOf(batch)).toEqual({ zplName: batchLabelName });
  });

  it("keeps each bought item's label, read back to rebuild the batch's labels file", async () => {
    const labels: string[] = [];
    for await (const label of new BulkFilesRepository(orm).labelFilesBySku(batchId)) labels.push(label.toString());
    expect(labels).toEqual([ZPL_LABEL]);
  });

  it("never removes an existing batch's labels file while another batch rebuilds files of that name", async () => {
    await new FileRepository(orm).removeOwnByNames(userId, randomUUID(), [batchLabelName]);
    const files = await orm.em.fork().execute(`select "id" from "orders"."files" where "name" = ?`, [batchLabelName]);
    expect(files).toEqual([{ id: batchFileId }]);
  });
});
