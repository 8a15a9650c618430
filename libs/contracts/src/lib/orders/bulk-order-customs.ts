import { countryName } from '../address-rules/countries';
import { packageWeightLb } from '../address/package-weight';
import type { SkuRecord } from '../address/sku.schema';
import { customsFromColumns, hasCustomsColumns, type RowCustomsColumns } from './bulk-row-customs-columns';
import type { FieldIssue } from '../errors';
import { customsProblems, customsRequiredFor, customsSchema, EU_COUNTRIES, type Customs, type CustomsInput, type OrderCustoms } from './customs.schema';

/**
 * A bulk row abroad declares its customs from its SKUs (issue 46, decision 100): one item per SKU line of the row,
 * its quantity the line's, its description, HS number and origin the SKU's, its value and weight the SKU's unit value
 * and unit weight times the quantity. Contents: merchandise, returned to the sender if undeliverable, signed by the
 * sender. A SKU that lacks what the declaration needs refuses the row, naming the SKU.
 */

/** One SKU line of a row: the row's own SKU and quantity, or one of its items. */
export interface SkuLine {
  sku: string;
  quantity: number;
}

/** What a row gives the fill: where it goes, its SKU lines, and who signs. */
export interface CustomsFillRow {
  receiver: { country: string; state: string };
  lines: readonly SkuLine[];
  signer: string;
  /** The row's own customs columns (decision 116), filling what its SKUs do not give; absent: SKUs alone. */
  columns?: RowCustomsColumns | undefined;
}

/** The part of a row's declaration a refusal is about, so the page can show it on that column. */
export type CustomsFillField = 'contentsType' | 'description' | 'hsTariffNumber' | 'originCountry' | 'valueCents';

export type CustomsFill = { ok: true; customs: CustomsInput } | { ok: false; message: string; field?: CustomsFillField };

const findSku = (skus: readonly SkuRecord[]): ((sku: string) => SkuRecord | undefined) => {
  const exact = new Map(skus.map((record) => [record.sku, record]));
  const loose = new Map(skus.map((record) => [record.sku.trim().toLowerCase(), record]));
  return (sku) => exact.get(sku) ?? loose.get(sku.trim().toLowerCase());
};

/** What a SKU lacks for a declaration, in the seller's words. */
const SKU_LACKS = {
  description: (sku: string) => `SKU ${sku} has no description to declare to customs`,
  originCountry: (sku: string) => `SKU ${sku} has no origin country for customs`,
  valueCents: (sku: string) => `SKU ${sku} has no customs value`,
} as const;

/** The first thing the SKU lacks for this country's declaration, in the seller's words; null when it has all. */
const skuGap = (record: SkuRecord, country: string): string | null => {
  const where = countryName(country);
  if (!record.hsTariffNumber && EU_COUNTRIES.has(country)) return `SKU ${record.sku} has no HS code; ${where} requires one`;
  if (!record.description) return SKU_LACKS.description(record.sku);
  if (!record.originCountry) return SKU_LACKS.originCountry(record.sku);
  if (record.valueCents === null) return SKU_LACKS.valueCents(record.sku);
  return null;
};

/** One SKU line's item: the SKU's description, HS number and origin, its unit value and unit weight times the quantity. */
const skuItem = (record: SkuRecord, quantity: number) => ({
  description: record.description ?? undefined,
  quantity,
  value_cents: record.valueCents === null ? undefined : record.valueCents * quantity,
  // The units' own weight, without the box: hundredths of a pound, rounded up as package weights are.
  weight_lb: packageWeightLb({ weight: record.weight, packagingWeight: 0 }, quantity),
  hs_tariff_number: record.hsTariffNumber,
  origin_country: record.originCountry ?? undefined,
});

const notSaved = (sku: string, where: string): string => `SKU ${sku} is not saved: add it with its customs defaults in SKU Management to ship it to ${where}`;

/**
 * The row's customs from its SKUs, and from its customs columns where they do not give a field (decision 116); null
 * when the row needs none (a US address that is not APO/FPO/DPO or a territory that takes customs).
 */
