import { SCAN_FORM_COURIER, unconfirmedFormText, type ScanFormSummary, type TodayFormLabel } from '@labeldesk/contracts';
import { carrierDisplayName } from '../../../components/orders/label-lifecycle-display';

/** Today's labels of one sender address: one SCAN form holds one sender's parcels. */
export interface SenderGroup {
  key: string;
  /** `NAME, 12 MAIN ST, COLUMBUS, OH 43215`, as the form prints it. */
  title: string;
  labels: TodayFormLabel[];
}

const senderKey = (label: TodayFormLabel): string => {
  const { name, street1, city, state, zip } = label.sender;
  return [label.carrier, name, street1, city, state, zip.slice(0, 5)].map((part) => part.trim().replace(/\s+/g, ' ').toUpperCase()).join('|');
};

/** The labels by sender address, each group and its labels in the order given (oldest first). */
export const groupBySender = (labels: readonly TodayFormLabel[]): SenderGroup[] => {
  const groups = new Map<string, SenderGroup>();
  for (const label of labels) {
    const key = senderKey(label);
    const { name, street1, city, state, zip } = label.sender;
    const group = groups.get(key) ?? { key, title: `${name}, ${street1}, ${city}, ${state} ${zip}`, labels: [] };
    group.labels.push(label);
    groups.set(key, group);
  }
  return [...groups.values()];
};

/** What the dialog starts with: every label that may go on a form. */
export const availableIds = (labels: readonly TodayFormLabel[]): Set<string> => new Set(labels.filter((label) => label.state === 'available').map((label) => label.orderId));

/** A group's header checkbox: every available label chosen, some, or none. */
export const groupChoice = (group: SenderGroup, chosen: ReadonlySet<string>): boolean | 'indeterminate' => {
  const available = group.labels.filter((label) => label.state === 'available');
  const picked = available.filter((label) => chosen.has(label.orderId)).length;
  if (picked === 0) return false;
  return picked === available.length ? true : 'indeterminate';
};

/** The choice with one group's available labels all added or all taken out. */
export const withGroup = (chosen: ReadonlySet<string>, group: SenderGroup, on: boolean): Set<string> => {
  const next = new Set(chosen);
  for (const label of group.labels) {
    if (label.state !== 'available') continue;
    if (on) next.add(label.orderId);
    else next.delete(label.orderId);
  }
  return next;
};

export const STATE_TEXT: Record<TodayFormLabel['state'], string> = {
  available: 'Ready',
  voided: 'Voided',
  on_form: 'On a SCAN form',
  on_unconfirmed_form: 'SCAN form not confirmed',
};

/** A SCAN form its carrier has not confirmed, as the seller reads it: what to do, and which labels. */
export interface UnconfirmedNotice {
  key: string;
  text: string;
  trackingNumbers: string[];
}

/** A group's labels held on forms their carrier has not confirmed, or null when it has none. */
export const groupNotice = (group: SenderGroup): UnconfirmedNotice | null => {
  const held = group.labels.filter((label) => label.state === 'on_unconfirmed_form');
  const [first] = held;
  if (!first) return null;
  return { key: group.key, text: unconfirmedFormText(carrierDisplayName(SCAN_FORM_COURIER)), trackingNumbers: held.map((label) => label.trackingNumber) };
};

/** The forms made (their files to download) and, apart, those their carrier has not confirmed, which have no file. */
export const splitForms = (forms: readonly ScanFormSummary[]): { downloads: ScanFormSummary[]; unconfirmed: UnconfirmedNotice[] } => ({
  downloads: forms.filter((form) => form.state === 'created' && form.downloadPath !== null),
  unconfirmed: forms
    .filter((form) => form.state === 'unconfirmed')
    .map((form) => ({ key: form.id, text: unconfirmedFormText(carrierDisplayName(SCAN_FORM_COURIER)), trackingNumbers: form.trackingNumbers })),
});

/** The dialog's words for a day with no label a form can take: why, when other couriers' labels were bought. */
export const emptyDayText = (noFormNeeded: string | undefined): string =>
  noFormNeeded ? `No USPS label was bought today. ${noFormNeeded}` : 'No single label was bought today, so there is nothing for a SCAN form.';
