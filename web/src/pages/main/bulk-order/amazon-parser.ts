import { DEFAULT_SKU_MAX_QTY, oneLine, packageWeightLb, US_STATES } from '@labeldesk/contracts';
import type { BulkLimits, SavedAddress, SkuRecord } from '@labeldesk/contracts';
import { DEFAULT_BULK_LIMITS } from '../../../services/bulk-orders/bulk-limits';
import { BulkFileError, checkRowCount } from './bulk-file';
import { emptyValues } from './bulk-rows';
import type { BulkValues } from './bulk-rows';

/** Spec 5: a .txt upload needs a saved sender address. */
export const ADDRESS_REQUIRED = 'Please add an address first';

/**
 * Spec 9: a quantity is shipped in packages of at most the SKU's maxQty (default 4):
 * 10 with maxQty 4 is 4, 4 and 2.
 */
export const splitQuantity = (quantity: number, maxQty: number | null | undefined): number[] => {
  const total = Math.floor(quantity);
  if (!Number.isFinite(total) || total <= 0) return [];
  const perPackage = maxQty !== null && maxQty !== undefined && Number.isFinite(maxQty) && maxQty >= 1 ? Math.floor(maxQty) : DEFAULT_SKU_MAX_QTY;
  const parts: number[] = [];
  for (let left = total; left > 0; left -= perPackage) parts.push(Math.min(perPackage, left));
  return parts;
};

const STATE_BY_NAME: ReadonlyMap<string, string> = new Map(US_STATES.flatMap(([code, name]) => [[code.toLowerCase(), code], [name.toLowerCase(), code]]));

/** Amazon's ship-state is what the buyer typed (formats.md 3.1): 'ca', 'Calif'… codes and full names become codes. */
export const normaliseState = (text: string): string => {
  const cleaned = text.trim().replace(/\./g, '').replace(/\s+/g, ' ');
  return STATE_BY_NAME.get(cleaned.toLowerCase()) ?? cleaned.toUpperCase();
};

/** '941031234' → '94103-1234'; anything else is kept as written (the row check names a bad one). */
export const normaliseZip = (text: string): string => {
  const cleaned = text.trim();
  return /^\d{9}$/.test(cleaned) ? `${cleaned.slice(0, 5)}-${cleaned.slice(5)}` : cleaned;
};

