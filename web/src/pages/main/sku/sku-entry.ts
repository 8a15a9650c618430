import { skuFormSchema, skuValueCentsField } from '@labeldesk/contracts';
import type { SkuRecord } from '@labeldesk/contracts';
import { z } from 'zod';
import { centsToDollarInput, dollarInputToCents } from '../../../libs/format';

/**
 * A SKU as the page's form, table and CSV have it: the customs value typed in dollars (`12.50`), the API's
 * `valueCents` once read (decision 100). Everything else is the contract's skuFormSchema, the server's own check.
 */
const VALUE_LABEL = 'Customs value';

/** Dollars text as cents text for the server; text that is no amount goes as it is, for the server to name. */
export const dollarsAsCentsText = (text: string): string => {
  if (text.trim() === '') return '';
  const cents = dollarInputToCents(text);
  return cents === null ? text : String(cents);
};

/** The value as typed in dollars, checked as the API's cents (the same messages), under the form's `value`. */
const valueInDollars = z.preprocess((value) => (typeof value === 'string' ? dollarsAsCentsText(value) : value), skuValueCentsField(VALUE_LABEL));

export const skuEntrySchema = skuFormSchema
  .omit({ valueCents: true })
  .extend({ value: valueInDollars })
  .transform(({ value, ...rest }) => ({ ...rest, valueCents: value }));

/** The edit values of a saved SKU's customs defaults. */
export const skuCustomsValues = (sku: Pick<SkuRecord, 'hsTariffNumber' | 'originCountry' | 'valueCents'>): Record<'hsTariffNumber' | 'originCountry' | 'value', string> => ({
  hsTariffNumber: sku.hsTariffNumber ?? '',
  originCountry: sku.originCountry ?? '',
  value: sku.valueCents === null ? '' : centsToDollarInput(sku.valueCents),
});
