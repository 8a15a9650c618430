import { z } from 'zod';
import { countryCodeOf, countryName, isCountryCode } from '../address-rules/countries';
import { numberField, oneLine, optionalField, requiredField, textSchema, toText } from '../common/fields';
import { formatUsd } from '../common/money';

/**
 * Customs on an international label (issue 46, decision 098), named like the spec's order fields. One schema for the
 * single order, the bulk row and the SKU's defaults; the rules that need the receiver (when customs is required, HS
 * numbers to the EU, the US export filing) are `customsProblems`, added to an order by `withCustomsRules`.
 */
export const CONTENTS_TYPES = ['merchandise', 'gift', 'documents', 'sample', 'returned_goods', 'other'] as const;
export type ContentsType = (typeof CONTENTS_TYPES)[number];
export const NON_DELIVERY_OPTIONS = ['return', 'abandon'] as const;
export type NonDeliveryOption = (typeof NON_DELIVERY_OPTIONS)[number];
/** The bare enums, for a form's select (the fields below also read "Returned goods" as returned_goods). */
export const contentsTypeSchema = z.enum(CONTENTS_TYPES);
export const nonDeliveryOptionSchema = z.enum(NON_DELIVERY_OPTIONS);
/** DDU: the receiver pays duties and taxes; DDP: the sender does (where the carrier offers it). */
export const INCOTERMS = ['DDU', 'DDP'] as const;
export type Incoterm = (typeof INCOTERMS)[number];

/** The most items one customs declaration takes (USPS and EasyPost both stop at 30 lines; a CN22 prints fewer). */
export const MAX_CUSTOMS_ITEMS = 30;

/** The US export exemption for a shipment whose every Schedule B line is worth $2,500 or less (15 CFR 30.37(a)). */
export const NOEEI_30_37_A = 'NOEEI 30.37(a)';
/** Exports to Canada need no EEI filing whatever their value, unless licensed (15 CFR 30.36). */
export const NOEEI_30_36 = 'NOEEI 30.36';
/** Above this, per Schedule B line, the export must be filed in AES and its ITN printed on the declaration. */
export const EEI_LINE_LIMIT_CENTS = 250_000;

/** The EU's 27 members: the EU's customs system (ICS2) refuses a parcel whose items lack an HS code. */
export const EU_COUNTRIES: ReadonlySet<string> = new Set([
  'AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'DE', 'GR', 'HU', 'IE', 'IT', 'LV', 'LT', 'LU', 'MT', 'NL', 'PL', 'PT', 'RO',
  'SK', 'SI', 'ES', 'SE',
]);

/**
 * US destinations a customs declaration goes to too (USPS DMM 608.2.4): military and diplomatic post offices
 * (APO/FPO/DPO: AA, AE, AP) and the territories outside the US customs area (American Samoa, Guam, Northern
 * Mariana Islands). Puerto Rico and the US Virgin Islands take none from the mainland.
 */
export const CUSTOMS_US_STATES: ReadonlySet<string> = new Set(['AA', 'AE', 'AP', 'AS', 'GU', 'MP']);

const enumField = <T extends readonly [string, ...string[]]>(values: T, label: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' ? oneLine(value).toLowerCase().replace(/[\s-]+/g, '_') : value),
    z.enum(values, { error: `${label} must be one of ${values.join(', ')}` }),
  );

/** An HS tariff number as people write it ("6109.10.0012", "6109 10") kept as its digits: 6 (international) to 10 (US). */
const hsNumberField = (label = 'HS tariff number') =>
  z.preprocess(
    (value) => {
      const read = toText(value);
      if (typeof read !== 'string') return read;
      const digits = read.replace(/[\s.-]/g, '');
      return digits === '' ? null : digits;
    },
    textSchema(label).regex(/^\d{6,10}$/, { error: `${label} must be 6 to 10 digits, e.g. 6109.10` }).nullable(),
  );

/** A country of origin: a code or English name, read as its ISO 3166-1 alpha-2 code; required (never guessed). */
const customsOriginField = (label = 'Origin country') =>
  z.preprocess(
    (value) => {
      const read = toText(value);
      return typeof read === 'string' && read !== '' ? (countryCodeOf(read) ?? read) : read;
    },
    textSchema(label).min(1, { error: `${label} is required` }).refine(isCountryCode, { error: `${label} must be a country, e.g. US or China` }),
  );

const wholeCount = (label: string, max: number) =>
  numberField(label).pipe(
    z.number().int({ error: `${label} must be a whole number` }).min(1, { error: `${label} must be at least 1` }).max(max, { error: `${label} must be at most ${max}` }),
  );

/**
 * One line of the declaration. `value_cents` and `weight_lb` are the line's totals (all its quantity), as a CN22 and
 * EasyPost's customs_item read them.
 */
