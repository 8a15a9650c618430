import { courierName, DomainError, ErrorCode } from '@labeldesk/contracts';
import { listed } from './scan-form-unconfirmed';

/** A label no SCAN form takes: its courier is not USPS (SCAN_FORM_COURIER). */
export interface OtherCourierLabel {
  labelId: string;
  trackingNumber: string;
  courier: string;
}

/** "UPS", "UPS and FedEx", "UPS, FedEx and DHL Express": the couriers of the labels, in the order met. */
const courierNames = (labels: readonly OtherCourierLabel[]): string => {
  const names = [...new Set(labels.map((label) => courierName(label.courier)))];
  return names.length === 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1) ?? ''}`;
};

/** Why other couriers' labels are on no form: the form is USPS's own (docs/decisions/046). */
export const noFormNeededText = (labels: readonly OtherCourierLabel[]): string =>
  `${courierNames(labels)} labels need no SCAN form: a SCAN form (USPS PS Form 5630) lists USPS labels only.`;

/** Nothing to make because every label of the day or the batch is another courier's: `lead` says whose labels. */
export const noFormNeeded = (lead: string, labels: readonly OtherCourierLabel[]): DomainError =>
  new DomainError(ErrorCode.ORDERS_SCAN_FORM_UNAVAILABLE, `${lead} ${noFormNeededText(labels)}`);

/**
 * The refusal of chosen labels that are not among today's candidates: those not bought today (or not the seller's) are
 * named first; otherwise each is another courier's, named with its courier.
 */
export const chosenOffForms = (chosenIds: readonly string[], others: readonly OtherCourierLabel[]): DomainError => {
  const byId = new Map(others.map((label) => [label.labelId, label]));
  const notToday = chosenIds.filter((id) => !byId.has(id));
  if (notToday.length > 0) {
    return new DomainError(ErrorCode.VALIDATION_FAILED, `Not one of today's labels: ${listed(notToday)}. A SCAN form takes labels bought today.`);
  }
  const labels = chosenIds.map((id) => byId.get(id) as OtherCourierLabel);
  const why = labels.map((label) => `${label.trackingNumber} (${courierName(label.courier)})`);
  return new DomainError(ErrorCode.ORDERS_SCAN_FORM_UNAVAILABLE, `These labels cannot go on a SCAN form: ${listed(why)}. ${noFormNeededText(labels)}`);
};
