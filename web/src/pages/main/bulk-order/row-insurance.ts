import { dollarsToCents, insuranceFeeCents, MAX_DECLARED_VALUE_CENTS } from '@labeldesk/contracts';
import type { SkuRecord } from '@labeldesk/contracts';
import { formatCents } from '../../../libs/format';
import type { BulkValues } from './bulk-rows';
import type { OrderItem } from './order-items';
import { skuLinesOf } from './row-customs';

/**
 * What a bulk row insures (decision 122): its Declared Value column, in dollars, or when that is blank its units × each
 * SKU's declared value (the SKUs that have one); and what that costs, the single form's fee (decision 102).
 */
export type RowInsured =
  | { ok: true; declaredValueCents: number; insuranceCents: number; fromSkus: boolean }
  | { ok: false; message: string };

const DECLARED_VALUE_MESSAGE = 'Declared Value must be an amount in dollars, like 250.00';

/** Null when the row insures nothing: a blank column and no SKU with a declared value. */
export const rowInsured = (values: BulkValues, items: readonly OrderItem[] | undefined, skus: readonly SkuRecord[] | undefined): RowInsured | null => {
  const typed = values.DeclaredValue.trim();
  let declared: number;
  if (typed !== '') {
    const cents = dollarsToCents(typed);
    if (cents === null || cents === 0) return { ok: false, message: DECLARED_VALUE_MESSAGE };
    declared = cents;
  } else {
    const bySku = new Map((skus ?? []).map((sku) => [sku.sku, sku.declaredValueCents ?? null]));
    declared = skuLinesOf(values, items).reduce((sum, line) => sum + (bySku.get(line.sku) ?? 0) * line.quantity, 0);
    if (declared === 0) return null;
  }
  if (declared > MAX_DECLARED_VALUE_CENTS) {
    return { ok: false, message: `Declared value can be at most ${formatCents(MAX_DECLARED_VALUE_CENTS)}${typed === '' ? ' (the SKUs\' declared values × their quantities): type a lower Declared Value' : ''}` };
  }
  return { ok: true, declaredValueCents: declared, insuranceCents: insuranceFeeCents(declared), fromSkus: typed === '' };
};

/**
 * The line under a row's Declared Value cell: the insurance price first (a narrow cell cuts the rest, never the price),
 * then what it insures when its SKUs give it.
 */
export const insuredLine = (insured: Extract<RowInsured, { ok: true }>): string =>
  `Insurance ${formatCents(insured.insuranceCents)}${insured.fromSkus ? ` · ${formatCents(insured.declaredValueCents)} from SKUs` : ''}`;
