import { z } from 'zod';
import { numberField, toText } from '../common/fields';
import { customsItemSchema } from '../orders/customs.schema';
import { MAX_DECLARED_VALUE_CENTS } from '../orders/extra-services.schema';

/**
 * A SKU's customs defaults (issue 46, decision 100): what a bulk row to another country declares for each unit of
 * it. All optional: a SKU shipped only at home needs none, and a row abroad missing one is refused by row. The HS
 * number and the origin are read as a customs item reads them (same rules, same messages).
 */

/** The most one unit may declare: $100,000, far above any parcel's, only to keep typos out. */
export const SKU_MAX_VALUE_CENTS = 10_000_000;

const isEmpty = (value: unknown): boolean => {
  const read = toText(value);
  return read === '' || value === null;
};

/** Digits only, 6 to 10 (`6109.10.0012` is kept as `6109100012`); empty is none. */
const hsTariffNumberField = customsItemSchema.shape.hs_tariff_number;

/** An ISO 3166-1 alpha-2 code, read from a code or an English name ('cn', 'China'); empty is none. */
const originCountryField = z.preprocess((value) => (isEmpty(value) ? null : value), customsItemSchema.shape.origin_country.nullable());

/** One unit's declared value in integer cents; empty is none. */
export const skuValueCentsField = (label = 'Customs value', maxCents = SKU_MAX_VALUE_CENTS) =>
  z.preprocess(
    (value) => (isEmpty(value) ? null : value),
    numberField(label)
      .pipe(
        z
          .number()
          .int({ error: `${label} must be whole cents` })
          .gt(0, { error: `${label} must be greater than 0` })
          .max(maxCents, { error: `${label} must be at most $${maxCents / 100}` }),
      )
      .nullable(),
  );

/** The customs defaults of a new SKU: empty or missing is none. */
export const skuCustomsFields = {
  hsTariffNumber: hsTariffNumberField,
  originCountry: originCountryField,
  valueCents: skuValueCentsField(),
  /** One unit's declared value for insurance (decision 122), at most what one label may be insured for: a bulk row insures its units × this when its own column is blank. */
  declaredValueCents: skuValueCentsField('Declared value', MAX_DECLARED_VALUE_CENTS),
};

/**
 * The same in a change: a field left out keeps the stored value (API clients written before these fields send none,
 * and must not wipe what the page saved); an empty one clears it.
 */
export const skuCustomsUpdateFields = {
  // The HS field reads undefined as none (null), so "left out" is told apart before it: a union whose refusal is the
  // field's own message, not the union's 'Invalid input'.
  hsTariffNumber: z.union([z.undefined(), hsTariffNumberField], { error: (issue) => hsTariffNumberField.safeParse(issue.input).error?.issues[0]?.message }).optional(),
  originCountry: originCountryField.optional(),
  valueCents: skuValueCentsField().optional(),
  declaredValueCents: skuValueCentsField('Declared value', MAX_DECLARED_VALUE_CENTS).optional(),
};
