import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import type { GroupPricesBody, Service } from '@labeldesk/contracts';
import { useState } from 'react';
import type { ReactElement } from 'react';
import { EditIcon } from '../ui/icons';
import { GroupPricesDialog } from './group-prices-dialog';
import { pricedGroups } from './group-prices-text';

interface GroupPricesSectionProps {
  shippingService: Service;
  saveGroupPrices: (body: GroupPricesBody) => Promise<unknown>;
  dialogDescription: string;
}

/** The country groups a service has its own weight tiers for (decision 116), with a button to edit them. */
export const GroupPricesSection = ({ shippingService, saveGroupPrices, dialogDescription }: GroupPricesSectionProps): ReactElement => {
  const [open, setOpen] = useState(false);
  // A new dialog at each opening, so it starts from what is saved.
  const [opening, setOpening] = useState(0);
  const priced = pricedGroups(shippingService.groupPrices);
  return (
    <Stack gap="1" minW="0" data-testid="group-prices">
      <HStack justify="space-between" gap="2" minH="7">
        <Text textStyle="xs" fontWeight="semibold" color="fg.muted" textTransform="uppercase" letterSpacing="wide">
          Prices abroad
        </Text>
        <Button
          size="xs"
          variant="outline"
          colorPalette="gray"
          aria-label={`By country group: prices abroad of ${shippingService.name}`}
          onClick={() => {
            setOpening((count) => count + 1);
            setOpen(true);
          }}
        >
          <EditIcon />
          By country group
        </Button>
      </HStack>
      {priced.length === 0 ? (
        <Text textStyle="xs" color="fg.muted">
          No country group tiers: labels abroad use the pricing above.
        </Text>
      ) : (
        priced.map(({ group, name, summary }) => (
          <Text key={group} textStyle="sm" fontVariantNumeric="tabular-nums" data-testid={`group-prices-${group}`}>
            <Text as="span" color="fg.muted">
              {name}{' '}
            </Text>
            {summary}
          </Text>
        ))
      )}
      <GroupPricesDialog key={opening} shippingService={shippingService} open={open} onClose={() => setOpen(false)} onSave={saveGroupPrices} description={dialogDescription} />
    </Stack>
  );
};
