import { Card, Heading, Stack } from '@chakra-ui/react';
import type { Service } from '@labeldesk/contracts';
import type { ReactElement } from 'react';
import { ServiceIdentity } from './service-identity';
import { PricingLine, UnusedTiersNote } from './service-pricing-section';
import { ShippingServiceCardFrame } from './shipping-service-card-frame';
import { TiersTable } from './tiers-table';

/** A configured shipping service shown for reference only (the defaults, next to a user's own copies). */
export const ShippingServiceSummaryCard = ({ shippingService }: { shippingService: Service }): ReactElement => (
  <ShippingServiceCardFrame label={shippingService.name} muted>
    <Card.Header gap="1">
      <Heading as="h3" size="sm" lineHeight="short">
        {shippingService.name}
      </Heading>
      <ServiceIdentity shippingService={shippingService} />
    </Card.Header>
    <Card.Body>
      <Stack gap="3">
        <PricingLine shippingService={shippingService} />
        {shippingService.pricingMode === 'tiers' ? <TiersTable tiers={shippingService.prices} label={`Prices of ${shippingService.name}`} /> : <UnusedTiersNote />}
      </Stack>
    </Card.Body>
  </ShippingServiceCardFrame>
);
