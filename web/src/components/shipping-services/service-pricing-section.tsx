import { Badge, Button, HStack, Stack, Text } from '@chakra-ui/react';
import type { PricingBody, Service } from '@labeldesk/contracts';
import { useState } from 'react';
import type { ReactElement, ReactNode } from 'react';
import { EditIcon } from '../ui/icons';
import { PricingDialog } from './pricing-dialog';
import { marginText, pricingDiffers, pricingModeLabel, pricingSummary } from './pricing-text';
import type { ServicePricing } from './pricing-text';
import { notifyShippingServiceSaved } from './shipping-service-toasts';

/** Whether a user's copy is priced as the default of the same service, said in words. */
const DefaultComparison = ({ mine, fallback }: { mine: ServicePricing; fallback: ServicePricing }): ReactElement => {
  if (!pricingDiffers(mine, fallback)) {
    return (
      <Text textStyle="xs" color="fg.muted" data-testid="pricing-comparison">
        Same pricing as the default
      </Text>
    );
  }
  return (
    <Badge colorPalette="orange" variant="surface" whiteSpace="normal" alignSelf="flex-start" data-testid="pricing-comparison">
      Differs from the default: {pricingSummary(fallback)}
    </Badge>
  );
};

/** Why the tier editor is gone while a service is priced from the cost: the tiers are kept, not lost. */
export const UnusedTiersNote = (): ReactElement => (
  <Text textStyle="xs" color="fg.muted" data-testid="unused-tiers-note">
    Priced from the carrier's cost for each parcel. Its weight tiers are kept and apply again if it goes back to weight tiers.
  </Text>
);

interface PricingLineProps {
  shippingService: Service;
  /** A user's copy: the default of the same service, to say whether the copy is priced otherwise. */
  defaultPricing?: ServicePricing | undefined;
}

/** How a service is priced: its mode and, for cost + markup, its margin; `action` sits at the right of its title. */
export const PricingLine = ({ shippingService, defaultPricing, action }: PricingLineProps & { action?: ReactNode }): ReactElement => (
  <Stack gap="1" minW="0" data-testid="service-pricing">
    <HStack justify="space-between" gap="2" minH="7">
      <Text textStyle="xs" fontWeight="semibold" color="fg.muted" textTransform="uppercase" letterSpacing="wide">
        Pricing
      </Text>
      {action}
    </HStack>
    <Text textStyle="sm" fontWeight="medium" data-testid="pricing-mode">
      {pricingModeLabel(shippingService.pricingMode)}
    </Text>
    {shippingService.pricingMode === 'cost_markup' && (
      <Text textStyle="sm" fontVariantNumeric="tabular-nums" data-testid="pricing-margin">
        <Text as="span" color="fg.muted">
          Margin{' '}
        </Text>
        {marginText(shippingService)}
      </Text>
    )}
    {defaultPricing && <DefaultComparison mine={shippingService} fallback={defaultPricing} />}
  </Stack>
);

interface EditablePricingSectionProps extends PricingLineProps {
  savePricing: (pricing: PricingBody) => Promise<unknown>;
  /** Under the dialog's title: whose prices these are. */
  dialogDescription: string;
}

/** The pricing line with a button that opens the pricing dialog. */
export const EditablePricingSection = ({ shippingService, defaultPricing, savePricing, dialogDescription }: EditablePricingSectionProps): ReactElement => {
  const [open, setOpen] = useState(false);
  // A new dialog at each opening, so it starts from what is saved (see PricingDialog).
  const [opening, setOpening] = useState(0);

  const save = async (pricing: PricingBody) => {
    await savePricing(pricing);
    notifyShippingServiceSaved('Service pricing updated successfully');
  };

  return (
    <>
      <PricingLine
        shippingService={shippingService}
        defaultPricing={defaultPricing}
        action={
          <Button
            size="xs"
            variant="outline"
            colorPalette="gray"
            aria-label={`Edit pricing of ${shippingService.name}`}
            onClick={() => {
              setOpening((count) => count + 1);
              setOpen(true);
            }}
          >
            <EditIcon />
            Edit pricing
          </Button>
        }
      />
      <PricingDialog
        key={opening}
        shippingService={shippingService}
        open={open}
        onClose={() => setOpen(false)}
        onSave={save}
        description={dialogDescription}
      />
    </>
  );
};
