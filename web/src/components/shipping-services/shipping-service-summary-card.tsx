import { Card, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import type { Service } from '@labeldesk/contracts';
import type { ReactElement } from 'react';
import { courierOfUid } from '../../libs/courier-of-uid';
import { CarrierMark } from '../couriers/carrier-mark';
import { PricingLine, UnusedTiersNote } from './service-pricing-section';
import { ShippingServiceCardFrame } from './shipping-service-card-frame';
import { ShippingServiceStateBadge } from './shipping-service-state-badge';
import { TiersTable } from './tiers-table';

/** A configured shipping service shown for reference only (the defaults, next to a user's own copies). */
export const ShippingServiceSummaryCard = ({ shippingService }: { shippingService: Service }): ReactElement => (
  <ShippingServiceCardFrame label={shippingService.name} muted>
    <Card.Header>
      <Stack direction="row" justify="space-between" align="start" gap="2">
        <Heading as="h3" size="sm" lineHeight="short">
          {shippingService.name}
        </Heading>
        <ShippingServiceStateBadge shippingService={shippingService} />
      </Stack>
      <HStack gap="2">
        <CarrierMark carrier={courierOfUid(shippingService.uid)} />
        <Text textStyle="xs" color="fg.muted" minW="0" truncate>
          <Text as="span" fontFamily="mono">
            {shippingService.uid}
          </Text>{' '}
          · up to {shippingService.maxWeight} lb
        </Text>
      </HStack>
    </Card.Header>
    <Card.Body>
      <Stack gap="3">
        <PricingLine shippingService={shippingService} />
        {shippingService.pricingMode === 'tiers' ? <TiersTable tiers={shippingService.prices} label={`Prices of ${shippingService.name}`} /> : <UnusedTiersNote />}
      </Stack>
    </Card.Body>
  </ShippingServiceCardFrame>
);