/** Amazon phones come as '+1 206-555-0100 ext. 12345' or '(206) 555-0100'; a label takes digits, spaces, '-' and a leading '+'. */
export const normalisePhone = (text: string): string => {
  const main = text.split(/ext|x|#/i)[0] ?? '';
  const cleaned = main.replace(/[().]/g, ' ').replace(/\s+/g, ' ').trim();
  return /^\+?[\d\s-]+$/.test(cleaned) && /\d{7,}/.test(cleaned.replace(/\D/g, '')) ? cleaned : '';
};

export const normaliseCountry = (text: string): string => {
  const cleaned = text.trim().toUpperCase();
  return cleaned === '' || cleaned === 'US' || cleaned === 'USA' || cleaned === 'UNITED STATES' ? 'US' : cleaned;
};

/** One parsed row; `missingPreset` names a SKU with no saved preset (the row is flagged, not dropped). */
export interface AmazonRow {
  values: BulkValues;
  missingPreset?: string;
}

export interface AmazonParseResult {
  rows: AmazonRow[];
  /** Lines with nothing left to ship (quantity-to-ship 0). */
  skipped: number;
  /** SKUs of the file that have no saved preset, once each. */
  missingPresets: string[];
}

export interface AmazonContext {
  /** The sender of every label: the first saved address unless the user picked another. */
  sender: SavedAddress | undefined;
  skus: readonly SkuRecord[];
  /** The service chosen on the page, if any; an Amazon file names none. */
  serviceName: string;
  /** This deployment's limits (the default ones when not given). */
  limits?: BulkLimits;
}

type Header = ReadonlyMap<string, number>;

const read = (cells: readonly string[], header: Header, ...names: string[]): string => {
  for (const name of names) {
    const index = header.get(name);
    if (index !== undefined) {
      // Control characters (a stray \r, \v, U+2028…) become one space, as in every text field.
      const value = oneLine(cells[index] ?? '');
      if (value !== '') return value;
    }
  }
  return '';
};

const wholeNumber = (text: string): number | null => {
  if (text === '') return null;
  const value = Number(text);
  return Number.isInteger(value) && value >= 0 ? value : null;
};

/** quantity-to-ship, else purchased minus shipped, else purchased (formats.md 3.1). */
const quantityToShip = (cells: readonly string[], header: Header): number => {
  const toShip = wholeNumber(read(cells, header, 'quantity-to-ship'));
  if (toShip !== null) return toShip;
  const purchased = wholeNumber(read(cells, header, 'quantity-purchased'));
  const shipped = wholeNumber(read(cells, header, 'quantity-shipped')) ?? 0;
  if (purchased !== null) return Math.max(0, purchased - shipped);
  return 1;
};

export const senderValues = (values: BulkValues, sender: SavedAddress): void => {
  values.FromSenderName = sender.name;
  values.FromCompany = sender.company ?? '';
  values.FromPhone = sender.phone ?? '';
  values.FromStreet1 = sender.street;
  values.FromStreet2 = sender.street2 ?? '';
  values.FromCity = sender.city;
  values.FromStateProvince = sender.state;
  values.FromZipPostal = sender.zip;
  values.FromCountry = sender.country;
};

const findPreset = (skus: readonly SkuRecord[]): ((sku: string) => SkuRecord | undefined) => {
  const exact = new Map(skus.map((preset) => [preset.sku, preset]));
  const loose = new Map(skus.map((preset) => [preset.sku.trim().toLowerCase(), preset]));
  return (sku) => exact.get(sku) ?? loose.get(sku.trim().toLowerCase());
};

/**
 * Reads Amazon's tab-separated unshipped-orders report (formats.md 3): columns are found by header name,
 * case-insensitively, so extra or reordered columns do not matter. The sender is the chosen saved address,
 * the package comes from the SKU's preset, and the quantity is split by the preset's maxQty; each package weighs
 * its units × the weight per unit + the packaging weight.
 */
export const parseAmazonTxt = (text: string, context: AmazonContext): AmazonParseResult => {
  if (!context.sender) throw new BulkFileError('address', ADDRESS_REQUIRED);
  const sender = context.sender;

  const lines = text.split(/\r\n|\n|\r/);
  const headerIndex = lines.findIndex((line) => line.split('\t').some((cell) => cell.trim().toLowerCase() === 'order-id'));
  if (headerIndex < 0) {
    throw new BulkFileError('parse', "This is not an Amazon unshipped-orders report: no tab-separated header line with an 'order-id' column was found.");
  }
  const header: Header = new Map((lines[headerIndex] ?? '').split('\t').map((name, index) => [name.trim().toLowerCase(), index] as const).reverse());
  if (!header.has('sku')) throw new BulkFileError('parse', "The Amazon report has no 'sku' column, so the package of each order cannot be found.");

  const presetFor = findPreset(context.skus);
  const rows: AmazonRow[] = [];
  const missing = new Set<string>();
  let skipped = 0;

  for (const line of lines.slice(headerIndex + 1)) {
    if (line.trim() === '') continue;
    const cells = line.split('\t');
    const quantity = quantityToShip(cells, header);
    if (quantity === 0) {
      skipped += 1;
      continue;
    }
    const sku = read(cells, header, 'sku');
    const preset = sku === '' ? undefined : presetFor(sku);
    if (!preset && sku !== '') missing.add(sku);

    let street1 = read(cells, header, 'ship-address-1');
    const extra = [read(cells, header, 'ship-address-2'), read(cells, header, 'ship-address-3')].filter((part) => part !== '');
    if (street1 === '' && extra.length > 0) street1 = extra.shift() ?? '';

    const base = emptyValues();
    base.orderId = read(cells, header, 'order-id');
    base.orderItemId = read(cells, header, 'order-item-id');
    base.skuNumber = sku;
    base.courier = 'usps';
    base.ServiceName = context.serviceName;
    senderValues(base, sender);
    base.ToRecipientName = read(cells, header, 'recipient-name', 'buyer-name');
    base.ToPhone = normalisePhone(read(cells, header, 'ship-phone-number', 'buyer-phone-number'));
    base.ToStreet1 = street1;
    base.ToStreet2 = extra.join(', ');
    base.ToCity = read(cells, header, 'ship-city');
    base.ToStateProvince = normaliseState(read(cells, header, 'ship-state'));
    base.ToZipPostal = normaliseZip(read(cells, header, 'ship-postal-code'));
    base.ToCountry = normaliseCountry(read(cells, header, 'ship-country'));
    if (preset) {
      base.PackageLength = String(preset.length);
      base.PackageWidth = String(preset.width);
      base.PackageHeight = String(preset.height);
    }
    base.PackageDescription = (preset?.description ?? read(cells, header, 'product-name')).slice(0, 200);
    base.PackageReference2 = sku;

    for (const part of splitQuantity(quantity, preset?.maxQty)) {
      // Each package weighs its own units plus the packaging once: 9 units of 4+4+1 are not three one-unit parcels.
      const weight = preset ? { PackageWeight: String(packageWeightLb(preset, part)) } : {};
      const values = { ...base, quantity: String(part), PackageReference1: String(part), ...weight };
      rows.push(preset || sku === '' ? { values } : { values, missingPreset: sku });
    }
  }

  if (rows.length === 0 && skipped > 0) throw new BulkFileError('processing', 'Nothing to ship: every line of this report has a quantity-to-ship of 0.');
  checkRowCount(rows.length, context.limits ?? DEFAULT_BULK_LIMITS);
  return { rows, skipped, missingPresets: [...missing] };
};
