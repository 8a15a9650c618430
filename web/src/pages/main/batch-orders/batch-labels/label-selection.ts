import { canVoidLabel } from '../../../../components/orders/label-lifecycle-display';
import type { BatchLabel } from '@labeldesk/contracts';

/** The labels picked for "Void selected", by tracking number with their price; kept across pages. */
export type LabelSelection = ReadonlyMap<string, number>;

export const EMPTY_SELECTION: LabelSelection = new Map();

export const toggleLabel = (selection: LabelSelection, label: Pick<BatchLabel, 'trackingNumber' | 'price'>, checked: boolean): LabelSelection => {
  const next = new Map(selection);
  if (checked) next.set(label.trackingNumber, label.price);
  else next.delete(label.trackingNumber);
  return next;
};

/** The labels of a page that can still be voided: the only ones with a checkbox that works. */
export const voidableLabels = (labels: readonly BatchLabel[]): BatchLabel[] => labels.filter((label) => canVoidLabel(label));

/** The page's select-all box: checked when every voidable label is picked, indeterminate when some are. */
export const pageSelectionState = (selection: LabelSelection, labels: readonly BatchLabel[]): boolean | 'indeterminate' => {
  const voidable = voidableLabels(labels);
  const picked = voidable.filter((label) => selection.has(label.trackingNumber)).length;
  if (picked === 0) return false;
  return picked === voidable.length ? true : 'indeterminate';
};

/** Picks (or drops) every voidable label of the page, leaving other pages' picks alone. */
export const togglePage = (selection: LabelSelection, labels: readonly BatchLabel[], checked: boolean): LabelSelection =>
  voidableLabels(labels).reduce((next, label) => toggleLabel(next, label, checked), selection);

export const selectionTotal = (selection: LabelSelection): number => [...selection.values()].reduce((sum, price) => sum + price, 0);
