import { Fieldset, RadioGroup, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { PRICING_MODES } from '@labeldesk/contracts';
import type { PricingBody, PricingMode, Service } from '@labeldesk/contracts';
import type { ReactElement } from 'react';
import { FormDialog } from '../ui/form-dialog';
import { FormField } from '../ui/form-field';
import { pricingModeLabel } from './pricing-text';
import { usePricingForm } from './use-pricing-form';

const MODE_HINTS: Readonly<Record<PricingMode, string>> = {
  tiers: 'The weight-tier prices on the card, by billable weight.',
  cost_markup: "The carrier's rate for each parcel plus the markup below; the tiers are kept for later.",
};

const MARKUP_FIELDS = [
  { field: 'markupPercent', label: 'Markup percent (%)', hint: "Of the carrier's cost, 0 to 500, e.g. 12.5" },
  { field: 'markupDollars', label: 'Fixed markup ($)', hint: 'Added to every label, e.g. 0.50' },
] as const;

const asMode = (value: string | null): PricingMode => PRICING_MODES.find((mode) => mode === value) ?? 'tiers';

const PricingModeChoice = ({ value, disabled, onChange }: { value: PricingMode; disabled: boolean; onChange: (mode: PricingMode) => void }): ReactElement => (
  <Fieldset.Root disabled={disabled} gap="0">
    <Fieldset.Legend textStyle="sm" fontWeight="medium" mb="2">
      Pricing mode
    </Fieldset.Legend>
    <RadioGroup.Root size="sm" value={value} onValueChange={(details) => onChange(asMode(details.value))} disabled={disabled}>
      <Stack gap="3">
        {PRICING_MODES.map((mode) => (
          <RadioGroup.Item key={mode} value={mode} alignItems="start">
            <RadioGroup.ItemHiddenInput />
            <RadioGroup.ItemIndicator mt="0.5" />
            <Stack gap="0">
              <RadioGroup.ItemText fontWeight="medium">{pricingModeLabel(mode)}</RadioGroup.ItemText>
              <Text textStyle="xs" color="fg.muted">
                {MODE_HINTS[mode]}
              </Text>
            </Stack>
          </RadioGroup.Item>
        ))}
      </Stack>
    </RadioGroup.Root>
  </Fieldset.Root>
);

interface PricingDialogProps {
  shippingService: Service;
  open: boolean;
  onClose: () => void;
  /** Resolves once the server saved the pricing; rejects with its answer otherwise. */
  onSave: (pricing: PricingBody) => Promise<unknown>;
  /** Under the title: whose prices these are (a user's copy says so). */
  description: string;
}

/**
 * How a service is priced: weight tiers, or the carrier's cost plus a percent and a fixed markup, checked as typed with
 * the server's messages. Give it a new `key` at each opening, so it starts from what is saved, not from what was typed
 * and cancelled last time (and a refetch while it is open never wipes what is being typed).
 */
export const PricingDialog = ({ shippingService, open, onClose, onSave, description }: PricingDialogProps): ReactElement => {
  const { draft, saving, serverError, fieldState, edit, submit } = usePricingForm(shippingService, onSave, onClose);
  return (
    <FormDialog
      title={`Pricing of ${shippingService.name}`}
      open={open}
      onClose={() => !saving && onClose()}
      onSubmit={(event) => void submit(event)}
      submitting={saving}
      submitLabel="Save Pricing"
      submittingLabel="Saving"
      error={serverError}
      formId={`pricing-form-${shippingService._id}`}
    >
      <Text textStyle="sm" color="fg.muted" mt="-2">
        {description}
      </Text>
      <PricingModeChoice value={draft.pricingMode} disabled={saving} onChange={(mode) => edit('pricingMode', mode)} />
      {draft.pricingMode === 'cost_markup' && (
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          {MARKUP_FIELDS.map(({ field, label, hint }) => (
            <FormField
              key={field}
              label={label}
              inputMode="decimal"
              autoComplete="off"
              value={draft[field]}
              disabled={saving}
              state={fieldState(field)}
              helperText={hint}
              onChange={(event) => edit(field, event.target.value)}
            />
          ))}
        </SimpleGrid>
      )}
    </FormDialog>
  );
};
