import { DomainError } from '@labeldesk/contracts';
import type { CarrierId } from '../../carriers';
import { insuringCarriers, NO_EXTRAS, priceExtras, type ExtrasPrice } from '../../insurance';
import type { NewBulkItem } from '../bulk.rows';

/** The carriers a batch's labels are bought from, whose extras insure its rows: a test batch's are the sandbox's (decision 124). */
export { insuringCarriers };

/** A row's insurance priced as a single label's (decision 102), or why its service cannot be insured here. */
export type RowInsurance = { ok: true; extras: ExtrasPrice } | { ok: false; refusal: string };

/**
 * What insuring a bulk row's label costs (decision 122): the same rule and fee as a single label's, for the service the
 * row was priced at and the carriers labels are bought from. Not insured: no extras.
 */
export const rowInsurance = (service: { uid: string; name: string }, declaredValueCents: number | null | undefined, carriers: readonly CarrierId[]): RowInsurance => {
  if (declaredValueCents === null || declaredValueCents === undefined) return { ok: true, extras: NO_EXTRAS };
  try {
    return { ok: true, extras: priceExtras(service.uid, service.name, { insurance: { declared_value_cents: declaredValueCents } }, carriers) };
  } catch (error) {
    if (error instanceof DomainError) return { ok: false, refusal: error.message };
    throw error;
  }
};

/**
 * The priced rows with their insurance: its fee added to the row's price (so the batch's hold and the label's one
 * charge carry it, and a void refunds it with the label), or the row refused alone with the reason, never held.
 * A row already refused (its customs) stays as it is.
 */
export const insureRows = (items: readonly NewBulkItem[], declared: ReadonlyMap<number, number | null | undefined>, carriers: readonly CarrierId[]): NewBulkItem[] =>
  items.map((item) => {
    if (item.refusal) return item;
    const insured = rowInsurance({ uid: item.serviceUid, name: item.serviceName }, declared.get(item.rowNo), carriers);
    if (!insured.ok) return { ...item, refusal: insured.refusal, uninsurable: true };
    return insured.extras.insuranceCents === 0 ? item : { ...item, priceCents: item.priceCents + insured.extras.insuranceCents };
  });
