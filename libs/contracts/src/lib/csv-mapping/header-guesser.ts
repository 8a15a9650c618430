import { US_STATES } from '../common/us-states';
import type { BulkTemplateColumn } from '../orders/bulk-order.schema';
import type { CsvColumnMapping } from './csv-mapping.schema';

/**
 * Guesses which column of a marketplace export fills each of our template columns, from the header names
 * (normalised into words) and from sample values (a ZIP column holds ZIP codes). Pure: the web app calls it
 * on upload, the tests call it on the real headers of Shopify, WooCommerce, eBay, ShipStation and Etsy exports.
 */

/** Our columns a row cannot be bought without (spec 5 "Bulk rows"). */
export const REQUIRED_TEMPLATE_COLUMNS: readonly BulkTemplateColumn[] = [
  'ServiceName',
  'FromSenderName', 'FromStreet1', 'FromCity', 'FromStateProvince', 'FromZipPostal',
  'ToRecipientName', 'ToStreet1', 'ToCity', 'ToStateProvince', 'ToZipPostal',
  'PackageLength', 'PackageWidth', 'PackageHeight', 'PackageWeight',
];

export interface HeaderGuess {
  mapping: CsvColumnMapping;
  /** Required template columns no file column was found for, in the template's order. */
  unmappedRequired: BulkTemplateColumn[];
}

