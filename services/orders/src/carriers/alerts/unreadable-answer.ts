/**
 * What the operator reads in an unreadable-answer alert: which label or form, and the adapter's own words. The
 * dashboard adds the carrier's name and what to check at its account.
 */

/** The label a purchase key names, as an admin finds it: a single order by its id, a batch row by its item id. */
const labelOfKey = (idempotencyKey: string): string =>
  // The bulk engine's keys are `bulk:<item id>` (bulk-engine carrierKey); a single order's key is its order id.
  idempotencyKey.startsWith('bulk:') ? `the label of batch item ${idempotencyKey.slice('bulk:'.length)}` : `the label of order ${idempotencyKey}`;

export const unreadablePurchaseText = (idempotencyKey: string, detail: string): string => `The purchase of ${labelOfKey(idempotencyKey)}: ${detail}`;

/** The first few tracking numbers, and how many more. */
const someOf = (trackingNumbers: readonly string[]): string =>
  trackingNumbers.length <= 3 ? trackingNumbers.join(', ') : `${trackingNumbers.slice(0, 3).join(', ')} and ${trackingNumbers.length - 3} more`;

export const unconfirmedScanFormText = (form: { id: string; barcode: string | null; trackingNumbers: readonly string[] }, detail: string): string => {
  const count = form.trackingNumbers.length;
  const name = form.barcode ? `SCAN form ${form.barcode} (our form ${form.id})` : `SCAN form ${form.id} (ours; the carrier gave no number)`;
  return `${name} of ${count} label${count === 1 ? '' : 's'} (${someOf(form.trackingNumbers)}): ${detail}`;
};
