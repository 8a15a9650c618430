import { Card, HStack, Stack, Switch, VisuallyHidden } from '@chakra-ui/react';
import type { GroupPricesBody, PriceTier, PricingBody, Service } from '@labeldesk/contracts';
import { useState } from 'react';
import type { ReactElement } from 'react';
import { GroupPricesSection } from './group-prices-section';
import { PriceTiersEditor, tiersKey } from './price-tiers-editor';
import type { ServicePricing } from './pricing-text';
import { ServiceIdentity } from './service-identity';
import { EditablePricingSection, UnusedTiersNote } from './service-pricing-section';
import { ShippingServiceCardFrame } from './shipping-service-card-frame';
import { ShippingServiceNameField } from './shipping-service-name-field';
import { notifyShippingServiceFailed, notifyShippingServiceSaved } from './shipping-service-toasts';

/** The changes an admin makes to a shipping service; the same card edits a default shipping service or a user's copy. */
export interface ShippingServiceEditActions {
  toggle: (enabled: boolean) => Promise<unknown>;
  rename: (name: string) => Promise<unknown>;
  savePrices: (prices: PriceTier[]) => Promise<unknown>;
  savePricing: (pricing: PricingBody) => Promise<unknown>;
  /** One country group's tiers abroad (decision 116). */
  saveGroupPrices: (body: GroupPricesBody) => Promise<unknown>;
}

interface EditableShippingServiceCardProps {
  shippingService: Service;
  actions: ShippingServiceEditActions;
  /** Whose prices these are, said in the pricing dialog. */
  pricingDescription: string;
  /** A user's copy: its default's pricing, so the card says when the copy is priced otherwise. */
  defaultPricing?: ServicePricing | undefined;
}

/** Runs one change and tells the admin how it went, with the spec's texts (spec 8). */
const withToasts = async (work: () => Promise<unknown>, success: string, failure: string): Promise<boolean> => {
  try {
    await work();
    notifyShippingServiceSaved(success);
    return true;
  } catch (error) {
    notifyShippingServiceFailed(failure, error);
    return false;
  }
};

export const EditableShippingServiceCard = ({ shippingService, actions, pricingDescription, defaultPricing }: EditableShippingServiceCardProps): ReactElement => {
  const [toggling, setToggling] = useState(false);

  const toggle = async (enabled: boolean) => {
    setToggling(true);
    await withToasts(() => actions.toggle(enabled), enabled ? 'Service enabled successfully' : 'Service disabled successfully', 'Failed to update service status');
    setToggling(false);
  };

  return (
    <ShippingServiceCardFrame label={shippingService.name}>
      <Card.Header gap="1">
        <HStack justify="space-between" align="start" gap="3">
          <ShippingServiceNameField
            name={shippingService.name}
            onRename={(name) => withToasts(() => actions.rename(name), 'Service name updated successfully', 'Failed to update service name')}
          />
          <Switch.Root
            size="sm"
            colorPalette="green"
            checked={shippingService.enabled}
            disabled={toggling}
            flexShrink={0}
            onCheckedChange={(details) => void toggle(details.checked)}
          >
            <Switch.HiddenInput />
            <Switch.Control />
            <Switch.Label>
              <VisuallyHidden>{shippingService.name} enabled</VisuallyHidden>
            </Switch.Label>
          </Switch.Root>
        </HStack>
        <ServiceIdentity shippingService={shippingService} />
      </Card.Header>
      <Card.Body>
        <Stack gap="3">
          <EditablePricingSection shippingService={shippingService} defaultPricing={defaultPricing} savePricing={actions.savePricing} dialogDescription={pricingDescription} />
          {shippingService.pricingMode === 'tiers' ? (
            <PriceTiersEditor
              key={tiersKey(shippingService.prices)}
              shippingServiceName={shippingService.name}
              maxWeight={shippingService.maxWeight}
              prices={shippingService.prices}
              onSave={(prices) => withToasts(() => actions.savePrices(prices), 'Service prices updated successfully', 'Failed to update service prices')}
            />
          ) : (
            <UnusedTiersNote />
          )}
          <GroupPricesSection shippingService={shippingService} saveGroupPrices={actions.saveGroupPrices} dialogDescription={pricingDescription} />
        </Stack>
      </Card.Body>
    </ShippingServiceCardFrame>
  );
};