/** `Ship To - Address 1`, `shipping_address_1`, `ShipToAddress1` → ['ship', 'to', 'address', '1']. */
export const headerWords = (name: string): string[] =>
  name
    .replace(/^\uFEFF/, '')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/([A-Za-z])(\d)/g, '$1 $2')
    .replace(/(\d)([A-Za-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== '');

type ValueKind = 'zip' | 'state' | 'phone' | 'count' | 'number' | 'name' | 'orderNumber' | 'country' | 'email' | 'hsCode' | 'money';

const STATE_WORDS = new Set<string>(US_STATES.flatMap(([code, name]) => [code.toLowerCase(), name.toLowerCase()]));

const VALUE_TESTS: Record<ValueKind, (value: string) => boolean> = {
  // US ZIP or ZIP+4, or another country's postal code (letters and digits, as Canada's 'V2C 1A1').
  zip: (value) => /^\d{5}(-\d{4})?$/.test(value) || /^(?=.*\d)[A-Za-z0-9][A-Za-z0-9 -]{2,9}$/.test(value),
  state: (value) => STATE_WORDS.has(value.toLowerCase()) || /^[A-Za-z]{2,3}$/.test(value),
  phone: (value) => /^\+?[\d\s().-]{7,20}$/.test(value) && (value.match(/\d/g)?.length ?? 0) >= 7,
  count: (value) => /^\d{1,5}$/.test(value) && Number(value) >= 1,
  number: (value) => /^\d+(\.\d+)?$/.test(value),
  name: (value) => /[A-Za-z]/.test(value) && !/^#?\d+$/.test(value),
  orderNumber: (value) => /^#?[A-Za-z]{0,4}[-\d]*\d[-\d]*$/.test(value),
  country: (value) => /^[A-Za-z][A-Za-z .'-]{1,60}$/.test(value),
  email: (value) => /^[^\s@,;<>]+@[^\s@,;<>]+\.[^\s@,;<>]+$/.test(value),
  // 6 to 10 digits, written with dots or spaces or not (6109.10.0012).
  hsCode: (value) => /^[\d.\s]+$/.test(value) && (value.match(/\d/g)?.length ?? 0) >= 6 && (value.match(/\d/g)?.length ?? 0) <= 10,
  money: (value) => /^\$?\s*\d+(\.\d{1,2})?$/.test(value),
};

/** Share of the non-empty samples that pass; null when there are none (an empty Address 2 proves nothing). */
const valueFit = (kind: ValueKind, samples: readonly string[]): number | null => {
  const filled = samples.map((value) => value.trim()).filter((value) => value !== '');
  if (filled.length === 0) return null;
  return filled.filter((value) => VALUE_TESTS[kind](value)).length / filled.length;
};

type Side = 'to' | 'from' | 'none';

interface Pattern {
  /** Every word must be in the header. */
  all: readonly string[];
  /** None of these may be. */
  not?: readonly string[];
  /** The header must be exactly these words (besides side words). */
  exact?: boolean;
}

interface Target {
  key: BulkTemplateColumn;
  side: Side;
  /** Best first: a header matching an earlier pattern wins over one matching a later one. */
  patterns: readonly Pattern[];
  values?: ValueKind;
  /** The sample values must fit, or the column is not a candidate (Shopify's `Name` is an order number). */
  valuesRequired?: boolean;
  /** A column of another party may still be used when this side has none (a billing phone for the recipient). */
  otherSideFallback?: boolean;
}

/** Words that say a column is the recipient's: `Shipping Zip`, `Ship To - City`, `Recipient Name`. */
const TO_WORDS = ['ship', 'shipping', 'recipient', 'delivery', 'deliver', 'to', 'consignee', 'receiver'];
/** Words that say a column is the sender's. */
const FROM_WORDS = ['from', 'sender', 'shipper', 'origin', 'return', 'warehouse'];
/** Words that say a column is about someone or something else: the payer, the item's location, tax. */
const OTHER_WORDS = ['billing', 'bill', 'buyer', 'customer', 'payer', 'item', 'lineitem', 'tax', 'seller', 'vendor', 'store', 'location'];
/** Words of columns that are never an address part, whatever else they say. */
const NOISE_WORDS = ['payment', 'fee', 'discount', 'date', 'status', 'tracking', 'method', 'market', 'price', 'total', 'amount', 'note', 'notes', 'marketing', 'reference', 'identifier', 'email', 'username', 'user'];

const party = (side: 'to' | 'from', prefix: 'To' | 'From', nameKey: BulkTemplateColumn): Target[] => [
  {
    key: nameKey,
    side,
    patterns: [
      { all: ['name'], not: ['first', 'last', 'company', 'province', 'state', 'country', 'item', 'product', 'service', 'file'], exact: true },
      { all: ['full', 'name'], exact: true },
      { all: ['recipient'], exact: true },
      { all: ['addressee'], exact: true },
    ],
    values: 'name',
  },
  { key: `${prefix}Company` as BulkTemplateColumn, side, patterns: [{ all: ['company'], exact: true }, { all: ['business'], exact: true }, { all: ['organization'], exact: true }] },
  { key: `${prefix}Phone` as BulkTemplateColumn, side, patterns: [{ all: ['phone'], exact: true }, { all: ['telephone'], exact: true }, { all: ['phone', 'number'], exact: true }, { all: ['mobile'], exact: true }], values: 'phone', otherSideFallback: side === 'to' },
  {
    key: `${prefix}Street1` as BulkTemplateColumn,
    side,
    patterns: [
      { all: ['address', '1'], exact: true },
      { all: ['address', 'line', '1'], exact: true },
      { all: ['street', '1'], exact: true },
      { all: ['address'], exact: true },
      { all: ['street', 'address'], exact: true },
      { all: ['street'], exact: true },
    ],
  },
  {
    key: `${prefix}Street2` as BulkTemplateColumn,
    side,
    patterns: [{ all: ['address', '2'], exact: true }, { all: ['address', 'line', '2'], exact: true }, { all: ['street', '2'], exact: true }, { all: ['apartment'], exact: true }, { all: ['suite'], exact: true }],
  },
  { key: `${prefix}City` as BulkTemplateColumn, side, patterns: [{ all: ['city'], exact: true }, { all: ['town'], exact: true }] },
  {
    key: `${prefix}StateProvince` as BulkTemplateColumn,
    side,
    patterns: [{ all: ['state'], exact: true }, { all: ['province'], exact: true }, { all: ['state', 'province'], exact: true }, { all: ['state', 'code'], exact: true }, { all: ['province', 'code'], exact: true }, { all: ['region'], exact: true }, { all: ['province', 'name'], exact: true }],
    values: 'state',
  },
  {
    key: `${prefix}ZipPostal` as BulkTemplateColumn,
    side,
    patterns: [{ all: ['zip'], exact: true }, { all: ['zipcode'], exact: true }, { all: ['zip', 'code'], exact: true }, { all: ['postal', 'code'], exact: true }, { all: ['postcode'], exact: true }, { all: ['postal'], exact: true }, { all: ['zip', 'postal'], exact: true }],
    values: 'zip',
  },
  // `Origin Country` is where an item was made (customs), not the sender's country.
  { key: `${prefix}Country` as BulkTemplateColumn, side, patterns: [{ all: ['country'], not: ['origin'], exact: true }, { all: ['country', 'code'], not: ['origin'], exact: true }], values: 'country' },
];

/**
 * A row's customs columns (decision 116), by the names shipping tools export and import them under: ShipStation's
 * `Customs Description`, `Customs Value`, `Customs Tariff No`, `Customs Country` (of origin); Shopify's product export
 * `Variant HS Code`, `Variant Country of Origin`; and the plain `HS Code`, `Harmonized Code`, `Country of Origin`,
 * `Contents Type`. A value column is taken only when it holds amounts, an HS column only digits.
 */
const CUSTOMS_TARGETS: readonly Target[] = [
  {
    key: 'ContentsType',
    side: 'none',
    patterns: [{ all: ['contents', 'type'], exact: true }, { all: ['content', 'type'], exact: true }, { all: ['customs', 'contents'], exact: true }, { all: ['customs', 'contents', 'type'], exact: true }, { all: ['customs', 'type'], exact: true }],
  },
  {
    key: 'CustomsDescription',
    side: 'none',
    patterns: [{ all: ['customs', 'description'], exact: true }, { all: ['customs', 'item', 'description'], exact: true }, { all: ['customs', 'item'], exact: true }, { all: ['declared', 'contents'], exact: true }],
  },
  {
    key: 'CustomsHsCode',
    side: 'none',
    patterns: [
      { all: ['hs', 'code'], exact: true },
      { all: ['hs', 'tariff', 'number'], exact: true },
      { all: ['hs', 'tariff', 'code'], exact: true },
      { all: ['customs', 'tariff', 'no'], exact: true },
      { all: ['customs', 'tariff', 'number'], exact: true },
      { all: ['harmonized', 'code'], exact: true },
      { all: ['harmonized', 'tariff', 'code'], exact: true },
      { all: ['harmonization', 'code'], exact: true },
      { all: ['tariff', 'code'], exact: true },
      { all: ['tariff', 'number'], exact: true },
      { all: ['variant', 'hs', 'code'], exact: true },
      { all: ['customs', 'hs', 'code'], exact: true },
      { all: ['hs'], exact: true },
    ],
    values: 'hsCode',
    valuesRequired: true,
  },
  {
    key: 'CustomsOrigin',
    side: 'none',
    patterns: [
      { all: ['country', 'of', 'origin'], exact: true },
      { all: ['origin', 'country'], exact: true },
      { all: ['customs', 'country'], exact: true },
      { all: ['customs', 'country', 'of', 'origin'], exact: true },
      { all: ['country', 'of', 'manufacture'], exact: true },
      { all: ['variant', 'country', 'of', 'origin'], exact: true },
      { all: ['made', 'in'], exact: true },
    ],
    values: 'country',
    valuesRequired: true,
  },
  {
    key: 'CustomsValue',
    side: 'none',
    patterns: [{ all: ['customs', 'value'], exact: true }, { all: ['customs', 'value', 'each'], exact: true }, { all: ['unit', 'customs', 'value'], exact: true }, { all: ['customs', 'unit', 'value'], exact: true }, { all: ['customs', 'item', 'value'], exact: true }],
    values: 'money',
    valuesRequired: true,
  },
  {
    // The value a label is insured for (decision 122): `Declared Value`, `Insured Value`, `Insurance Value` or `Insurance
    // Amount` as shipping tools and carriers' exports name it; only when it holds amounts.
    key: 'DeclaredValue',
    side: 'none',
    patterns: [
      { all: ['declared', 'value'], exact: true },
      { all: ['insured', 'value'], exact: true },
      { all: ['insurance', 'value'], exact: true },
      { all: ['insurance', 'amount'], exact: true },
      { all: ['insured', 'amount'], exact: true },
      { all: ['insurance'], exact: true },
    ],
    values: 'money',
    valuesRequired: true,
  },
];

const TARGETS: readonly Target[] = [
  {
    key: 'orderId',
    side: 'none',
    patterns: [
      { all: ['order', 'number'], exact: true },
      { all: ['order', 'id'], exact: true },
      { all: ['order', 'no'], exact: true },
      { all: ['order'], exact: true },
      // Shopify calls its order number `Name` ('#1041'): only taken when the values look like one.
      { all: ['name'], exact: true },
    ],
    values: 'orderNumber',
    valuesRequired: true,
  },
  { key: 'orderItemId', side: 'none', patterns: [{ all: ['order', 'item', 'id'], exact: true }, { all: ['line', 'item', 'id'], exact: true }, { all: ['transaction', 'id'], exact: true }] },
  { key: 'skuNumber', side: 'none', patterns: [{ all: ['sku'] }, { all: ['custom', 'label'], exact: true }, { all: ['sku', 'number'] }], values: 'name' },
  { key: 'quantity', side: 'none', patterns: [{ all: ['quantity'] }, { all: ['qty'] }, { all: ['quantity', 'purchased'] }], values: 'count', valuesRequired: true },
  { key: 'courier', side: 'none', patterns: [{ all: ['courier'], exact: true }] },
  // Marketplaces' shipping methods ('Standard Shipping') are not our service names: only our own header is read.
  { key: 'ServiceName', side: 'none', patterns: [{ all: ['service', 'name'], exact: true }] },
  ...party('from', 'From', 'FromSenderName'),
  ...party('to', 'To', 'ToRecipientName'),
  { key: 'PackageLength', side: 'none', patterns: [{ all: ['length'], not: ['oz', 'cm', 'mm'] }], values: 'number', valuesRequired: true },
  { key: 'PackageWidth', side: 'none', patterns: [{ all: ['width'], not: ['oz', 'cm', 'mm'] }], values: 'number', valuesRequired: true },
  { key: 'PackageHeight', side: 'none', patterns: [{ all: ['height'], not: ['oz', 'cm', 'mm'] }], values: 'number', valuesRequired: true },
  // Our weight is in pounds: a column in ounces or grams is left for the user to convert.
  { key: 'PackageWeight', side: 'none', patterns: [{ all: ['weight'], not: ['oz', 'ounce', 'ounces', 'g', 'grams', 'kg'] }], values: 'number', valuesRequired: true },
  {
    key: 'PackageDescription',
    side: 'none',
    patterns: [{ all: ['lineitem', 'name'], exact: true }, { all: ['item', 'name'], exact: true }, { all: ['item', 'title'], exact: true }, { all: ['product', 'name'], exact: true }, { all: ['description'], exact: true }, { all: ['title'], exact: true }],
  },
  // The receiver's e-mail for tracking e-mails (decision 095): a store's customer e-mail (Shopify's `Email`, eBay's
  // `Buyer Email`, `buyer-email`), the recipient's own, or WooCommerce's billing e-mail, its only one. Only a column of
  // e-mail addresses is taken.
  {
    key: 'ToEmail',
    side: 'none',
    patterns: [
      { all: ['email'], exact: true },
      { all: ['e', 'mail'], exact: true },
      { all: ['email', 'address'], exact: true },
      { all: ['ship', 'email'], exact: true },
      { all: ['shipping', 'email'], exact: true },
      { all: ['recipient', 'email'], exact: true },
      { all: ['buyer', 'email'], exact: true },
      { all: ['customer', 'email'], exact: true },
      { all: ['billing', 'email'], exact: true },
    ],
    values: 'email',
    valuesRequired: true,
  },
  ...CUSTOMS_TARGETS,
];

const SIDE_WORDS: Record<'to' | 'from', readonly string[]> = { to: TO_WORDS, from: FROM_WORDS };

interface Candidate {
  key: BulkTemplateColumn;
  column: string;
  score: number;
}

/** How well one header fits one target; null when it cannot be that column at all. */
const scoreColumn = (target: Target, words: readonly string[], samples: readonly string[]): number | null => {
  const present = new Set(words);
  let sideScore = 0;
  let sideWordsUsed: readonly string[] = [];
  if (target.side !== 'none') {
    if (NOISE_WORDS.some((word) => present.has(word))) return null;
    const has = (list: readonly string[]): boolean => list.some((word) => present.has(word));
    const fromHit = has(FROM_WORDS);
    // 'to' alone is weak: 'Bill To - Name' is the payer's, 'Ship To - Name' the recipient's.
    const toStrong = has(TO_WORDS.filter((word) => word !== 'to'));
    const toHit = toStrong || present.has('to');
    const otherHit = has(OTHER_WORDS);
    const mine = target.side === 'to' ? !fromHit && (toStrong || (toHit && !otherHit)) : fromHit;
    const theirs = target.side === 'to' ? fromHit || (otherHit && !toStrong) : toHit || otherHit;
    if (!mine && theirs) {
      if (!target.otherSideFallback) return null;
      sideScore = -40;
    } else if (mine) {
      sideScore = 20;
    } else if (target.side === 'from') {
      // A column that names no side is the recipient's in every export: never the sender's.
      return null;
    }
    sideWordsUsed = [...TO_WORDS, ...FROM_WORDS, ...OTHER_WORDS];
  }

  const index = target.patterns.findIndex((pattern) => {
    if (!pattern.all.every((word) => present.has(word))) return false;
    if (pattern.not?.some((word) => present.has(word))) return false;
    if (!pattern.exact) return true;
    // Besides the pattern and side words, a header may only hold linking words ('Ship To - Address 1').
    return words.every((word) => pattern.all.includes(word) || sideWordsUsed.includes(word) || word === 'to');
  });
  if (index < 0) return null;
  const pattern = target.patterns[index];
  const leftover = words.filter((word) => !pattern?.all.includes(word) && !sideWordsUsed.includes(word)).length;

  let valueScore = 0;
  if (target.values) {
    const fit = valueFit(target.values, samples);
    if (fit !== null) {
      if (fit >= 0.5) valueScore = 10 * fit;
      else if (target.valuesRequired) return null;
      else valueScore = -50;
    } else if (target.valuesRequired && pattern?.all.length === 1 && pattern.all[0] === 'name') {
      return null;
    }
  }
  return 100 - 10 * index + sideScore + valueScore - 3 * leftover;
};

/** A name split in two (`shipping_first_name`, `shipping_last_name`): both columns, joined with a space. */
const splitName = (side: 'to' | 'from', columns: readonly { name: string; words: string[] }[], used: ReadonlySet<string>): string[] | null => {
  const find = (part: 'first' | 'last'): string | undefined =>
    columns.find(({ name, words }) => {
      if (used.has(name) || !words.includes(part) || !words.includes('name')) return false;
      const ownHit = SIDE_WORDS[side].some((word) => words.includes(word));
      const otherHit = OTHER_WORDS.some((word) => words.includes(word));
      return side === 'to' ? ownHit || !otherHit : ownHit;
    })?.name;
  const first = find('first');
  const last = find('last');
  return first && last ? [first, last] : null;
};

/**
 * The best file column for each of our columns: every (column, header) pair is scored, the best pairs are taken
 * first, and each file column fills at most one of ours. `rows` are the first data rows (a few are enough).
 */
export const guessHeaderMapping = (header: readonly string[], rows: readonly (readonly string[])[]): HeaderGuess => {
  const columns = header.map((name, index) => ({ name, index, words: headerWords(name) })).filter((column) => column.name.trim() !== '');
  const candidates: Candidate[] = [];
  for (const target of TARGETS) {
    for (const column of columns) {
      const samples = rows.map((row) => row[column.index] ?? '');
      const score = scoreColumn(target, column.words, samples);
      if (score !== null && score > 0) candidates.push({ key: target.key, column: column.name, score });
    }
  }
  candidates.sort((a, b) => b.score - a.score);

  const mapping: CsvColumnMapping = {};
  const used = new Set<string>();
  for (const { key, column } of candidates) {
    if (mapping[key] || used.has(column)) continue;
    mapping[key] = [column];
    used.add(column);
  }

  for (const [side, key] of [['to', 'ToRecipientName'], ['from', 'FromSenderName']] as const) {
    if (mapping[key]) continue;
    const joined = splitName(side, columns, used);
    if (joined) {
      mapping[key] = joined;
      joined.forEach((name) => used.add(name));
    }
  }

  return { mapping, unmappedRequired: REQUIRED_TEMPLATE_COLUMNS.filter((key) => !mapping[key]) };
};
