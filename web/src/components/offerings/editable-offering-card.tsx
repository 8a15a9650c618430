import { Card, HStack, Stack, Switch, Text, VisuallyHidden } from '@chakra-ui/react';
import type { PriceTier, Service } from '@labeldesk/contracts';
import { useState } from 'react';
import type { ReactElement } from 'react';
import { PriceTiersEditor, tiersKey } from './price-tiers-editor';
import { ServiceCardFrame } from './offering-card-frame';
import { ServiceNameField } from './offering-name-field';
import { ServiceStateBadge } from './offering-state-badge';
import { notifyServiceFailed, notifyServiceSaved } from './offering-toasts';

/** The three changes an admin makes to a service; the same card edits a default service or a user's copy. */
export interface ServiceEditActions {
  toggle: (enabled: boolean) => Promise<unknown>;
  rename: (name: string) => Promise<unknown>;
  savePrices: (prices: PriceTier[]) => Promise<unknown>;
}

/** Runs one change and tells the admin how it went, with the spec's texts (spec 8). */
const withToasts = async (work: () => Promise<unknown>, success: string, failure: string): Promise<boolean> => {
  try {
    await work();
    notifyServiceSaved(success);
    return true;
  } catch (error) {
    notifyServiceFailed(failure, error);
    return false;
  }
};

export const EditableServiceCard = ({ service, actions }: { service: Service; actions: ServiceEditActions }): ReactElement => {
  const [toggling, setToggling] = useState(false);

  const toggle = async (enabled: boolean) => {
    setToggling(true);
    await withToasts(() => actions.toggle(enabled), enabled ? 'Service enabled successfully' : 'Service disabled successfully', 'Failed to update service status');
    setToggling(false);
  };

  return (
    <ServiceCardFrame label={service.name}>
      <Card.Header gap="1">
        <HStack justify="space-between" align="start" gap="3">
          <ServiceNameField
            name={service.name}
            onRename={(name) => withToasts(() => actions.rename(name), 'Service name updated successfully', 'Failed to update service name')}
          />
          <Switch.Root
            size="sm"
            colorPalette="green"
            checked={service.enabled}
            disabled={toggling}
            flexShrink={0}
            onCheckedChange={(details) => void toggle(details.checked)}
          >
            <Switch.HiddenInput />
            <Switch.Control />
            <Switch.Label>
              <VisuallyHidden>{service.name} enabled</VisuallyHidden>
            </Switch.Label>
          </Switch.Root>
        </HStack>
        <HStack justify="space-between" gap="2">
          <Text textStyle="xs" color="fg.muted" minW="0" truncate>
            <Text as="span" fontFamily="mono">
              {service.uid}
            </Text>{' '}
            · up to {service.maxWeight} lb
          </Text>
          <ServiceStateBadge service={service} />
        </HStack>
      </Card.Header>
      <Card.Body>
        <Stack gap="2">
          <PriceTiersEditor
            key={tiersKey(service.prices)}
            serviceName={service.name}
            maxWeight={service.maxWeight}
            prices={service.prices}
            onSave={(prices) => withToasts(() => actions.savePrices(prices), 'Service prices updated successfully', 'Failed to update service prices')}
          />
        </Stack>
      </Card.Body>
    </ServiceCardFrame>
  );
};
