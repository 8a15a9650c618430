import { Alert, Button, Grid, HStack, Stack, Text } from '@chakra-ui/react';
import type { PriceTier } from '@labeldesk/contracts';
import type { ReactElement } from 'react';
import { PlusIcon, UndoIcon } from '../ui/icons';
import { addTierDraft, tierBounds } from './tier-draft';
import { TIER_COLUMNS, TierRow } from './tier-row';
import { usePriceTiersDraft } from './use-price-tiers-draft';

interface PriceTiersEditorProps {
  shippingServiceName: string;
  maxWeight: number;
  prices: readonly PriceTier[];
  /** Resolves true once the server saved the tiers, false when it refused them. */
  onSave: (prices: PriceTier[]) => Promise<boolean>;
}

/**
 * Give it `key={tiersKey(prices)}`: it starts from the saved tiers and starts over only when the saved tiers change,
 * so a refetch that returns the same tiers never wipes what is being typed.
 */
export const tiersKey = (prices: readonly PriceTier[]): string => JSON.stringify(prices);

const ColumnHeading = ({ children }: { children: string }): ReactElement => (
  <Text textStyle="xs" color="fg.muted" fontWeight="medium">
    {children}
  </Text>
);

/**
 * A shipping service's weight tiers as editable rows (From, To in whole pounds; price in dollars, sent as cents). Save checks
 * the spec's rules first and sends nothing that breaks them; once a save was refused, the checks rerun as you type.
 */
export const PriceTiersEditor = ({ shippingServiceName, maxWeight, prices, onSave }: PriceTiersEditorProps): ReactElement => {
  const { drafts, fieldErrors, rangeError, saving, changed, rangesComplete, change, save, reset } = usePriceTiersDraft(maxWeight, prices, onSave);
  const bounds = tierBounds(maxWeight);

  return (
    <Stack gap="2">
      <Grid templateColumns={TIER_COLUMNS} gap="1.5" alignItems="center" role="group" aria-label={`Price ranges of ${shippingServiceName}`}>
        <ColumnHeading>From (lb)</ColumnHeading>
        <ColumnHeading>To (lb)</ColumnHeading>
        <ColumnHeading>Price ($)</ColumnHeading>
        <span />
        {drafts.map((draft, index) => (
          <TierRow key={draft.key} drafts={drafts} draft={draft} index={index} errors={fieldErrors[draft.key]} bounds={bounds} saving={saving} onChange={change} />
        ))}
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
