import { Alert, Button, Grid, HStack, IconButton, Input, Stack, Text } from '@chakra-ui/react';
import type { PriceTier } from '@labeldesk/contracts';
import { useMemo, useState } from 'react';
import type { ReactElement } from 'react';
import { centsToDollarInput, dollarInputToCents } from '../../libs/format';
import { PlusIcon, TrashIcon, UndoIcon } from '../ui/icons';
import { addTierDraft, checkTierDrafts, removeTierDraft, tierBounds, tierDraftsChanged, tierDraftsFrom, updateTierDraft } from './tier-draft';
import type { TierDraft, TierField, TierFieldErrors } from './tier-draft';

interface PriceTiersEditorProps {
  shippingServiceName: string;
  maxWeight: number;
  prices: readonly PriceTier[];
  /** Resolves true once the server saved the tiers, false when it refused them. */
  onSave: (prices: PriceTier[]) => Promise<boolean>;
}

const COLUMNS = 'minmax(0, 1fr) minmax(0, 1fr) minmax(0, 1.3fr) auto';

type ErrorsByKey = Record<string, TierFieldErrors>;

const errorsByKey = (drafts: readonly TierDraft[], errors: readonly TierFieldErrors[]): ErrorsByKey =>
  Object.fromEntries(drafts.map((draft, index) => [draft.key, errors[index] ?? {}]));

/**
 * Give it `key={tiersKey(prices)}`: it starts from the saved tiers and starts over only when the saved tiers change,
 * so a refetch that returns the same tiers never wipes what is being typed.
 */
export const tiersKey = (prices: readonly PriceTier[]): string => JSON.stringify(prices);

/**
 * A shipping service's weight tiers as editable rows (From, To in whole pounds; price in dollars, sent as cents). Save checks
 * the spec's rules first and sends nothing that breaks them; once a save was refused, the checks rerun as you type.
 */
export const PriceTiersEditor = ({ shippingServiceName, maxWeight, prices, onSave }: PriceTiersEditorProps): ReactElement => {
  const [drafts, setDrafts] = useState<TierDraft[]>(() => tierDraftsFrom(prices));
  const [fieldErrors, setFieldErrors] = useState<ErrorsByKey>({});
  const [rangeError, setRangeError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const [saving, setSaving] = useState(false);

  const bounds = tierBounds(maxWeight);
  const changed = useMemo(() => tierDraftsChanged(drafts, prices), [drafts, prices]);
  const highestEnd = drafts.reduce((max, draft) => Math.max(max, Number.parseInt(draft.toWeight, 10) || 0), 0);
  const rangesComplete = highestEnd >= maxWeight;

  const showCheck = (next: readonly TierDraft[]) => {
    const result = checkTierDrafts(next, maxWeight);
    setFieldErrors(result.ok ? {} : errorsByKey(next, result.fieldErrors));
    setRangeError(result.ok ? null : result.rangeError);
    return result;
  };

  const change = (next: TierDraft[]) => {
    setDrafts(next);
    if (checking) showCheck(next);
  };

  const save = async () => {
    if (saving) return;
    setChecking(true);
    const result = showCheck(drafts);
    if (!result.ok) return;
    setSaving(true);
    await onSave(result.tiers);
    setSaving(false);
  };

  const reset = () => {
    setDrafts(tierDraftsFrom(prices));
    setFieldErrors({});
    setRangeError(null);
    setChecking(false);
  };

  const input = (draft: TierDraft, index: number, field: TierField, label: string, limits: { min: number; max?: number; step?: number }) => (
    <Input
      size="xs"
      type="number"
      inputMode={field === 'price' ? 'decimal' : 'numeric'}
      textAlign="end"
      aria-label={`${label}, range ${index + 1}`}
      aria-invalid={fieldErrors[draft.key]?.[field] ? true : undefined}
      min={limits.min}
      max={limits.max}
      step={limits.step ?? 1}
      value={draft[field]}
      disabled={saving}
      onChange={(event) => change(updateTierDraft(drafts, draft.key, field, event.target.value))}
      onBlur={() => {
        // Prices read as money: 8.5 becomes 8.50 once the field is left.
        if (field !== 'price') return;
        const cents = dollarInputToCents(draft.price);
        if (cents !== null) change(updateTierDraft(drafts, draft.key, 'price', centsToDollarInput(cents)));
      }}
    />
  );

  return (
    <Stack gap="2">
      <Grid templateColumns={COLUMNS} gap="1.5" alignItems="center" role="group" aria-label={`Price ranges of ${shippingServiceName}`}>
        <Text textStyle="xs" color="fg.muted" fontWeight="medium">
          From (lb)
        </Text>
        <Text textStyle="xs" color="fg.muted" fontWeight="medium">
          To (lb)
        </Text>
        <Text textStyle="xs" color="fg.muted" fontWeight="medium">
          Price ($)
        </Text>
        <span />
        {drafts.map((draft, index) => {
          const errors = Object.values(fieldErrors[draft.key] ?? {});
          return (
            <Grid key={draft.key} gridColumn="1 / -1" templateColumns={COLUMNS} gap="1.5" alignItems="center" data-testid="tier-row">
              {input(draft, index, 'fromWeight', 'From (lb)', bounds.fromWeight)}
              {input(draft, index, 'toWeight', 'To (lb)', bounds.toWeight)}
              {input(draft, index, 'price', 'Price ($)', bounds.price)}
              <IconButton
                size="xs"
                variant="ghost"
                colorPalette="gray"
                aria-label={`Remove range ${index + 1}`}
                title="Remove range"
                disabled={saving}
                onClick={() => change(removeTierDraft(drafts, draft.key))}
              >
                <TrashIcon />
              </IconButton>
              {errors.length > 0 && (
                <Text gridColumn="1 / -1" textStyle="xs" color="fg.error">
                  {errors.join('. ')}
                </Text>
              )}
            </Grid>
          );
        })}
      </Grid>

      <Button
        size="xs"
        variant="outline"
        colorPalette="gray"
        alignSelf="flex-start"
        disabled={saving || rangesComplete}
        title={rangesComplete ? `The ranges already reach ${maxWeight} lb: lower the last To first` : `Add a range up to ${maxWeight} lb`}
        onClick={() => change(addTierDraft(drafts, maxWeight))}
      >
        <PlusIcon />
        Add Range
      </Button>

      {rangeError && (
        <Alert.Root status="error" size="sm" role="alert">
          <Alert.Indicator />
          <Alert.Description>{rangeError}</Alert.Description>
        </Alert.Root>
      )}

      <HStack justify="flex-end" gap="2" pt="1">
        <Button size="xs" variant="ghost" colorPalette="gray" onClick={reset} disabled={!changed || saving}>
          <UndoIcon />
          Reset
        </Button>
        <Button size="xs" onClick={() => void save()} disabled={!changed} loading={saving} loadingText="Saving">
          Save Prices
        </Button>
      </HStack>
    </Stack>
  );
};