export const customsFromSkus = (row: CustomsFillRow, skus: readonly SkuRecord[]): CustomsFill | null => {
  if (!customsRequiredFor(row.receiver)) return null;
  const where = countryName(row.receiver.country);
  const columns = row.columns && hasCustomsColumns(row.columns) ? row.columns : null;
  if (columns) return customsFromColumns({ ...row, columns }, findSku(skus));
  if (row.lines.length === 0) return { ok: false, message: `A label to ${where} needs customs: name the row's SKU (with its customs defaults) or map the customs columns` };
  const skuNamed = findSku(skus);
  const items: CustomsInput['items'] = [];
  for (const line of row.lines) {
    const record = skuNamed(line.sku);
    if (!record) return { ok: false, message: notSaved(line.sku, where) };
    const gap = skuGap(record, row.receiver.country);
    if (gap) return { ok: false, message: gap };
    const item = skuItem(record, line.quantity);
    items.push({ ...item, description: item.description ?? '', value_cents: item.value_cents ?? 0, origin_country: item.origin_country ?? '' });
  }
  return { ok: true, customs: { contents_type: 'merchandise', non_delivery_option: 'return', signer: row.signer, items } };
};

/** A bulk row's customs problems (required abroad, HS numbers to the EU, an ITN over $2,500 a line), in one sentence. */
export const bulkRowCustomsRefusal = (row: {
  receiver: { receiver_country: string; receiver_state_province: string };
  customs?: Parameters<typeof customsProblems>[0];
}): string | null => {
  const problems = customsProblems(row.customs, { country: row.receiver.receiver_country, state: row.receiver.receiver_state_province });
  return problems.length === 0 ? null : problems.map((problem) => problem.message).join('; ');
};

/** A single order's declaration filled from the caller's SKUs: whole, or the issues that refuse it, by field. */
export type OrderCustomsFill = { ok: true; customs: Customs } | { ok: false; issues: FieldIssue[] };

/**
 * A single order's declaration whose lines name the caller's SKUs (`POST /api/orders/v2`, `POST /api/v1/shipments`;
 * decision 126), filled as a bulk row's are (`customsFromSkus`): each such line takes the SKU's description, HS number
 * and origin and its unit value and weight times the line's quantity, a field the line sends overriding the SKU's.
 * Then the whole declaration meets the rules a typed one meets (`customsProblems`, the same messages: an item without
 * an HS number to the EU names the item). Issues are under `customs.`: an unknown SKU on its line's `sku`, a field the
 * SKU lacks (and the line does not send) on that field.
 */
export const fillOrderCustomsFromSkus = (customs: OrderCustoms, skus: readonly SkuRecord[], receiver: { country: string; state: string }): OrderCustomsFill => {
  const skuNamed = findSku(skus);
  const where = countryName(receiver.country);
  const issues: FieldIssue[] = [];
  const items = customs.items.map((line, index) => {
    const { sku, ...sent } = line;
    if (sku === undefined) return sent;
    const record = skuNamed(sku);
    if (!record) {
      issues.push({ path: `customs.items.${index}.sku`, message: notSaved(sku, where) });
      return sent;
    }
    const defined = Object.fromEntries(Object.entries(sent).filter(([, value]) => value !== undefined && value !== null));
    const filled = { ...skuItem(record, line.quantity), ...defined };
    const lacks = (field: keyof typeof SKU_LACKS, key: 'description' | 'origin_country' | 'value_cents') => {
      if (filled[key] === undefined) issues.push({ path: `customs.items.${index}.${key}`, message: `${SKU_LACKS[field](record.sku)}; save it on the SKU or send ${key}` });
    };
    lacks('description', 'description');
    lacks('originCountry', 'origin_country');
    lacks('valueCents', 'value_cents');
    return filled;
  });
  if (issues.length > 0) return { ok: false, issues };
  const parsed = customsSchema.safeParse({ ...customs, items });
  if (!parsed.success) return { ok: false, issues: parsed.error.issues.map((issue) => ({ path: ['customs', ...issue.path].join('.'), message: issue.message })) };
  const problems = customsProblems(parsed.data, receiver);
  if (problems.length > 0) return { ok: false, issues: problems.map((problem) => ({ path: ['customs', ...problem.path].join('.'), message: problem.message })) };
  return { ok: true, customs: parsed.data };
};
