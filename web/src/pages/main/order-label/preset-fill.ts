import { weightWithTareLb, type PackagePreset } from '@labeldesk/contracts';

/** The box picked last, and the weight the form showed once its tare was added. */
export interface AppliedPreset {
  presetId: string;
  tareWeightOz: number;
  weightWithTare: string;
}

export interface PresetFill {
  package_length: string;
  package_width: string;
  package_height: string;
  package_weight: string;
  applied: AppliedPreset;
}

const contentsLb = (weightText: string, previous: AppliedPreset | null): number => {
  const typed = Number(weightText);
  if (weightText.trim() === '' || !Number.isFinite(typed) || typed <= 0) return 0;
  // Another box picked over the last one, the weight untouched since: its tare comes off before the new one goes on.
  if (previous && weightText === previous.weightWithTare) return Math.max(0, typed - previous.tareWeightOz / 16);
  return typed;
};

/**
 * A saved box on the Order Label form: its outer size fills length, width and height, and its tare (ounces) is added to
 * the weight typed so far (the contents), once: picking another box right after swaps the tare instead of adding both.
 */
export const presetFill = (preset: PackagePreset, weightText: string, previous: AppliedPreset | null): PresetFill => {
  const contents = contentsLb(weightText, previous);
  const weight = contents === 0 && preset.tareWeightOz === 0 ? weightText : String(weightWithTareLb(Math.round(contents * 1e6) / 1e6, preset.tareWeightOz));
  return {
    package_length: String(preset.lengthIn),
    package_width: String(preset.widthIn),
    package_height: String(preset.heightIn),
    package_weight: weight,
    applied: { presetId: preset.id, tareWeightOz: preset.tareWeightOz, weightWithTare: weight },
  };
};

/** The box as its option reads: "Small mailer — 9 × 6 × 2 in, 4 oz". */
export const presetOptionText = (preset: PackagePreset): string =>
  `${preset.name} — ${preset.lengthIn} × ${preset.widthIn} × ${preset.heightIn} in${preset.tareWeightOz > 0 ? `, ${preset.tareWeightOz} oz` : ''}`;
