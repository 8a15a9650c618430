import { Inject } from '@nestjs/common';
import { ORM, schemaTable } from '@labeldesk/nest-orm';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';

/** What the bulk repositories share: their tables in the service's schema, a fresh entity manager, row spans. */
export abstract class BulkSql {
  constructor(@Inject(ORM) protected readonly orm: MikroORM) {}

  protected t(name: string): string {
    return schemaTable(this.orm, name);
  }

  protected em(): EntityManager {
    return this.orm.em.fork();
  }

  /**
   * A batch's rows read page by page go by spans of row numbers, not by "the next n rows after the last one": for
   * that, a planner that guesses the batch has fewer rows than a page (the embedded database never gathers
   * statistics; a big batch among many small ones looks small) reads every later row of the batch and sorts it to
   * keep n, each page: the batch's reading grows with the square of its size. A span reads at most its own rows
   * whatever the plan; gaps only make a page shorter.
   */
  protected async rowSpans(table: 'bulk_items' | 'bulk_staged_rows', orderId: string, pageSize: number): Promise<Array<[number, number]>> {
    const [row] = await this.em().execute<Array<{ first: number | null; last: number | null }>>(
      `select min("row_no") as "first", max("row_no") as "last" from ${this.t(table)} where "bulk_order_id" = ?`,
      [orderId],
    );
    const spans: Array<[number, number]> = [];
    if (row?.first == null || row.last == null) return spans;
    for (let from = row.first; from <= row.last; from += pageSize) spans.push([from, Math.min(from + pageSize - 1, row.last)]);
    return spans;
  }
}
