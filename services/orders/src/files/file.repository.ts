import { Inject, Injectable } from '@nestjs/common';
import { ORM } from '@labeldesk/nest-orm';
import type { MikroORM } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { StoredFileEntity } from './stored-file.entity';

@Injectable()
export class FileRepository {
  constructor(@Inject(ORM) private readonly orm: MikroORM) {}

  private get table(): string {
    return `"${this.orm.config.get('schema')}"."files"`;
  }

  /** Saving the same name twice keeps the first file: a resumed order never writes a second label. */
  async save(ownerId: string, name: string, contentType: string, data: Buffer): Promise<StoredFileEntity> {
    const em = this.orm.em.fork();
    await em.execute(
      `insert into ${this.table} ("id", "owner_id", "name", "content_type", "size_bytes", "data") values (?, ?, ?, ?, ?, ?) on conflict ("name") do nothing`,
      [randomUUID(), ownerId, name, contentType, data.length, data],
    );
    const saved = await em.findOne(StoredFileEntity, { name });
    if (!saved) throw new Error(`file ${name} was not saved`);
    return saved;
  }

  findInfo(id: string): Promise<StoredFileEntity | null> {
    return this.orm.em.fork().findOne(StoredFileEntity, { id });
  }

  /** A slice of the bytes, read by the database, so a large file never sits whole in memory. */
  async readChunk(id: string, offset: number, length: number): Promise<Buffer | null> {
    const [row] = await this.orm.em
      .fork()
      .execute<Array<{ chunk: Buffer }>>(`select substring("data" from ? for ?) as chunk from ${this.table} where "id" = ?`, [offset + 1, length, id]);
    return row ? row.chunk : null;
  }
}
