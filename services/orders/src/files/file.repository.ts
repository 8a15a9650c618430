import { Inject, Injectable } from '@nestjs/common';
import { executeBound, ORM, schemaTable } from '@labeldesk/nest-orm';
import { ownerFilterOf, type OwnerScope } from '@labeldesk/nest-transport';
import type { MikroORM } from '@mikro-orm/postgresql';
import { FILE_CHUNK_BYTES } from '@labeldesk/contracts';
import { randomUUID } from 'node:crypto';
import { StoredFileEntity } from './stored-file.entity';

@Injectable()
export class FileRepository {
  constructor(@Inject(ORM) private readonly orm: MikroORM) {}

  private get table(): string {
    return schemaTable(this.orm, 'files');
  }

  /**
   * Stores a file as it is produced, one part at a time, so a 10,000-label PDF never sits whole in memory.
   * The file row is written last (size known), so a half-written file is never found by name.
   */
  async saveStream(ownerId: string, name: string, contentType: string, source: AsyncIterable<Buffer | Uint8Array | string>): Promise<StoredFileEntity> {
    const id = randomUUID();
    const em = this.orm.em.fork();
    const parts = schemaTable(this.orm, 'file_parts');
    await em.execute(`insert into ${this.table} ("id", "owner_id", "name", "content_type", "size_bytes", "data", "part_bytes") values (?, ?, ?, ?, 0, null, ?)`, [
      id, ownerId, `${name}.partial.${id}`, contentType, FILE_CHUNK_BYTES,
    ]);
    let size = 0;
    let partNo = 0;
    const write = async (bytes: Buffer) => {
      await executeBound(em, `insert into ${parts} ("file_id", "part_no", "data") values (?, ?, ?)`, [id, partNo++, bytes]);
    };
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    for await (const chunk of source) {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
      pending.push(bytes);
      pendingBytes += bytes.length;
      size += bytes.length;
      while (pendingBytes >= FILE_CHUNK_BYTES) {
        const joined = Buffer.concat(pending);
        await write(joined.subarray(0, FILE_CHUNK_BYTES));
        const rest = joined.subarray(FILE_CHUNK_BYTES);
        pending = rest.length > 0 ? [Buffer.from(rest)] : [];
        pendingBytes = rest.length;
      }
    }
    if (pendingBytes > 0) await write(Buffer.concat(pending));
    await em.execute(`update ${this.table} set "name" = ?, "size_bytes" = ? where "id" = ?`, [name, size, id]);
    const saved = await em.findOne(StoredFileEntity, { id });
    if (!saved) throw new Error(`file ${name} was not saved`);
    return saved;
  }

  /**
   * Removes a batch's earlier files by name before a rebuild writes them again: only the owner's files that no
   * other batch or order refers to (an orphan left by a crash, or the batch's own), never another batch's file.
   */
  async removeOwnByNames(ownerId: string, batchId: string, names: readonly string[]): Promise<void> {
    if (names.length === 0) return;
    await this.orm.em.fork().execute(
      `delete from ${this.table} f where f."owner_id" = ? and f."name" in (${names.map(() => '?').join(', ')})
         and not exists (select 1 from ${schemaTable(this.orm, 'bulk_orders')} b where b."id" <> ? and f."id" in (b."pdf_file_id", b."result_file_id", b."confirm_file_id"))
         and not exists (select 1 from ${schemaTable(this.orm, 'orders')} o where o."pdf_file_id" = f."id")`,
      [ownerId, ...names, batchId],
    );
  }

  /** Removes files (a batch's earlier output before it is rebuilt). */
  async remove(ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.orm.em.fork().execute(`delete from ${this.table} where "id" in (${ids.map(() => '?').join(', ')})`, [...ids]);
  }

  /** The owner's newest file of this name (a file built once and answered again, like packing slips). */
  findByOwnerAndName(ownerId: string, name: string): Promise<StoredFileEntity | null> {
    return this.orm.em.fork().findOne(StoredFileEntity, { ownerId, name }, { orderBy: { createdAt: 'desc' } });
  }

  /** The file if its owner is in the caller's scope, filtered in the query: another user's is not found, as a missing one. */
  findOwnedInfo(id: string, scope: OwnerScope): Promise<StoredFileEntity | null> {
    const owner = ownerFilterOf(scope).userId;
    return this.orm.em.fork().findOne(StoredFileEntity, owner === undefined ? { id } : { id, ownerId: owner });
  }

  findInfo(id: string): Promise<StoredFileEntity | null> {
    return this.orm.em.fork().findOne(StoredFileEntity, { id });
  }

  /** A slice of the bytes, read by the database, so a large file never sits whole in memory. */
  async readChunk(id: string, offset: number, length: number): Promise<Buffer | null> {
    const em = this.orm.em.fork();
    const [row] = await em.execute<Array<{ chunk: Buffer | null; part_bytes: number | null }>>(
      `select substring("data" from ? for ?) as chunk, "part_bytes" from ${this.table} where "id" = ?`,
      [offset + 1, length, id],
    );
    if (!row) return null;
    if (row.part_bytes === null) return row.chunk;
    const partBytes = row.part_bytes;
    const first = Math.floor(offset / partBytes);
    const last = Math.floor((offset + length - 1) / partBytes);
    const parts = await em.execute<Array<{ data: Buffer }>>(
      `select "data" from ${schemaTable(this.orm, 'file_parts')} where "file_id" = ? and "part_no" between ? and ? order by "part_no"`,
      [id, first, last],
    );
    const joined = Buffer.concat(parts.map((p) => p.data));
    const start = offset - first * partBytes;
    return joined.subarray(start, start + length);
  }
}
