import { chooseRate, type ChoosingRateRule, type FieldIssue } from '@labeldesk/contracts';
import { randomUUID } from 'node:crypto';
import type { OfferedRate } from '../../rates';
import type { NewBulkItem, StagedRowSummary } from '../bulk.rows';

/** A row bought under a rate rule, with the key of its parcel's rates. */
export interface RuleRow {
  row: StagedRowSummary;
  rule: ChoosingRateRule;
  parcelKey: string;
}

/**
 * Each rule row's item: the service its rule picks among the rates offered for its parcel, at that rate's price (what
 * the page showed is what is held and charged), of that service's courier, and what it saved against the dearest
 * rate. A row whose rule picks nothing is an issue naming the row and why; the batch is then refused.
 */
export const ruleRowItems = (
  userId: string,
  rows: readonly RuleRow[],
  offered: ReadonlyMap<string, readonly OfferedRate[]>,
): { items: NewBulkItem[]; issues: FieldIssue[] } => {
  const items: NewBulkItem[] = [];
  const issues: FieldIssue[] = [];
  for (const { row, rule, parcelKey } of rows) {
    const choice = chooseRate(offered.get(parcelKey) ?? [], rule);
    if (!choice.ok) {
      issues.push({ path: `orderData.${row.rowNo}.service_name`, message: `Row ${row.rowNo + 1}: ${choice.reason}` });
      continue;
    }
    const { rate } = choice;
    items.push({
      id: randomUUID(),
      userId,
      rowNo: row.rowNo,
      serviceName: rate.serviceName,
      serviceUid: rate.offeringUid,
      courier: rate.courier,
      priceCents: rate.priceCents,
      sku: row.sku,
      savedCents: choice.savedCents,
    });
  }
  return { items, issues };
};
