import { z } from 'zod';
import { optionalField } from '../common/fields';

/**
 * The items of one bulk row whose order has several (decision 091): a Shopify export writes one line per item and
 * only the first carries the address, so the page joins them into one row (one label) and keeps each item here for
 * the packing slip. A row of one item has no list: its own SKU, description and quantity are its item.
 */

/** The most items one row lists: a parcel of more is rare, and it keeps a message of BULK_STAGE_ROWS rows small. */
export const BULK_ROW_MAX_ITEMS = 20;
/** The most units a row (or one of its items) ships. */
export const BULK_MAX_QUANTITY = 1000;

/** A quantity as a file gives it: empty is 1, text is read as a number. */
export const bulkQuantityField = (label = 'Quantity') =>
  z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? 1 : typeof v === 'string' ? Number(v.trim()) : v),
    z
      .number({ error: `${label} must be a number` })
      .int({ error: `${label} must be a whole number` })
      .min(1, { error: `${label} must be at least 1` })
      .max(BULK_MAX_QUANTITY, { error: `${label} must be less than ${BULK_MAX_QUANTITY}` }),
  );

/** One item of a row's order, as its packing slip lists it. */
export const bulkRowItemSchema = z.object({
  sku_number: optionalField('Item SKU', 64),
  description: optionalField('Item description', 200),
  quantity: bulkQuantityField('Item quantity'),
});
export type BulkRowItemInput = z.input<typeof bulkRowItemSchema>;
export type BulkRowItem = z.output<typeof bulkRowItemSchema>;

/** `package.items`: absent for a row of one item (the package's own SKU, description and quantity are its item). */
export const bulkRowItemsField = z
  .array(bulkRowItemSchema, { error: 'Items must be a list' })
  .min(1, { error: 'Items, when given, list at least one item' })
  .max(BULK_ROW_MAX_ITEMS, { error: `An order row holds at most ${BULK_ROW_MAX_ITEMS} items: split the order into several rows` })
  .optional();
