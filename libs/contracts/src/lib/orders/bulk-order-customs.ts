import { countryName } from '../address-rules/countries';
import { packageWeightLb } from '../address/package-weight';
import type { SkuRecord } from '../address/sku.schema';
import { customsFromColumns, hasCustomsColumns, type RowCustomsColumns } from './bulk-row-customs-columns';
import { customsProblems, customsRequiredFor, EU_COUNTRIES, type CustomsInput } from './customs.schema';

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

/** The first thing the SKU lacks for this country's declaration, in the seller's words; null when it has all. */
const skuGap = (record: SkuRecord, country: string): string | null => {
  const where = countryName(country);
  if (!record.hsTariffNumber && EU_COUNTRIES.has(country)) return `SKU ${record.sku} has no HS code; ${where} requires one`;
  if (!record.description) return `SKU ${record.sku} has no description to declare to customs`;
  if (!record.originCountry) return `SKU ${record.sku} has no origin country for customs`;
  if (record.valueCents === null) return `SKU ${record.sku} has no customs value`;
  return null;
};

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
    if (!record) return { ok: false, message: `SKU ${line.sku} is not saved: add it with its customs defaults in SKU Management to ship it to ${where}` };
    const gap = skuGap(record, row.receiver.country);
    if (gap) return { ok: false, message: gap };
    items.push({
      description: record.description ?? '',
      quantity: line.quantity,
      value_cents: (record.valueCents ?? 0) * line.quantity,
      // The units' own weight, without the box: hundredths of a pound, rounded up as package weights are.
      weight_lb: packageWeightLb({ weight: record.weight, packagingWeight: 0 }, line.quantity),
      hs_tariff_number: record.hsTariffNumber,
      origin_country: record.originCountry ?? '',
    });
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
