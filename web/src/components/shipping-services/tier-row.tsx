import { Grid, IconButton, Input, Text } from '@chakra-ui/react';
import type { ReactElement } from 'react';
import { centsToDollarInput, dollarInputToCents } from '../../libs/format';
import { TrashIcon } from '../ui/icons';
import { removeTierDraft, type tierBounds, updateTierDraft } from './tier-draft';
import type { TierDraft, TierField, TierFieldErrors } from './tier-draft';

/** The editor's grid: From, To, Price and the remove button. */
export const TIER_COLUMNS = 'minmax(0, 1fr) minmax(0, 1fr) minmax(0, 1.3fr) auto';

interface TierRowProps {
  drafts: TierDraft[];
  draft: TierDraft;
  index: number;
  errors: TierFieldErrors | undefined;
  bounds: ReturnType<typeof tierBounds>;
  saving: boolean;
  onChange: (next: TierDraft[]) => void;
}

interface TierInputProps extends TierRowProps {
  field: TierField;
  label: string;
}

const TierInput = ({ drafts, draft, index, errors, bounds, saving, onChange, field, label }: TierInputProps): ReactElement => {
  const limits: { min: number; max?: number; step?: number } = bounds[field];
  return (
    <Input
      size="xs"
      type="number"
      inputMode={field === 'price' ? 'decimal' : 'numeric'}
      textAlign="end"
      aria-label={`${label}, range ${index + 1}`}
      aria-invalid={errors?.[field] ? true : undefined}
      min={limits.min}
      max={limits.max}
      step={limits.step ?? 1}
      value={draft[field]}
      disabled={saving}
      onChange={(event) => onChange(updateTierDraft(drafts, draft.key, field, event.target.value))}
      onBlur={() => {
        // Prices read as money: 8.5 becomes 8.50 once the field is left.
        if (field !== 'price') return;
        const cents = dollarInputToCents(draft.price);
        if (cents !== null) onChange(updateTierDraft(drafts, draft.key, 'price', centsToDollarInput(cents)));
      }}
    />
  );
};

/** One weight range: its three inputs, its remove button, and what is wrong with it. */
export const TierRow = (props: TierRowProps): ReactElement => {
  const { drafts, draft, index, errors, saving, onChange } = props;
  const messages = Object.values(errors ?? {});
  return (
    <Grid gridColumn="1 / -1" templateColumns={TIER_COLUMNS} gap="1.5" alignItems="center" data-testid="tier-row">
      <TierInput {...props} field="fromWeight" label="From (lb)" />
      <TierInput {...props} field="toWeight" label="To (lb)" />
      <TierInput {...props} field="price" label="Price ($)" />
      <IconButton
        size="xs"
        variant="ghost"
        colorPalette="gray"
        aria-label={`Remove range ${index + 1}`}
        title="Remove range"
        disabled={saving}
        onClick={() => onChange(removeTierDraft(drafts, draft.key))}
      >
        <TrashIcon />
      </IconButton>
      {messages.length > 0 && (
        <Text gridColumn="1 / -1" textStyle="xs" color="fg.error">
          {messages.join('. ')}
        </Text>
      )}
    </Grid>
  );
};