export const customsItemSchema = z.object({
  description: requiredField('Item description', 100),
  quantity: wholeCount('Item quantity', 10_000),
  value_cents: numberField('Item value').pipe(
    z.number().int({ error: 'Item value must be whole cents' }).min(1, { error: 'Item value must be at least 1 cent' }).max(100_000_000, { error: 'Item value is too large' }),
  ),
  weight_lb: numberField('Item weight').pipe(z.number().gt(0, { error: 'Item weight must be greater than 0' }).max(150, { error: 'Item weight must be at most 150 lb' })),
  hs_tariff_number: hsNumberField().optional().transform((value) => value ?? null),
  origin_country: customsOriginField(),
});
export type CustomsItem = z.output<typeof customsItemSchema>;
export type CustomsItemInput = z.input<typeof customsItemSchema>;

/** A declaration's lines: at least one, at most MAX_CUSTOMS_ITEMS. */
const itemsOf = <T extends z.ZodType>(item: T) =>
  z
    .array(item, { error: 'Customs items must be a list' })
    .min(1, { error: 'Customs needs at least one item' })
    .max(MAX_CUSTOMS_ITEMS, { error: `Customs takes at most ${MAX_CUSTOMS_ITEMS} items` });

/** The declaration's fields but its items (a typed declaration's, or a single order's naming SKUs). */
const declarationFields = z.object({
  contents_type: enumField(CONTENTS_TYPES, 'Contents type'),
  contents_explanation: optionalField('Contents explanation', 255).optional().transform((value) => value ?? null),
  non_delivery_option: enumField(NON_DELIVERY_OPTIONS, 'Non-delivery option').default('return'),
  incoterm: z
    .preprocess((value) => (typeof value === 'string' ? oneLine(value).toUpperCase() || undefined : (value ?? undefined)), z.enum(INCOTERMS, { error: 'Incoterm must be DDU or DDP' }).optional())
    .transform((value) => value ?? null),
  signer: requiredField('Customs signer', 100),
  eel_pfc: optionalField('EEL/PFC', 50).optional().transform((value) => value ?? null),
  itn: z
    .preprocess(
      (value) => {
        const read = toText(value);
        return typeof read === 'string' ? read.replace(/^AES\s*/i, '').replace(/\s+/g, '').toUpperCase() || null : (read ?? null);
      },
      // An AES Internal Transaction Number: X, the filing date (yyyymmdd) and six digits.
      textSchema('ITN').regex(/^X\d{14}$/, { error: 'ITN must be X followed by 14 digits, e.g. X20260115123456' }).nullable(),
    )
    .optional()
    .transform((value) => value ?? null),
});

/** `contents_explanation` is required when the contents are `other`. */
const explainedOther = (customs: { contents_type: ContentsType; contents_explanation: string | null }, ctx: z.RefinementCtx): void => {
  if (customs.contents_type === 'other' && !customs.contents_explanation) {
    ctx.addIssue({ code: 'custom', path: ['contents_explanation'], message: 'Contents explanation is required when the contents are other' });
  }
};

/** The declaration, on its own; `contents_explanation` is required when the contents are `other`. */
export const customsSchema = declarationFields.extend({ items: itemsOf(customsItemSchema) }).superRefine(explainedOther);
export type Customs = z.output<typeof customsSchema>;
export type CustomsInput = z.input<typeof customsSchema>;

/**
 * A line of a single order's declaration (decision 126): a whole item as above, or one naming the caller's SKU
 * (`{sku, quantity}`), whose description, value, weight, HS number and origin orders fills from the SKU's customs
 * defaults (value and weight: the unit's times the quantity), any field sent overriding the SKU's. A line without a
 * SKU needs every field, with the same messages as `customsItemSchema`.
 */
