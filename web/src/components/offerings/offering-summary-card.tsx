import { Card, Heading, Stack, Text } from '@chakra-ui/react';
import type { Service } from '@labeldesk/contracts';
import type { ReactElement } from 'react';
import { ServiceCardFrame } from './offering-card-frame';
import { ServiceStateBadge } from './offering-state-badge';
import { TiersTable } from './tiers-table';

/** A configured service shown for reference only (the defaults, next to a user's own copies). */
export const ServiceSummaryCard = ({ service }: { service: Service }): ReactElement => (
  <ServiceCardFrame label={service.name} muted>
    <Card.Header>
      <Stack direction="row" justify="space-between" align="start" gap="2">
        <Heading as="h3" size="sm" lineHeight="short">
          {service.name}
        </Heading>
        <ServiceStateBadge service={service} />
      </Stack>
      <Text textStyle="xs" color="fg.muted">
        <Text as="span" fontFamily="mono">
          {service.uid}
        </Text>{' '}
        · up to {service.maxWeight} lb
      </Text>
    </Card.Header>
    <Card.Body>
      <TiersTable tiers={service.prices} label={`Prices of ${service.name}`} />
    </Card.Body>
  </ServiceCardFrame>
);
