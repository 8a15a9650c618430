import { Link, Text } from '@chakra-ui/react';
import type { PackagePreset } from '@labeldesk/contracts';
import { useState } from 'react';
import type { ReactElement } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { SelectField } from '../../../components/ui/select-field';
import type { LoadState } from './package-options';
import { presetFill, presetOptionText, type AppliedPreset } from './preset-fill';
import { clampWeight, type OrderFormApi } from './use-order-form';

interface PackagePresetPickerProps {
  form: OrderFormApi;
  presets: readonly PackagePreset[];
  presetsState: LoadState;
}

const PresetHelp = ({ state, presets, applied }: { state: LoadState; presets: readonly PackagePreset[]; applied: AppliedPreset | null }): ReactElement => {
  if (state === 'loading') return <>Loading saved packages…</>;
  if (state === 'error') return <>Saved packages could not be loaded; type the size instead.</>;
  if (presets.length === 0) {
    return (
      <>
        No saved packages yet.{' '}
        <Link asChild color="brand.fg">
          <RouterLink to="/main/packages">Save your boxes in Packages</RouterLink>
        </Link>
      </>
    );
  }
  const picked = applied && presets.find((preset) => preset.id === applied.presetId);
  if (picked && picked.tareWeightOz > 0) return <>Weight includes the {picked.name}&apos;s {picked.tareWeightOz} oz.</>;
  return <>Fills the size and adds the box&apos;s own weight (tare) to the weight.</>;
};

/** A saved box fills the parcel's size and adds its tare to the weight typed so far (issue 45). */
export const PackagePresetPicker = ({ form, presets, presetsState }: PackagePresetPickerProps): ReactElement => {
  const [applied, setApplied] = useState<AppliedPreset | null>(null);
  return (
    <>
      <SelectField
        label="Saved package"
        value={applied?.presetId ?? ''}
        placeholder={presets.length > 0 ? 'Choose a saved package' : 'No saved packages'}
        disabled={presets.length === 0}
        onChange={(id) => {
          const preset = presets.find((item) => item.id === id);
          if (!preset) return;
          const { applied: now, ...fill } = presetFill(preset, form.values.package_weight, applied);
          setApplied(now);
          form.patchValues({ ...fill, package_weight: clampWeight(fill.package_weight, form.maxWeightLb) });
        }}
      >
        {presets.map((preset) => (
          <option key={preset.id} value={preset.id}>
            {presetOptionText(preset)}
          </option>
        ))}
      </SelectField>
      <Text textStyle="xs" color="fg.muted" mt="1.5" data-testid="package-preset-help">
        <PresetHelp state={presetsState} presets={presets} applied={applied} />
      </Text>
    </>
  );
};
