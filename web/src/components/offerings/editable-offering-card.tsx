import { Card, HStack, Stack, Switch, Text, VisuallyHidden } from '@chakra-ui/react';
import type { PriceTier, Service } from '@labeldesk/contracts';
import { useState } from 'react';
import type { ReactElement } from 'react';
import { PriceTiersEditor, tiersKey } from './price-tiers-editor';
import { OfferingCardFrame } from './offering-card-frame';
import { OfferingNameField } from './offering-name-field';
import { OfferingStateBadge } from './offering-state-badge';
import { notifyOfferingFailed, notifyOfferingSaved } from './offering-toasts';

/** The three changes an admin makes to an offering; the same card edits a default offering or a user's copy. */
export interface OfferingEditActions {
  toggle: (enabled: boolean) => Promise<unknown>;
  rename: (name: string) => Promise<unknown>;
  savePrices: (prices: PriceTier[]) => Promise<unknown>;
}

/** Runs one change and tells the admin how it went, with the spec's texts (spec 8). */
const withToasts = async (work: () => Promise<unknown>, success: string, failure: string): Promise<boolean> => {
  try {
    await work();
    notifyOfferingSaved(success);
    return true;
  } catch (error) {
    notifyOfferingFailed(failure, error);
    return false;
  }
};

export const EditableOfferingCard = ({ offering, actions }: { offering: Service; actions: OfferingEditActions }): ReactElement => {
  const [toggling, setToggling] = useState(false);

  const toggle = async (enabled: boolean) => {
    setToggling(true);
    await withToasts(() => actions.toggle(enabled), enabled ? 'Service enabled successfully' : 'Service disabled successfully', 'Failed to update service status');
    setToggling(false);
  };

  return (
    <OfferingCardFrame label={offering.name}>
      <Card.Header gap="1">
        <HStack justify="space-between" align="start" gap="3">
          <OfferingNameField
            name={offering.name}
            onRename={(name) => withToasts(() => actions.rename(name), 'Service name updated successfully', 'Failed to update service name')}
          />
          <Switch.Root
            size="sm"
            colorPalette="green"
            checked={offering.enabled}
            disabled={toggling}
            flexShrink={0}
            onCheckedChange={(details) => void toggle(details.checked)}
          >
            <Switch.HiddenInput />
            <Switch.Control />
            <Switch.Label>
              <VisuallyHidden>{offering.name} enabled</VisuallyHidden>
            </Switch.Label>
          </Switch.Root>
        </HStack>
        <HStack justify="space-between" gap="2">
          <Text textStyle="xs" color="fg.muted" minW="0" truncate>
            <Text as="span" fontFamily="mono">
              {offering.uid}
            </Text>{' '}
            · up to {offering.maxWeight} lb
          </Text>
          <OfferingStateBadge offering={offering} />
        </HStack>
      </Card.Header>
      <Card.Body>
        <Stack gap="2">
          <PriceTiersEditor
            key={tiersKey(offering.prices)}
            offeringName={offering.name}
            maxWeight={offering.maxWeight}
            prices={offering.prices}
            onSave={(prices) => withToasts(() => actions.savePrices(prices), 'Service prices updated successfully', 'Failed to update service prices')}
          />
        </Stack>
      </Card.Body>
    </OfferingCardFrame>
  );
};
