import { bought, bulk, buying, db, failure, label, useBulkDatabase } from './support/bulk-batches';

describe('A batch’s rows read for its files on PostgreSQL', () => {
  useBulkDatabase('orders_bulk_files_it');

  describe('reading items for the files', () => {
    it('reads every item once in row order, page by page, across gaps in the row numbers, with the fields the files print and without the PDFs', async () => {
      const { orderId, items: written } = await buying(23, { rowNo: (n) => n * 3 + (n > 10 ? 100 : 0), sku: (n) => (n === 2 ? 'MUG-2' : null) });
      await bulk.claims.markLabelled([label(written[4]!.id, orderId)]);
      await bulk.claims.markFailed([failure(written[5]!.id, orderId)]);
      for (const pageSize of [1, 5, 23, 100]) {
        const read = [];
        for await (const row of bulk.files.itemsInOrder(orderId, pageSize)) read.push(row);
        expect(read.map((r) => r.row_no)).toEqual(written.map((i) => i.rowNo));
        expect(Object.keys(read[0]!).sort()).toEqual(['error', 'order_id', 'order_item_id', 'price_cents', 'quantity', 'recipient', 'row_no', 'service_name', 'sku_number', 'status', 'tracking_number']);
        expect(read[2]).toMatchObject({ order_id: 'order-2', order_item_id: 'item-2', sku_number: 'MUG-2', recipient: 'Recipient 2', quantity: 1, price_cents: 102 });
        expect(read[3]).toMatchObject({ sku_number: null });
        expect(read[4]).toMatchObject({ status: 'labelled', tracking_number: `TRK-${written[4]!.id}` });
        expect(read[5]).toMatchObject({ status: 'failed', error: 'carrier said no' });
      }
    });

    it('reads every item once in row order with the same fields, each bought one with its label file and the others without', async () => {
      const { orderId, items: written } = await buying(9, { rowNo: (n) => n * 2 });
      await bulk.claims.markLabelled(written.filter((_, n) => n !== 3).map((i) => label(i.id, orderId)));
      await bulk.claims.markSucceeded(written.filter((_, n) => n !== 3 && n !== 6).map((i) => i.id));
      await bulk.claims.markFailed([failure(written[3]!.id, orderId)]);
      const plain = [];
      for await (const row of bulk.files.itemsInOrder(orderId)) plain.push(row);
      for (const pageSize of [1, 4, 9, 50]) {
        const read = [];
        for await (const row of bulk.files.itemsWithLabels(orderId, pageSize)) read.push(row);
        expect(read.map(({ label_pdf: _label, ...row }) => row)).toEqual(plain);
        expect(read.map((row) => row.label_pdf?.toString() ?? null)).toEqual(
          written.map((item, n) => (n === 3 || n === 6 ? null : `pdf ${item.id}`)),
        );
      }
    });

    it('tells a batch whose rows name Amazon order items from one whose rows name none (a Shopify export, a typed batch)', async () => {
      const amazon = await buying(3);
      expect(await bulk.files.hasOrderItemIds(amazon.orderId)).toBe(true);
      const shopify = await buying(3);
      await db.sql(`update "orders"."bulk_items" set "data" = jsonb_set("data", '{package,order_item_id}', 'null'::jsonb) where "bulk_order_id" = ?`, [shopify.orderId]);
      expect(await bulk.files.hasOrderItemIds(shopify.orderId)).toBe(false);
      await db.sql(`update "orders"."bulk_items" set "data" = jsonb_set("data", '{package,order_item_id}', '""'::jsonb) where "bulk_order_id" = ? and "row_no" = 1`, [shopify.orderId]);
      expect(await bulk.files.hasOrderItemIds(shopify.orderId)).toBe(false);
    });

    it('keeps a label file byte for byte, every byte value included', async () => {
      const { orderId, items: written } = await buying(1);
      const file = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7 + (i >> 8)) % 256));
      await bulk.claims.markLabelled([{ ...label(written[0]!.id, orderId), label: bought('BYTES', file) }]);
      await bulk.claims.markSucceeded([written[0]!.id]);
      const read: Buffer[] = [];
      for await (const label of bulk.files.labelFilesBySku(orderId, 10)) read.push(label);
      expect(read).toHaveLength(1);
      expect(read[0]?.equals(file)).toBe(true);
    });

    it('reads the bought labels’ PDFs once each, in row order with their items or by SKU (no SKU first, then row), across pages', async () => {
      const skus = ['B', null, 'A', 'B', 'A', null, 'C', 'A', 'B', 'A', 'C', null];
      const { orderId, items: written } = await buying(skus.length, { sku: (n) => skus[n] ?? null });
      const bought = written.filter((_, n) => n !== 3);
      await bulk.claims.markLabelled(written.map((i) => label(i.id, orderId)));
      await bulk.claims.markSucceeded(bought.map((i) => i.id));
      const pdfs = async (bySku: boolean, pageSize: number) => {
        const read: string[] = [];
        if (bySku) for await (const label of bulk.files.labelFilesBySku(orderId, pageSize)) read.push(label.toString());
        else for await (const item of bulk.files.itemsWithLabels(orderId, pageSize)) if (item.label_pdf) read.push(item.label_pdf.toString());
        return read;
      };
      const sorted = [...bought].sort((a, b) => ((a.sku ?? '') === (b.sku ?? '') ? a.rowNo - b.rowNo : (a.sku ?? '') < (b.sku ?? '') ? -1 : 1));
      expect(sorted.map((i) => i.sku)).toEqual([null, null, null, 'A', 'A', 'A', 'A', 'B', 'B', 'C', 'C']);
      for (const pageSize of [1, 2, 4, 11, 50]) {
        expect(await pdfs(false, pageSize)).toEqual(bought.map((i) => `pdf ${i.id}`));
        expect(await pdfs(true, pageSize)).toEqual(sorted.map((i) => `pdf ${i.id}`));
      }
    });
  });
});
