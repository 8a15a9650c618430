import { packageWeightLb } from '@labeldesk/contracts';
import type { BulkRowItemInput, BulkTemplateColumn, SkuRecord } from '@labeldesk/contracts';
import type { BulkValues } from './bulk-rows';
import { unitsOf } from './preset-weight';

/**
 * A Shopify order of several items is several lines of its export: the first carries the address, the others only
 * the order's name and their item (decision 091). Here those lines become one row, one label: its weight is the
 * items' weights added up, its quantity their units, and its items are kept for the packing slip.
 */

/** One item of a row that ships several, as text like every cell of the table. */
export interface OrderItem {
  sku: string;
  description: string;
  quantity: string;
}

/** A file line in the table's columns, and the SKU preset that filled its package, if one did. */
export interface MappedLine {
  values: BulkValues;
  /** The preset whose unit weight filled the line's weight (the file has no weight column). */
  weightPreset?: SkuRecord | undefined;
}

/** A row of the table as a file gives it: one line, or an order's lines joined. */
export interface JoinedRow {
  values: BulkValues;
  /** Set when the row ships two or more items. */
  items?: OrderItem[];
}

/** The ship-to columns that are all empty on a Shopify order's extra item lines. */
const ADDRESS_COLUMNS: readonly BulkTemplateColumn[] = ['ToRecipientName', 'ToCompany', 'ToStreet1', 'ToStreet2', 'ToCity', 'ToStateProvince', 'ToZipPostal'];

const hasNoAddress = (values: BulkValues): boolean => ADDRESS_COLUMNS.every((key) => values[key].trim() === '');

const itemOf = (values: BulkValues): OrderItem => ({ sku: values.skuNumber, description: values.PackageDescription, quantity: values.quantity });

/** What one line weighs without a box, and the box its preset packs it in; null when the line's weight is unknown. */
const lineWeight = (line: MappedLine): { contents: number; packaging: number } | null => {
  const units = unitsOf(line.values.quantity);
  if (line.weightPreset) return { contents: units * line.weightPreset.weight, packaging: line.weightPreset.packagingWeight };
  const typed = Number(line.values.PackageWeight.trim());
  // A weight the file gives is the line's package weight as it stands, as it is for a row of one line.
  return line.values.PackageWeight.trim() !== '' && Number.isFinite(typed) && typed > 0 ? { contents: typed, packaging: 0 } : null;
};

/**
 * The items packed together: every item's units × unit weight, and one box (the heaviest packaging of theirs, not
 * one per item). Empty when some item's weight is unknown, so the row asks for it instead of being under-declared.
 */
const joinedWeight = (lines: readonly MappedLine[]): string => {
  const weights = lines.map(lineWeight);
  if (weights.some((weight) => weight === null)) return '';
  const known = weights.filter((weight): weight is NonNullable<typeof weight> => weight !== null);
  const contents = known.reduce((sum, weight) => sum + weight.contents, 0);
  const packaging = Math.max(0, ...known.map((weight) => weight.packaging));
  return String(packageWeightLb({ weight: contents, packagingWeight: packaging }, 1));
};

const volume = (values: BulkValues): number => Number(values.PackageLength) * Number(values.PackageWidth) * Number(values.PackageHeight);

/** The largest box of the lines that name one (every item must fit); the first line's when none does. */
const joinedBox = (lines: readonly MappedLine[]): Pick<BulkValues, 'PackageLength' | 'PackageWidth' | 'PackageHeight'> => {
  const boxes = lines.map((line) => line.values).filter((values) => Number.isFinite(volume(values)) && volume(values) > 0);
  const [first] = lines;
  const largest = boxes.reduce<BulkValues | undefined>((best, values) => (best === undefined || volume(values) > volume(best) ? values : best), undefined) ?? first?.values;
  return { PackageLength: largest?.PackageLength ?? '', PackageWidth: largest?.PackageWidth ?? '', PackageHeight: largest?.PackageHeight ?? '' };
};

const joinLines = (lines: readonly MappedLine[]): JoinedRow => {
  const [first, ...rest] = lines;
  if (!first) throw new Error('An order has at least one line');
  if (rest.length === 0) return { values: first.values };
  const units = lines.reduce((sum, line) => sum + unitsOf(line.values.quantity), 0);
  return {
    values: { ...first.values, ...joinedBox(lines), quantity: String(units), PackageWeight: joinedWeight(lines) },
    items: lines.map((line) => itemOf(line.values)),
  };
};

/**
 * Joins each line with an order ID and no ship-to address to the latest line of the same order that has one (its
 * order's row). A line with another address is a shipment of its own (a split order); a line with no address and
 * no earlier line of its order stays a row of its own, whose empty address the table flags as for any row.
 */
export const joinOrderItems = (lines: readonly MappedLine[]): JoinedRow[] => {
  const groups: MappedLine[][] = [];
  const addressedGroup = new Map<string, MappedLine[]>();
  for (const line of lines) {
    const orderId = line.values.orderId.trim();
    const blank = hasNoAddress(line.values);
    const order = orderId !== '' && blank ? addressedGroup.get(orderId) : undefined;
    if (order) {
      order.push(line);
      continue;
    }
    const group = [line];
    groups.push(group);
    if (orderId !== '' && !blank) addressedGroup.set(orderId, group);
  }
  return groups.map(joinLines);
};

/** A row's items as the server takes them (`package.items`). */
export const itemsInput = (items: readonly OrderItem[]): BulkRowItemInput[] => items.map((item) => ({ sku_number: item.sku, description: item.description, quantity: item.quantity }));
