import { Inject, Injectable } from '@nestjs/common';
import type { CsvColumnMapping } from '@labeldesk/contracts';
import { ORM } from '@labeldesk/nest-orm';
import type { MikroORM } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { CsvMappingEntity } from './csv-mapping.entity';

@Injectable()
export class CsvMappingRepository {
  constructor(@Inject(ORM) private readonly orm: MikroORM) {}

  find(userId: string, signature: string): Promise<CsvMappingEntity | null> {
    return this.orm.em.fork().findOne(CsvMappingEntity, { userId, signature });
  }

  /** One row per user and signature: a second save (or two at once) replaces the mapping, never adds a row. */
  async save(userId: string, signature: string, mapping: CsvColumnMapping): Promise<CsvMappingEntity> {
    const now = new Date();
    return this.orm.em.fork().upsert(
      CsvMappingEntity,
      { id: randomUUID(), userId, signature, mapping, createdAt: now, updatedAt: now },
      { onConflictFields: ['userId', 'signature'], onConflictAction: 'merge', onConflictMergeFields: ['mapping', 'updatedAt'] },
    );
  }
}
