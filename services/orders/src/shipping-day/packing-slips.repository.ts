import { Inject, Injectable } from '@nestjs/common';
import { ORM, schemaTable } from '@labeldesk/nest-orm';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { BulkOrderItem } from '@labeldesk/contracts';
import { jsonColumn } from '../database';
import type { SlipRow } from './packing-slip.content';

/** Rows read per query: the embedded database stalls on multi-megabyte results. */
const PAGE = 500;

interface Row {
  id: string;
  row_no: number;
  data: BulkOrderItem | string;
  tracking_number: string;
  service_name: string;
}

@Injectable()
export class PackingSlipsRepository {
  constructor(@Inject(ORM) private readonly orm: MikroORM) {}

  /** A batch's labelled rows in the order of its label file (by SKU when the batch is sorted so, as the labels are). */
  async rows(bulkOrderId: string, sortBySku: boolean): Promise<SlipRow[]> {
    const em = this.orm.em.fork();
    const orderBy = sortBySku ? `coalesce("sku", ''), "row_no"` : `"row_no"`;
    const out: SlipRow[] = [];
    for (let offset = 0; ; offset += PAGE) {
      const rows = await em.execute<Row[]>(
        `select "id", "row_no", "data", "tracking_number", "service_name" from ${schemaTable(this.orm, 'bulk_items')}
          where "bulk_order_id" = ? and "status" = 'succeeded' and "tracking_number" is not null order by ${orderBy} limit ? offset ?`,
        [bulkOrderId, PAGE, offset],
      );
      out.push(...rows.map((r) => ({ itemId: r.id, row: r.row_no + 1, data: jsonColumn(r.data), trackingNumber: r.tracking_number, serviceName: r.service_name })));
      if (rows.length < PAGE) return out;
    }
  }
}