export const orderCustomsItemSchema = customsItemSchema
  .partial()
  .extend({
    sku: z
      .preprocess((value) => (value === '' || value === null ? undefined : value), requiredField('Item SKU', 64).optional())
      .describe("One of your SKUs: the fields left out are filled from its customs defaults (value and weight: the unit's times quantity)"),
    quantity: customsItemSchema.shape.quantity,
  })
  .describe('A customs line: every field but hs_tariff_number, or sku and quantity with any field overriding the SKU’s')
  .transform((item, ctx) => {
    if (item.sku !== undefined) return item;
    // Read as a whole item, so a typed line is the same value (and an order's request hash the same) as before SKUs.
    const whole = customsItemSchema.safeParse(item);
    if (whole.success) return { ...whole.data, sku: undefined };
    for (const issue of whole.error.issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    return z.NEVER;
  });
export type OrderCustomsItem = z.output<typeof orderCustomsItemSchema>;

/** A single order's declaration: `customsSchema` whose items may name the caller's SKUs (decision 126). */
export const orderCustomsSchema = declarationFields.extend({ items: itemsOf(orderCustomsItemSchema) }).superRefine(explainedOther);
export type OrderCustoms = z.output<typeof orderCustomsSchema>;

/** Whether a declaration names SKUs that orders fills before its rules can be checked (decision 126). */
export const namesSkus = (customs: OrderCustoms): boolean => customs.items.some((item) => item.sku !== undefined);

/** One Schedule B line: the items of one HS number (an item without one is a line of its own). */
export interface ScheduleBLine {
  hsTariffNumber: string | null;
  descriptions: string[];
  valueCents: number;
}

/** The items as Schedule B lines, the first six digits of the HS number deciding the line (the international part). */
export const scheduleBLines = (items: readonly Pick<CustomsItem, 'description' | 'value_cents' | 'hs_tariff_number'>[]): ScheduleBLine[] => {
  const lines = new Map<string, ScheduleBLine>();
  items.forEach((item, index) => {
    const key = item.hs_tariff_number ? `hs:${item.hs_tariff_number}` : `item:${index}`;
    const line = lines.get(key) ?? { hsTariffNumber: item.hs_tariff_number, descriptions: [], valueCents: 0 };
    line.descriptions.push(item.description);
    line.valueCents += item.value_cents;
    lines.set(key, line);
  });
  return [...lines.values()];
};

/** What the US export filing needs: an exemption to print, or an ITN because a line is over $2,500. */
export type EeiFiling = { kind: 'exempt'; eelPfc: string } | { kind: 'itn_required'; linesOver: ScheduleBLine[] };

/**
 * The export filing for these items to this country: `NOEEI 30.36` to Canada, `NOEEI 30.37(a)` when every Schedule B
 * line is worth $2,500 or less, else an ITN is required (the lines over the limit say why).
 */
export const eeiFilingFor = (items: readonly Pick<CustomsItem, 'description' | 'value_cents' | 'hs_tariff_number'>[], country?: string): EeiFiling => {
  if (country === 'CA') return { kind: 'exempt', eelPfc: NOEEI_30_36 };
  const linesOver = scheduleBLines(items).filter((line) => line.valueCents > EEI_LINE_LIMIT_CENTS);
  return linesOver.length === 0 ? { kind: 'exempt', eelPfc: NOEEI_30_37_A } : { kind: 'itn_required', linesOver };
};

/** What the declaration prints as EEL/PFC: the filed ITN (`AES X…`), else the exemption the items qualify for. */
export const eelPfcFor = (customs: Pick<Customs, 'items' | 'itn' | 'eel_pfc'>, country: string): string => {
  if (customs.itn) return `AES ${customs.itn}`;
  const filing = eeiFilingFor(customs.items, country);
  return filing.kind === 'exempt' ? (customs.eel_pfc ?? filing.eelPfc) : '';
};

/** Whether a label to this receiver needs customs: abroad, and to APO/FPO/DPO and the territories that take it. */
export const customsRequiredFor = (receiver: { country: string; state: string }): boolean =>
  receiver.country !== 'US' || CUSTOMS_US_STATES.has(receiver.state.trim().toUpperCase());

export interface CustomsProblem {
  /** The path under the order's `customs` (`[]` for the declaration itself). */
  path: (string | number)[];
  message: string;
}

const lineName = (line: ScheduleBLine): string =>
  line.hsTariffNumber ? `the Schedule B line ${line.hsTariffNumber} (${line.descriptions.join(', ')})` : `the line ${line.descriptions.join(', ')}`;

/**
 * No colon in these messages: the Order Label page shows a server message from after its first colon (spec 8).
 * The rules a declaration meets for its receiver, before any money moves: present where required, an HS tariff
 * number on every item to the EU (naming the item), and an ITN when a Schedule B line is over $2,500.
 */
export const customsProblems = (customs: Customs | null | undefined, receiver: { country: string; state: string }): CustomsProblem[] => {
  if (!customs) {
    if (!customsRequiredFor(receiver)) return [];
    const where = receiver.country === 'US' ? `${receiver.state.toUpperCase()} (a military or territory address)` : countryName(receiver.country);
    return [{ path: [], message: `Customs is required for a label to ${where}; add the contents, the items and who signs` }];
  }
  const problems: CustomsProblem[] = [];
  if (EU_COUNTRIES.has(receiver.country)) {
    customs.items.forEach((item, index) => {
      if (!item.hs_tariff_number) {
        problems.push({
          path: ['items', index, 'hs_tariff_number'],
          message: `Item ${index + 1} (${item.description}) needs an HS tariff number of 6 to 10 digits; ${countryName(receiver.country)} requires one for every item`,
        });
      }
    });
  }
  const filing = eeiFilingFor(customs.items, receiver.country);
  if (filing.kind === 'itn_required' && !customs.itn) {
    const over = filing.linesOver.map((line) => `${lineName(line)} is worth ${formatUsd(line.valueCents)}`).join('; ');
    problems.push({
      path: ['itn'],
      message: `An ITN is required because ${over}, over ${formatUsd(EEI_LINE_LIMIT_CENTS)}. File the export in AESDirect and enter its ITN`,
    });
  }
  return problems;
};
