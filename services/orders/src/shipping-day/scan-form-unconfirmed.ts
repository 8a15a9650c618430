import { DomainError, ErrorCode } from '@labeldesk/contracts';
import type { ScanFormRecord } from './scan-forms.repository';

/** The first few of a list, and how many more: a refusal stays readable when hundreds were chosen. */
export const listed = (items: readonly string[]): string => (items.length <= 5 ? items.join(', ') : `${items.slice(0, 5).join(', ')} and ${items.length - 5} more`);

const plural = (count: number, word: string): string => `${count} ${word}${count === 1 ? '' : 's'}`;

/** A carrier's name as the seller reads it (`USPS`). */
type CarrierName = (form: Pick<ScanFormRecord, 'carrier'>) => string;

/** The forms by their carrier's name, in the order met. */
const byCarrierName = <F extends Pick<ScanFormRecord, 'carrier'>>(carrierName: CarrierName, forms: readonly F[]): Map<string, F[]> => {
  const grouped = new Map<string, F[]>();
  for (const form of forms) grouped.set(carrierName(form), [...(grouped.get(carrierName(form)) ?? []), form]);
  return grouped;
};

/**
 * The seller's answer while a carrier may have made SCAN forms it never readably confirmed: which labels, and that
 * they must not go on another form. A 422 (ORDERS_SCAN_FORM_UNAVAILABLE), not a 5xx: asking again changes nothing,
 * and a retry must not look invited.
 */
export const unconfirmedFormsError = (carrierName: CarrierName, forms: readonly Pick<ScanFormRecord, 'carrier' | 'barcode' | 'trackingNumbers'>[]): DomainError => {
  const sentences = [...byCarrierName(carrierName, forms)].map(([name, ofCarrier]) => {
    const tracking = ofCarrier.flatMap((form) => form.trackingNumbers);
    const numbers = ofCarrier.map((form) => form.barcode).filter((barcode): barcode is string => barcode !== null);
    const what = ofCarrier.length === 1 ? 'a SCAN form' : `${ofCarrier.length} SCAN forms`;
    const numbered = numbers.length > 0 ? ` (number ${numbers.join(', ')})` : '';
    return (
      `${name} may have made ${what}${numbered} for ${plural(tracking.length, 'label')} (${listed(tracking)}), but its answer could not be read. ` +
      `${ofCarrier.length === 1 ? 'Its' : 'Their'} labels are kept as on a form and an operator has been alerted: do not hand them over on another form.`
    );
  });
  return new DomainError(ErrorCode.ORDERS_SCAN_FORM_UNAVAILABLE, sentences.join(' '));
};

/**
 * What a download of made forms says of the forms beside them that a carrier has not confirmed: the file holds only
 * the made ones, and the labels of the others must not go on another form.
 */
export const unconfirmedNotice = (carrierName: CarrierName, forms: readonly Pick<ScanFormRecord, 'carrier' | 'trackingNumbers'>[]): string =>
  [...byCarrierName(carrierName, forms)]
    .map(([name, ofCarrier]) => {
      const tracking = ofCarrier.flatMap((form) => form.trackingNumbers);
      const what = ofCarrier.length === 1 ? 'one more SCAN form' : `${ofCarrier.length} more SCAN forms`;
      return (
        `This file holds only the SCAN forms ${name} made. ${name} has not confirmed ${what}, for ${plural(tracking.length, 'label')} (${listed(tracking)}); ` +
        'an operator is checking it. Do not hand these labels over on another form.'
      );
    })
    .join(' ');
