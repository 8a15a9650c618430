import { type CarrierId, type CarrierRefs, type LabelAddress, MAX_LABELS_PER_SCAN_FORM } from '../carriers';
import { printableText } from '../printing';
import type { LabelKind, VoidState } from '../lifecycle';
import type { ScanFormState } from './scan-forms.repository';

/** A charged label that might go on a SCAN form, with what decides whether it may. */
export interface FormCandidate {
  kind: LabelKind;
  labelId: string;
  trackingNumber: string;
  carrier: CarrierId;
  carrierRefs: CarrierRefs;
  sender: LabelAddress;
  /** Its void, when it has one: a label being voided or voided goes on no form. */
  voidState: VoidState | null;
  /** The form it is already on, if any, and where that form stands. */
  scanFormId: string | null;
  scanFormState: ScanFormState | null;
}

/** One form to make: labels of one carrier and one sender address, at most MAX_LABELS_PER_SCAN_FORM. */
export interface PlannedForm {
  carrier: CarrierId;
  sender: LabelAddress;
  senderKey: string;
  labels: FormCandidate[];
}

/**
 * The sender address as the carrier compares it: what the label prints (capitals, no accents, one space), ZIP by its
 * five digits. Two rows typed "12 Main St" and "12  main st" are one sender; "12 Main St Apt 2" is another.
 */
export const senderKeyOf = (a: LabelAddress): string =>
  [a.name, a.company ?? '', a.street1, a.street2 ?? '', a.city, a.state, a.zip.trim().slice(0, 5)].map((part) => printableText(part).toUpperCase()).join('|');

/** Why a label stays off a new form, or null when it may go on one. */
export type Exclusion = 'voided' | 'on_form' | 'on_unconfirmed_form';

/** Why a label stays off a new form (a form its carrier has not confirmed named apart), or null when it may go on one. */
export const exclusionOf = (label: FormCandidate): Exclusion | null => {
  if (label.voidState !== null) return 'voided';
  if (label.scanFormId === null) return null;
  return label.scanFormState === 'unconfirmed' ? 'on_unconfirmed_form' : 'on_form';
};

/**
 * The forms for a set of labels (a batch, or a day's single labels): only labels not voided and on no form; one
 * form per carrier and sender address; a group over MAX_LABELS_PER_SCAN_FORM split into forms of as even a size as
 * can be (250 labels: 125 + 125, so no form is left with one parcel). Labels keep their given order.
 */
export const planScanForms = (candidates: readonly FormCandidate[], max = MAX_LABELS_PER_SCAN_FORM): PlannedForm[] => {
  const groups = new Map<string, { carrier: CarrierId; sender: LabelAddress; senderKey: string; labels: FormCandidate[] }>();
  for (const label of candidates) {
    if (exclusionOf(label)) continue;
    const senderKey = senderKeyOf(label.sender);
    const key = `${label.carrier}\n${senderKey}`;
    const group = groups.get(key) ?? { carrier: label.carrier, sender: label.sender, senderKey, labels: [] };
    group.labels.push(label);
    groups.set(key, group);
  }
  const forms: PlannedForm[] = [];
  for (const group of groups.values()) {
    const count = Math.ceil(group.labels.length / max);
    const size = Math.ceil(group.labels.length / count);
    for (let start = 0; start < group.labels.length; start += size) {
      forms.push({ ...group, labels: group.labels.slice(start, start + size) });
    }
  }
  return forms;
};
