import { Inject, Injectable } from '@nestjs/common';
import type { BatchSearchFilters, ExportCursor } from '@labeldesk/contracts';
import { ORM, schemaTable } from '@labeldesk/nest-orm';
import type { OwnerScope } from '@labeldesk/nest-transport';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { BulkOrderRow } from '../bulk';
import { batchSearchWhere } from './batch-search.sql';
import { cursorTime } from './search-conditions';

/** A found batch and its exact time (an export's cursor). */
export type FoundBatchRow = BulkOrderRow & { cursor_at: string };

/** Batches found by the seller's filters, newest first, read through the owner's (user, newest first) index. */
@Injectable()
export class BatchSearchRepository {
  constructor(@Inject(ORM) private readonly orm: MikroORM) {}

  private get table(): string {
    return schemaTable(this.orm, 'bulk_orders');
  }

  async page(filters: BatchSearchFilters, scope: OwnerScope, page: number, limit: number): Promise<{ rows: FoundBatchRow[]; total: number }> {
    const [rows, total] = await Promise.all([this.rows(filters, scope, { limit, offset: (page - 1) * limit }), this.count(filters, scope)]);
    return { rows, total };
  }

  /** The batches after the cursor (newest first): one part of an export. */
  after(filters: BatchSearchFilters, scope: OwnerScope, cursor: ExportCursor | undefined, limit: number): Promise<FoundBatchRow[]> {
    return this.rows(filters, scope, { limit, offset: 0 }, cursor);
  }

  private rows(filters: BatchSearchFilters, scope: OwnerScope, window: { limit: number; offset: number }, cursor?: ExportCursor): Promise<FoundBatchRow[]> {
    const where = batchSearchWhere(filters, scope, cursor);
    return this.orm.em.getConnection().execute<FoundBatchRow[]>(
      `select b.*, ${cursorTime('b')} as "cursor_at" from ${this.table} b where ${where.sql} order by b."created_at" desc, b."id" desc limit ? offset ?`,
      [...where.params, window.limit, window.offset],
    );
  }

  private async count(filters: BatchSearchFilters, scope: OwnerScope): Promise<number> {
    const where = batchSearchWhere(filters, scope);
    const [row] = await this.orm.em.getConnection().execute<Array<{ n: string | number }>>(`select count(*) as "n" from ${this.table} b where ${where.sql}`, [...where.params]);
    return Number(row?.n ?? 0);
  }
}
