import { MAX_DECLARED_VALUE_CENTS, skuFormSchema, skuValueCentsField } from '@labeldesk/contracts';
import type { SkuRecord } from '@labeldesk/contracts';
import { z } from 'zod';
import { centsToDollarInput, dollarInputToCents } from '../../../libs/format';

/**
 * A SKU as the page's form, table and CSV have it: the customs value and the declared value typed in dollars
 * (`12.50`), the API's `valueCents` and `declaredValueCents` once read (decisions 100 and 122). Everything else is the
 * contract's skuFormSchema, the server's own check.
 */
const VALUE_LABEL = 'Customs value';
const DECLARED_LABEL = 'Declared value';

/** Dollars text as cents text for the server; text that is no amount goes as it is, for the server to name. */
export const dollarsAsCentsText = (text: string): string => {
  if (text.trim() === '') return '';
  const cents = dollarInputToCents(text);
  return cents === null ? text : String(cents);
};

/** The value as typed in dollars, checked as the API's cents (the same messages), under the form's `value`. */
const inDollars = <T extends z.ZodType>(field: T) => z.preprocess((value) => (typeof value === 'string' ? dollarsAsCentsText(value) : value), field);

export const skuEntrySchema = skuFormSchema
  .omit({ valueCents: true, declaredValueCents: true })
  .extend({ value: inDollars(skuValueCentsField(VALUE_LABEL)), declaredValue: inDollars(skuValueCentsField(DECLARED_LABEL, MAX_DECLARED_VALUE_CENTS)) })
  .transform(({ value, declaredValue, ...rest }) => ({ ...rest, valueCents: value, declaredValueCents: declaredValue }));

const dollarsOf = (cents: number | null | undefined): string => (cents === null || cents === undefined ? '' : centsToDollarInput(cents));

/** The edit values of a saved SKU's customs defaults and declared value. */
export const skuCustomsValues = (
  sku: Pick<SkuRecord, 'hsTariffNumber' | 'originCountry' | 'valueCents' | 'declaredValueCents'>,
): Record<'hsTariffNumber' | 'originCountry' | 'value' | 'declaredValue', string> => ({
  hsTariffNumber: sku.hsTariffNumber ?? '',
  originCountry: sku.originCountry ?? '',
  value: dollarsOf(sku.valueCents),
  declaredValue: dollarsOf(sku.declaredValueCents),
});
