import { z } from 'zod';
import { numberField, optionalField, textSchema, toText } from '../common/fields';
import { skuCustomsFields, skuCustomsUpdateFields } from './sku-customs.schema';

export * from './sku-customs.schema';

export const SKU_LIMITS = { maxRows: 5_000, maxQty: 10_000, maxWeightLb: 150, maxDimensionIn: 108 } as const;

const greaterThanZero = (label: string, max: number) =>
  numberField(label).pipe(z.number().gt(0, { error: `${label} must be greater than 0` }).max(max, { error: `${label} must be less than ${max}` }));

const packagingWeightField = () =>
  z.preprocess(
    (value) => (value === '' || value === null || value === undefined || (typeof value === 'string' && value.trim() === '') ? 0 : value),
    numberField('Packaging weight').pipe(
      z.number().min(0, { error: 'Packaging weight must be 0 or more' }).max(SKU_LIMITS.maxWeightLb, { error: `Packaging weight must be less than ${SKU_LIMITS.maxWeightLb}` }),
    ),
  );

/**
 * A SKU preset (spec: SKU record) with the spec's messages. A package of n units weighs n × weight + packagingWeight
 * (see packageWeightLb).
 */
export const skuFormSchema = z.object({
  sku: z.preprocess(toText, textSchema('SKU').min(1, { error: 'SKU is required' }).max(64, { error: 'SKU is too long (max 64)' })),
  maxQty: numberField('Max Quantity').pipe(
    z.number().int({ error: 'Max Quantity must be a whole number' }).gt(0, { error: 'Max Quantity must be greater than 0' }).max(SKU_LIMITS.maxQty),
  ),
  /** Weight per unit (lb). The key stays `weight` (spec: SKU record), so existing files and clients keep working. */
  weight: greaterThanZero('Weight', SKU_LIMITS.maxWeightLb),
  /** Packaging weight (lb), once per package; empty is 0. */
  packagingWeight: packagingWeightField(),
  length: greaterThanZero('Length', SKU_LIMITS.maxDimensionIn),
  width: greaterThanZero('Width', SKU_LIMITS.maxDimensionIn),
  height: greaterThanZero('Height', SKU_LIMITS.maxDimensionIn),
  /** What the thing is; also the description its customs item declares (decision 100). */
  description: optionalField('Description', 200),
  ...skuCustomsFields,
});
export type SkuForm = z.input<typeof skuFormSchema>;

export const skuRecordSchema = z.object({
  _id: z.string(),
  sku: z.string(),
  maxQty: z.number().int(),
  /** Weight per unit (lb). */
  weight: z.number(),
  /** Packaging weight (lb), once per package. */
  packagingWeight: z.number(),
  length: z.number(),
  width: z.number(),
  height: z.number(),
  description: z.string().nullable(),
  /** Customs defaults a bulk row abroad is filled from (decision 100); null when not set. */
  hsTariffNumber: z.string().nullable(),
  originCountry: z.string().nullable(),
  /** Value of one unit, integer cents. */
  valueCents: z.number().int().nullable(),
  /** One unit's declared value for insurance, integer cents (decision 122); optional on the wire for an address replica older than it. */
  declaredValueCents: z.number().int().nullable().optional(),
});
export type SkuRecord = z.infer<typeof skuRecordSchema>;

/** Uploads are all or nothing: every bad row is reported with its number (1 = first data row). */
export const skuRowErrorSchema = z.object({ row: z.number().int(), sku: z.string().nullable(), message: z.string() });
export type SkuRowError = z.infer<typeof skuRowErrorSchema>;

// REST (spec 7 "SKUs", under /api/auth): the spec wraps one SKU in `{skuData}` and an upload in `{parsedData}`.

/** GET /api/auth/get-sku/{userId}. */
export const skuListResponseSchema = z.object({ SkuData: z.array(skuRecordSchema) });
export type SkuListResponse = z.infer<typeof skuListResponseSchema>;

/**
 * A change to a SKU. A packaging weight or a customs default left out keeps the stored one: API clients written before it existed send
 * no such field, and silently zeroing it would make every later package of that SKU too light.
 */
export const skuUpdateSchema = skuFormSchema.extend({ packagingWeight: z.undefined().or(packagingWeightField()), ...skuCustomsUpdateFields });
export type SkuUpdate = z.output<typeof skuUpdateSchema>;

/** POST /api/auth/update-sku/{userId}/{id}. */
export const skuBodySchema = z.object({ skuData: skuUpdateSchema });
export type SkuBody = z.input<typeof skuBodySchema>;

/**
 * POST /api/auth/add-sku/{userId}: one SKU (the modal) or every row of a CSV. Rows are checked one by one by the
 * address service (skuFormSchema), so every bad row can be named; here only that they are a list.
 */
export const addSkusBodySchema = z.object({ parsedData: z.array(z.unknown(), { error: 'parsedData must be a list of SKU rows' }) });
export type AddSkusBody = z.input<typeof addSkusBodySchema>;

export const addSkusResponseSchema = z.object({ added: z.array(skuRecordSchema) });
export type AddSkusResponse = z.infer<typeof addSkusResponseSchema>;
