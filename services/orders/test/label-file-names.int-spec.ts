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

const databases: Array<[string, () => Promise<TestDatabase>]> = [
  ['PostgreSQL', () => createPostgresDatabase('orders_label_file_names_it')],
  ['embedded PGlite', createEmbeddedDatabaseFromTemplate],
];

async function* bytes(text: string): AsyncGenerator<Buffer> {
  yield Buffer.from(text);
}

describe.each(databases)('the migration to label file names on %s', (_name, createDatabase) => {
  let database: TestDatabase;
  let orm: MikroORM;
  const userId = randomUUID();
  const orderId = randomUUID();
  const labelName = `label_9205_${randomUUID()}.zpl`;
  let fileId: string;
  const options = (migrations = ordersMigrations) => ({ schema: 'orders', databaseUrl: database.url, poolMax: 4, entities: [OrderEntity, StoredFileEntity], migrations });

  afterAll(async () => {
    await orm?.close();
    await database?.drop();
  });

  beforeAll(async () => {
    database = await createDatabase();
    // A completed ZPL order as an install before the change holds it, its file's id and name in the pdf_ columns.
    const before = await initOrm(options(ordersMigrations.filter((m) => m.name !== 'Migration018LabelFileNames')));
    fileId = (await new FileRepository(before).saveStream(userId, labelName, 'text/plain; charset=utf-8', bytes('^XA^FDlabel^FS^XZ'))).id;
    await before.em.fork().execute(
      `insert into "orders"."orders" ("id", "user_id", "idempotency_key", "request_hash", "status", "service_name", "courier", "sender", "receiver", "package",
         "price_cents", "tracking_number", "pdf_file_id", "pdf_name", "label_format")
       values (?, ?, ?, 'hash', 'completed', 'USPS Priority Mail', 'usps', '{}', '{}', '{}', 850, '9205', ?, ?, 'ZPL')`,
      [orderId, userId, `key-${orderId}`, fileId, labelName],
    );
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
});
