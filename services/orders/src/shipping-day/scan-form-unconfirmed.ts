import { DomainError, ErrorCode } from '@labeldesk/contracts';
import type { ScanFormRecord } from './scan-forms.repository';

/** The first few of a list, and how many more: a refusal stays readable when hundreds were chosen. */
export const listed = (items: readonly string[]): string => (items.length <= 5 ? items.join(', ') : `${items.slice(0, 5).join(', ')} and ${items.length - 5} more`);

const plural = (count: number, word: string): string => `${count} ${word}${count === 1 ? '' : 's'}`;

/**
 * The seller's answer while a carrier may have made SCAN forms it never readably confirmed: which labels, and that
 * they must not go on another form. A 422 (ORDERS_SCAN_FORM_UNAVAILABLE), not a 5xx: asking again changes nothing,
 * and a retry must not look invited.
 */
export const unconfirmedFormsError = (carrierName: (form: Pick<ScanFormRecord, 'carrier'>) => string, forms: readonly Pick<ScanFormRecord, 'carrier' | 'barcode' | 'trackingNumbers'>[]): DomainError => {
  const byCarrier = new Map<string, Array<(typeof forms)[number]>>();
  for (const form of forms) byCarrier.set(carrierName(form), [...(byCarrier.get(carrierName(form)) ?? []), form]);
  const sentences = [...byCarrier].map(([name, ofCarrier]) => {
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
