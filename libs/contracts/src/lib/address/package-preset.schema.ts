import { z } from 'zod';
import { idSchema } from '../common/ids';
import { numberField, positiveNumber, requiredField } from '../common/fields';

/**
 * Package presets (issue 45, "Cheapest boxes"): a seller's saved boxes, with their outer size and their own (tare)
 * weight, apart from SKUs. Picking one on a label fills the size and adds the tare to the parcel's weight.
 */
export const PACKAGE_PRESET_LIMITS = { maxPresets: 50, maxNameLength: 60, maxDimensionIn: 108, maxTareWeightOz: 320 } as const;

const tareWeightField = () =>
  z.preprocess(
    (value) => (value === '' || value === null || value === undefined ? 0 : value),
    numberField('Tare weight').pipe(
      z
        .number()
        .min(0, { error: 'Tare weight must be 0 or more' })
        .max(PACKAGE_PRESET_LIMITS.maxTareWeightOz, { error: `Tare weight must be at most ${PACKAGE_PRESET_LIMITS.maxTareWeightOz} oz` }),
    ),
  );

/** The form of a preset, in the messages the Packages page shows as the seller types. An empty tare weight is 0. */
export const packagePresetFormSchema = z.object({
  name: requiredField('Name', PACKAGE_PRESET_LIMITS.maxNameLength),
  lengthIn: positiveNumber('Length', PACKAGE_PRESET_LIMITS.maxDimensionIn),
  widthIn: positiveNumber('Width', PACKAGE_PRESET_LIMITS.maxDimensionIn),
  heightIn: positiveNumber('Height', PACKAGE_PRESET_LIMITS.maxDimensionIn),
  /** The empty box's weight with its padding, in ounces. */
  tareWeightOz: tareWeightField(),
});
export type PackagePresetForm = z.input<typeof packagePresetFormSchema>;
export type PackagePresetInput = z.output<typeof packagePresetFormSchema>;

export const packagePresetSchema = z.object({
  id: idSchema,
  name: z.string(),
  lengthIn: z.number(),
  widthIn: z.number(),
  heightIn: z.number(),
  tareWeightOz: z.number(),
});
export type PackagePreset = z.infer<typeof packagePresetSchema>;

/** GET /api/packages/{userId}: the user's presets, oldest first. */
export const packagePresetsResponseSchema = z.object({ presets: z.array(packagePresetSchema) });
export type PackagePresetsResponse = z.infer<typeof packagePresetsResponseSchema>;

/**
 * A parcel's weight in pounds with the box's tare added: kept to hundredths of a pound and rounded up, never down, as
 * packageWeightLb does (a parcel declared lighter than it is gets a postage adjustment charged back).
 */
export const weightWithTareLb = (contentsLb: number, tareWeightOz: number): number => {
  const tareLb = Number.isFinite(tareWeightOz) && tareWeightOz > 0 ? tareWeightOz / 16 : 0;
  const exact = (Number.isFinite(contentsLb) && contentsLb > 0 ? contentsLb : 0) + tareLb;
  return Math.ceil(Math.round(exact * 1e6) / 1e4) / 100;
};
