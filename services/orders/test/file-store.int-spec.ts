import { FILE_CHUNK_BYTES } from '@labeldesk/contracts';
import { executeBound } from '@labeldesk/nest-orm';
import { randomUUID } from 'node:crypto';
import { FileRepository } from '../src/files/file.repository';
import { openOrdersDatabase, type OrdersDatabase } from './support/orders-database';

/** The file store's parts on the real PostgreSQL server: written with bound binary values, stored uncompressed. */
describe('FileRepository on PostgreSQL', () => {
  let db: OrdersDatabase;
  let files: FileRepository;

  beforeAll(async () => {
    db = await openOrdersDatabase('orders_file_store_it');
    files = new FileRepository(db.orm);
  }, 60_000);

  afterAll(async () => {
    await db?.close();
  });

  async function* inPieces(bytes: Buffer, size: number): AsyncGenerator<Buffer> {
    for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
  }

  it('keeps a file of several parts byte for byte, every byte value included, and reads a range across a part boundary', async () => {
    const bytes = Buffer.from(Array.from({ length: 2 * FILE_CHUNK_BYTES + 12_345 }, (_, i) => (i * 31 + (i >> 9)) % 256));
    const saved = await files.saveStream(randomUUID(), 'labels.pdf', 'application/pdf', inPieces(bytes, 70_001));
    expect(Number(saved.sizeBytes)).toBe(bytes.length);

    const parts = await db.sql<{ part_no: number; data: Buffer }>(`select "part_no", "data" from "orders"."file_parts" where "file_id" = ? order by "part_no"`, [saved.id]);
    expect(parts.map((p) => p.data.length)).toEqual([FILE_CHUNK_BYTES, FILE_CHUNK_BYTES, 12_345]);
    expect(Buffer.concat(parts.map((p) => p.data)).equals(bytes)).toBe(true);

    const across = await files.readChunk(saved.id, FILE_CHUNK_BYTES - 10, 20);
    expect(across?.equals(bytes.subarray(FILE_CHUNK_BYTES - 10, FILE_CHUNK_BYTES + 10))).toBe(true);
  });

  it('runs a statement with bound values inside the transaction of its entity manager, so a rollback takes it back', async () => {
    const kept = await files.saveStream(randomUUID(), 'kept.bin', 'application/octet-stream', inPieces(Buffer.from('x'), 1));
    const addPart = (em: Parameters<typeof executeBound>[0]) =>
      executeBound(em, `insert into "orders"."file_parts" ("file_id", "part_no", "data") values (?, ?, ?)`, [kept.id, 1, Buffer.from([0, 255, 7])]);
    const undone = await db.orm.em.fork().transactional(async (em) => {
      await addPart(em);
      throw new Error('undo');
    }).catch((error: unknown) => error);
    expect(undone).toEqual(new Error('undo'));
    const partNumbers = async () => (await db.sql<{ part_no: number }>(`select "part_no" from "orders"."file_parts" where "file_id" = ? order by "part_no"`, [kept.id])).map((p) => p.part_no);
    expect(await partNumbers()).toEqual([0]);

    await addPart(db.orm.em.fork());
    expect(await partNumbers()).toEqual([0, 1]);
    const [added] = await db.sql<{ data: Buffer }>(`select "data" from "orders"."file_parts" where "file_id" = ? and "part_no" = 1`, [kept.id]);
    expect([...(added?.data ?? [])]).toEqual([0, 255, 7]);
  });

  it('stores parts out of line without compressing them again', async () => {
    const [column] = await db.sql<{ attstorage: string }>(
      `select a."attstorage" from pg_attribute a join pg_class c on c."oid" = a."attrelid" join pg_namespace n on n."oid" = c."relnamespace"
       where n."nspname" = 'orders' and c."relname" = 'file_parts' and a."attname" = 'data'`,
    );
    expect(column?.attstorage).toBe('e');
  });
});
